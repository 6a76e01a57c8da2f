/**
 * The README is what a newcomer trusts first: every file or folder it names in backticks exists, every
 * `npm run` script it names is in package.json, and every migration it names by number is in the folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUSH_DATA_KEYS } from '../../src/domain/push';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>);

const ROOTS = /^(?:\.ci|src|server|test|public)\//;
/** The entity the scaffold's example makes: the files it would write are named, not kept. */
const example = /npm run new:entity -- ([a-z]\w*)/.exec(readme)![1];
/** Backticked words that are paths of this repository (a `<placeholder>` stands for any name). */
const backticked = [...readme.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]).filter((word) => ROOTS.test(word) && !word.includes(example));

/** The project layout's tree: each line's first word under the folders above it (by indentation). */
function layoutPaths(): string[] {
  const tree = /## Project layout\s+```\n([\s\S]*?)```/.exec(readme)![1];
  const folders: { depth: number; name: string }[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match || match[1].length > 20) continue; // a description's second line
    const depth = match[1].length;
    while (folders.length && folders[folders.length - 1].depth >= depth) folders.pop();
    const parent = folders.map((folder) => folder.name).join('');
    // 'main.ts, app.ts' names two files.
    for (const name of line.trim().split(/\s{2,}/)[0].split(', ')) paths.push(parent + name);
    if (match[2].endsWith('/')) folders.push({ depth, name: match[2] });
  }
  return paths;
}

const namedPaths = [...new Set([...backticked, ...layoutPaths()])];

/** The path, or for one with a placeholder, its folder: `server/db/migrations/<next>_x.ts` needs the migrations folder. */
const mustExist = (path: string) => {
  const cut = path.search(/[<*{]/);
  return cut < 0 ? path : dirname(path.slice(0, cut) + 'x');
};

describe('the README', () => {
  it('names paths that exist', () => {
    expect(namedPaths.length).toBeGreaterThan(20);
    expect(namedPaths.filter((path) => !existsSync(join(root, mustExist(path.replace(/[#:].*$/, '')))))).toEqual([]);
  });

  it('names npm scripts that exist', () => {
    const named = [...new Set([...readme.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]))];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('names migrations that exist', () => {
    const migrations = readdirSync(join(root, 'server/db/migrations')).map((file) => file.replace(/\.ts$/, ''));
    const named = [...new Set([...readme.matchAll(/\b(\d{4}_[a-z_]+)\b/g)].map((match) => match[1]))];
    expect(named.length).toBeGreaterThan(2);
    expect(named.filter((name) => !migrations.includes(name))).toEqual([]);
  });

  it("lists the push's data keys as src/domain/push.ts declares them, each with its words", () => {
    const section = /### What a push carries\n([\s\S]*?)\n### /.exec(readme)![1];
    const rows = [...section.matchAll(/^\| (\w+) \| `(\w+)` \| (.+) \|$/gm)].map(([, push, key, what]) => [push, key, what]);
    const declared = Object.entries(PUSH_DATA_KEYS).flatMap(([push, keys]) => Object.entries(keys).map(([key, what]) => [push, key, what]));
    expect(rows).toEqual(declared);
  });
});
