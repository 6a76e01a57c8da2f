/**
 * `npm run new:entity` on a copy of the project: what it writes for a new entity, and that a bad
 * argument is refused with a clear message and leaves every file as it was.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScaffoldError } from '../../server/scaffold/parse';
import { scaffoldEntity } from '../../server/scaffold/write';

const REPO = join(import.meta.dirname, '../..');
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'crease-scaffold-'));
  for (const dir of ['src', 'server']) cpSync(join(REPO, dir), join(root, dir), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every file under the copy with its text, to show that a refused run changed nothing. */
function snapshot(): Record<string, string> {
  const all: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else all[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return all;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('new:entity', () => {
  it('writes the declaration, a migration, the resource folder\'s module (the generic screens) and two tests, and registers the entity once on each side', () => {
    const migrations = readdirSync(join(root, 'server/db/migrations')).sort();
    const next = String(Number(migrations.at(-1)!.slice(0, 4)) + 1).padStart(4, '0');
    const { written, edited } = scaffoldEntity(root, ['partners', 'name:text:required', 'website:url', 'logo:image', 'tier:choice:Gold,Silver,Bronze', 'isActive:boolean']);

    expect(written.sort()).toEqual(
      [
        'src/domain/entities/partners.ts',
        `server/db/migrations/${next}_partners.ts`,
        'src/resources/partners/index.ts',
        'test/server/partners.test.ts',
        'test/ui/partners.test.tsx',
      ].sort(),
    );
    expect(edited).toEqual(['src/domain/entities/index.ts', 'src/resources/index.ts']);
    expect(read('src/domain/entities/index.ts').match(/partners/g)).toHaveLength(2);
    expect(read('src/domain/entities/index.ts')).toContain("export { partners } from './partners';");
    // The module is imported once and listed last among the league's resources, so its menu entry comes before the office's own.
    expect(read('src/resources/index.ts').match(/partners/g)).toHaveLength(3);
    expect(read('src/resources/index.ts')).toContain("import partners from './partners';");
    expect(read('src/resources/index.ts')).toMatch(/\n {2}matches,\n {2}partners,\n\] as const;\n/);
    expect(read('src/resources/partners/index.ts')).toContain('export default entityModule(partners, { icon: LabelIcon });');

    const declaration = read('src/domain/entities/partners.ts');
    expect(declaration).toContain("name: { kind: 'text', label: 'Name', required: true }");
    expect(declaration).toContain("tier: { kind: 'choice', label: 'Tier', choices: ['Gold', 'Silver', 'Bronze'] }");
    expect(declaration).toContain("isActive: { kind: 'boolean', label: 'Active', default: true }");
    expect(declaration).toContain("list: { search: ['name'], filters: ['tier', 'isActive'], sort: ['name', 'tier'] }");
    const migration = read(`server/db/migrations/${next}_partners.ts`);
    expect(migration).toContain('name text not null,');
    expect(migration).toContain('is_active boolean not null default true,');
    expect(migration).toContain('create trigger partners_touch_updated_at');
  });

  it('names a reference column after its field and points it at the declared table', () => {
    scaffoldEntity(root, ['partners', 'name:text:required']);
    scaffoldEntity(root, ['contracts', 'title:text', 'partner:ref:partners:required', 'signed:date', 'value:number']);
    const migration = readdirSync(join(root, 'server/db/migrations')).find((file) => file.endsWith('_contracts.ts'))!;
    const text = read(`server/db/migrations/${migration}`);
    expect(text).toContain('partner_id uuid references partners (id) on delete set null,');
    expect(text).toContain('signed date,');
    expect(text).toContain('value integer,');
    expect(read('src/domain/entities/contracts.ts')).toContain("partner: { kind: 'ref', label: 'Partner', required: true, to: 'partners' }");
  });

  const refusals: [string[], RegExp][] = [
    [[], /Name the entity/],
    [['Partners', 'name:text'], /not an entity name/],
    [['teams', 'name:text'], /"teams" is taken/],
    [['videos', 'title:text'], /"videos" is taken/],
    [['sport', 'name:text'], /"sport" is taken/],
    [['dashboard', 'name:text'], /"dashboard" is taken/],
    [['partners'], /at least one field/],
    [['partners', 'name:colour'], /"colour" in "name:colour" is not a field type/],
    [['partners', 'Name:text'], /not a field name/],
    [['partners', 'createdAt:date'], /already has/],
    [['partners', 'tier:choice'], /choice field lists its values/],
    [['partners', 'tier:choice:Gold,,Silver'], /choice field lists its values/],
    [['partners', 'team:ref:nowhere'], /"nowhere" is not one/],
    [['partners', 'isActive:boolean:required'], /cannot be required/],
    [['partners', 'name:text:mandatory'], /only ":required"/],
    [['partners', 'name:text', 'name:url'], /given twice/],
    [['partners', 'name:text:min=two'], /only ":required" and ":min=<number>" may follow, not ":min=two"/],
    [['partners', 'team:ref:teams:where=isActive'], /only ":required" and ":min=<number>" may follow, not ":where=isActive"/],
    [['partners', 'name:text:min=0'], /min=<number> is the fewest characters/],
    [['partners', 'isActive:boolean:min=1'], /min=<number> is the fewest characters/],
  ];
  it.each(refusals)('refuses %j with a clear message and writes nothing', (args, message) => {
    const before = snapshot();
    expect(() => scaffoldEntity(root, args)).toThrow(ScaffoldError);
    expect(() => scaffoldEntity(root, args)).toThrow(message);
    expect(snapshot()).toEqual(before);
  });

  it('takes a minimum, in either order with :required: a text\'s fewest characters, a number\'s smallest value', () => {
    scaffoldEntity(root, ['partners', 'name:text:min=3:required', 'tier:choice:Gold,Silver:required', 'seats:number:min=10']);
    const declaration = read('src/domain/entities/partners.ts');
    expect(declaration).toContain("name: { kind: 'text', label: 'Name', required: true, minLength: 3 },");
    expect(declaration).toContain("tier: { kind: 'choice', label: 'Tier', required: true, choices: ['Gold', 'Silver'] },");
    expect(declaration).toContain("seats: { kind: 'number', label: 'Seats', min: 10 },");
    // The demo rows keep the rules they are seeded under.
    expect(declaration).toMatch(/seats: 11\b/);
  });

  it('refuses to write anything when it cannot find where RESOURCES lists the league\'s modules', () => {
    writeFileSync(join(root, 'src/resources/index.ts'), read('src/resources/index.ts').replace('const LEAGUE = [', 'const LEAGUE_RESOURCES = ['));
    const before = snapshot();
    expect(() => scaffoldEntity(root, ['partners', 'name:text:required'])).toThrow(/src\/resources\/index\.ts has no `const LEAGUE = \[` list/);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a second run for the same entity and leaves the first one as it was', () => {
    scaffoldEntity(root, ['partners', 'name:text:required']);
    const before = snapshot();
    expect(() => scaffoldEntity(root, ['partners', 'name:text:required'])).toThrow(/"partners" is taken/);
    expect(snapshot()).toEqual(before);
    expect(existsSync(join(root, 'src/resources/partners/index.ts'))).toBe(true);
  });
});
