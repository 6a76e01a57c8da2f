/**
 * `new:entity`: checks the arguments against what the project holds, then writes the entity's
 * files and registers it twice: in the domain's list of declarations, and its module in the admin
 * app's RESOURCES. Nothing is written unless everything can be.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseEntity, ScaffoldError, type EntitySpec } from './parse';
import { declarationFile, migrationFile, resourceIndexFile, serverTestFile, uiTestFile } from './templates';

const DOMAIN_REGISTRY = 'src/domain/entities/index.ts';
const RESOURCE_REGISTRY = 'src/resources/index.ts';
const MIGRATIONS = 'server/db/migrations';

const files = (root: string, dir: string) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []);

/** Every name an entity could collide with: resource folders, declared entities, tables, and the first segment of every route. */
function takenNames(root: string): { names: Set<string>; tables: Map<string, string> } {
  // Declared entities are those the registry exports (`export { sponsors } from './sponsors';`).
  const declared = new Map<string, string>();
  for (const [, file] of readFileSync(join(root, DOMAIN_REGISTRY), 'utf8').matchAll(/from '\.\/([\w-]+)'/g)) {
    const source = readFileSync(join(root, 'src/domain/entities', `${file}.ts`), 'utf8');
    const name = /\bname: '([a-z][a-z0-9]*)'/.exec(source)?.[1];
    if (!name) continue;
    declared.set(name, /\btable: '(\w+)'/.exec(source)?.[1] ?? name);
  }
  const names = new Set<string>([...declared.keys(), ...declared.values(), ...files(root, 'src/resources')]);
  for (const file of files(root, 'src/domain/entities')) names.add(file.replace(/\.ts$/, ''));
  const schema = readFileSync(join(root, 'server/db/schema.ts'), 'utf8');
  for (const [, table] of schema.matchAll(/^ {2}(\w+): \w+Table;$/gm)) names.add(table);
  const routeSources = ['server/routes', 'server/routes/admin', 'server/routes/app', 'server/plugins', 'src/routing']
    .flatMap((dir) => files(root, dir).filter((file) => file.endsWith('.ts') || file.endsWith('.tsx')).map((file) => join(dir, file)))
    .concat(['server/app.ts', 'src/App.tsx', 'src/main.tsx']);
  for (const source of routeSources) {
    if (!existsSync(join(root, source))) continue;
    for (const [, segment] of readFileSync(join(root, source), 'utf8').matchAll(/['"`]\/([a-z][a-z0-9-]*)/g)) names.add(segment);
  }
  return { names, tables: declared };
}

const nextMigration = (root: string, name: string) => {
  const numbers = files(root, MIGRATIONS).map((file) => Number(/^(\d{4})_/.exec(file)?.[1] ?? 0));
  return `${String(Math.max(0, ...numbers) + 1).padStart(4, '0')}_${name}.ts`;
};

/** The domain's registry with the declaration's export line last. */
const exportDeclaration = (text: string, name: string) =>
  `${text.replace(/\nexport \{\};\n$/, '\n').replace(/([^\n])$/, '$1\n')}export { ${name} } from './${name}';\n`;

/** RESOURCES with the module imported after the last import and listed last among the league's (before the office's own pages). */
function listModule(text: string, name: string): string | undefined {
  const imports = /^(?:import .*\n)+/m.exec(text);
  const league = /^const LEAGUE = \[\n(?:.*\n)*?(?=\] as const;)/m.exec(text);
  if (!imports || !league || league.index < imports.index) return undefined;
  const afterImports = imports.index + imports[0].length;
  const afterLeague = league.index + league[0].length;
  return `${text.slice(0, afterImports)}import ${name} from './${name}';\n${text.slice(afterImports, afterLeague)}  ${name},\n${text.slice(afterLeague)}`;
}

/** The files to write (path → text) and the registries to edit (path → their new text). */
export function plan(root: string, args: readonly string[]): { spec: EntitySpec; files: Record<string, string>; registries: Record<string, string> } {
  const { names, tables } = takenNames(root);
  const spec = parseEntity(args, { names, declared: new Set(tables.keys()) });
  const folder = `src/resources/${spec.name}`;
  const planned: Record<string, string> = {
    [`src/domain/entities/${spec.name}.ts`]: declarationFile(spec),
    [`${MIGRATIONS}/${nextMigration(root, spec.name)}`]: migrationFile(spec, (entity) => tables.get(entity) ?? entity),
    [`${folder}/index.ts`]: resourceIndexFile(spec),
    [`test/server/${spec.name}.test.ts`]: serverTestFile(spec),
    [`test/ui/${spec.name}.test.tsx`]: uiTestFile(spec),
  };
  for (const path of Object.keys(planned)) if (existsSync(join(root, path))) throw new ScaffoldError(`${path} exists already; nothing was written.`);
  if (existsSync(join(root, folder))) throw new ScaffoldError(`${folder} exists already; nothing was written.`);
  for (const registry of [DOMAIN_REGISTRY, RESOURCE_REGISTRY]) if (!existsSync(join(root, registry))) throw new ScaffoldError(`${registry} is missing; run this from the project's folder.`);
  const resources = listModule(readFileSync(join(root, RESOURCE_REGISTRY), 'utf8'), spec.name);
  if (!resources) throw new ScaffoldError(`${RESOURCE_REGISTRY} has no \`const LEAGUE = [\` list after its imports to add the module to; nothing was written.`);
  const registries = {
    [DOMAIN_REGISTRY]: exportDeclaration(readFileSync(join(root, DOMAIN_REGISTRY), 'utf8'), spec.name),
    [RESOURCE_REGISTRY]: resources,
  };
  return { spec, files: planned, registries };
}

/** Writes what `plan` found; answers the paths written and edited. */
export function scaffoldEntity(root: string, args: readonly string[]): { written: string[]; edited: string[] } {
  const { files: planned, registries } = plan(root, args);
  for (const [path, text] of Object.entries({ ...planned, ...registries })) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { written: Object.keys(planned), edited: Object.keys(registries) };
}
