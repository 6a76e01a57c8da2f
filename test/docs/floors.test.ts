/**
 * The server's floors as the README describes them (SERVER_FLOORS in eslint.config.js): an import from a
 * floor above fails `npm run lint`, a type-only one too; one from the same floor or below passes; and every
 * file and folder of server/ stands on a floor, so none escapes the rule.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });
const RULE = 'import-x/no-restricted-paths';

/** The floor rule's complaints about `code` as if it were the file at `filePath` (which need not exist). */
async function floorErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === RULE);
}

describe("the server's floors", () => {
  it('refuse an import from a floor above, a type-only one too', async () => {
    expect(await floorErrors('server/repositories/probe.ts', "import { registerRoutes } from '../routes/index';\nexport { registerRoutes };\n")).toHaveLength(1);
    expect(await floorErrors('server/repositories/probe.ts', "import type { RouteOptions } from '../routes/options';\nexport type Probe = RouteOptions;\n")).toHaveLength(1);
    expect(await floorErrors('server/db/probe.ts', "export { loadConfig } from '../config';\n")).toHaveLength(1);
  });

  it('let an import from the same floor or below through', async () => {
    const code = "import { isId } from '../repositories/ids';\nimport { registerRoutes } from './index';\nimport jobs from '../jobs/runner';\nexport { isId, registerRoutes, jobs };\n";
    expect(await floorErrors('server/routes/probe.ts', code)).toEqual([]);
  });

  it('hold every file and folder of server/', async () => {
    const config = (await eslint.calculateConfigForFile(join(root, 'server/main.ts'))) as { rules: Record<string, [unknown, { zones: { target: string[]; from: string }[] }]> };
    const placed = new Set(config.rules[RULE][1].zones.flatMap((zone) => [...zone.target, zone.from]));
    const entries = readdirSync(join(root, 'server')).map((entry) => `server/${entry}`);
    expect(entries.filter((entry) => !placed.has(entry))).toEqual([]);
  });
});
