/**
 * The files `new:entity` writes for an entity: its declaration, its migration, its resource
 * folder's index.ts and its two tests. Everything else (routes, schemas, repository, screens,
 * menu, fake, seed) is derived from the declaration, so these stay short.
 */
import type { EntitySpec, FieldSpec } from './parse';

const ORDINALS = ['first', 'second', 'third'];
const SORTABLE = new Set(['text', 'email', 'number', 'date', 'choice']);
const SEARCHED = new Set(['text', 'longtext', 'email']);
const FILTERED = new Set(['choice', 'boolean', 'ref']);

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const columnOf = (field: FieldSpec) => snake(field.name) + (field.kind === 'ref' ? '_id' : '');

function fieldLine(field: FieldSpec): string {
  const parts = [`kind: '${field.kind}'`, `label: ${quote(field.label)}`];
  if (field.required) parts.push('required: true');
  if (field.minLength !== undefined) parts.push(`minLength: ${field.minLength}`);
  if (field.min !== undefined) parts.push(`min: ${field.min}`);
  if (field.choices) parts.push(`choices: [${field.choices.map(quote).join(', ')}]`);
  if (field.to) parts.push(`to: ${quote(field.to)}`);
  if (field.kind === 'boolean') parts.push('default: true');
  return `    ${field.name}: { ${parts.join(', ')} },`;
}

/** A demo value for the `i`-th row (0-based); images and references are left for an admin to set. */
function demoValue(spec: EntitySpec, field: FieldSpec, i: number): string | undefined {
  const n = i + 1;
  switch (field.kind) {
    case 'text':
      return quote((field.name === spec.title ? `${spec.one} ${['One', 'Two', 'Three'][i]}` : `${field.label} ${n}`).padEnd(field.minLength ?? 0, '.'));
    case 'longtext':
      return quote(`The ${field.label.toLowerCase()} of the ${ORDINALS[i]} ${spec.one.toLowerCase()}.`);
    case 'richtext':
      return quote(`<p>The ${field.label.toLowerCase()} of the ${ORDINALS[i]} ${spec.one.toLowerCase()}.</p>`);
    case 'url':
      return quote(`https://example.com/${spec.name}/${n}`);
    case 'email':
      return quote(`contact${n}@example.com`);
    case 'number':
      return String((field.min ?? 0) + n);
    case 'date':
      return quote(`2026-0${n}-15`);
    case 'boolean':
      return String(i < 2);
    case 'choice':
      return quote(field.choices![i % field.choices!.length]);
    default:
      return undefined;
  }
}

export function declarationFile(spec: EntitySpec): string {
  const listed = (keep: Set<string>) => spec.fields.filter((field) => keep.has(field.kind)).map((field) => quote(field.name));
  const list = [`search: [${listed(SEARCHED).join(', ')}]`];
  const filters = listed(FILTERED);
  if (filters.length) list.push(`filters: [${filters.join(', ')}]`);
  const sort = listed(SORTABLE);
  if (sort.length) list.push(`sort: [${sort.join(', ')}]`);
  const demo = ORDINALS.map((_, i) => {
    const values = spec.fields.flatMap((field) => {
      const value = demoValue(spec, field, i);
      return value === undefined ? [] : [`${field.name}: ${value}`];
    });
    return `    { ${values.join(', ')} },`;
  });
  return [
    `/** ${spec.many}: declared once; the API, the screens, the fake and the demo league follow from this. */`,
    `import { defineEntity } from '../entity';`,
    ``,
    `export const ${spec.name} = defineEntity({`,
    `  name: '${spec.name}',`,
    `  label: { one: ${quote(spec.one)}, many: ${quote(spec.many)} },`,
    `  fields: {`,
    ...spec.fields.map(fieldLine),
    `  },`,
    `  title: '${spec.title}',`,
    `  list: { ${list.join(', ')} },`,
    `  versioned: true,`,
    `  menu: { label: ${quote(spec.many)}, addLabel: ${quote(`Add ${spec.one}`)} },`,
    `  demo: [`,
    ...demo,
    `  ],`,
    `});`,
    ``,
  ].join('\n');
}

const SQL_TYPE: Record<FieldSpec['kind'], string> = {
  text: 'text',
  longtext: 'text',
  richtext: 'text',
  url: 'text',
  email: 'text',
  choice: 'text',
  image: 'text',
  number: 'integer',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
  ref: 'uuid',
};

/** Images and references may be empty in the table (a demo row has neither); the forms require them where declared. */
function columnLine(field: FieldSpec, tableOf: (entity: string) => string): string {
  const column = `      ${columnOf(field)} ${SQL_TYPE[field.kind]}`;
  if (field.kind === 'boolean') return `${column} not null default true,`;
  if (field.kind === 'ref') return `${column} references ${tableOf(field.to!)} (id) on delete set null,`;
  return `${column}${field.required && field.kind !== 'image' ? ' not null' : ''},`;
}

export function migrationFile(spec: EntitySpec, tableOf: (entity: string) => string): string {
  const t = spec.name;
  const indexes = ['created_at', ...spec.fields.filter((field) => SORTABLE.has(field.kind)).map(columnOf)];
  return [
    `import { sql, type Kysely } from 'kysely';`,
    ``,
    `/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later schema types */`,
    ``,
    `/** ${spec.many} (declared in src/domain/entities/${t}.ts). */`,
    `export async function up(db: Kysely<any>): Promise<void> {`,
    `  await sql\``,
    `    create table ${t} (`,
    `      id uuid primary key default gen_random_uuid(),`,
    ...spec.fields.map((field) => columnLine(field, tableOf)),
    `      created_at timestamptz not null default date_trunc('milliseconds', now()),`,
    `      updated_at timestamptz not null default date_trunc('milliseconds', now())`,
    `    )`,
    `  \`.execute(db);`,
    ...indexes.map((column) => `  await sql\`create index ${t}_${column} on ${t} (${column}, id)\`.execute(db);`),
    `  await sql\`create trigger ${t}_touch_updated_at before update on ${t} for each row execute function touch_updated_at()\`.execute(db);`,
    `}`,
    ``,
    `export async function down(db: Kysely<any>): Promise<void> {`,
    `  await db.schema.dropTable('${t}').execute();`,
    `}`,
    ``,
  ].join('\n');
}

/**
 * The resource folder's index.ts: its module (src/resources/module.ts), the generic screens over
 * the declaration. An entity's own parts (a value, a card, an input) go in views of its own, passed
 * as its `views` as news does.
 */
export function resourceIndexFile(spec: EntitySpec): string {
  return [
    `/** ${spec.many} (src/domain/entities/${spec.name}.ts): the generic screens; views of its own go in \`views\` (see news). */`,
    `import LabelIcon from '@mui/icons-material/Label';`,
    `import { ${spec.name} } from '../../domain/entities';`,
    `import { entityModule } from '../module';`,
    ``,
    `export default entityModule(${spec.name}, { icon: LabelIcon });`,
    ``,
  ].join('\n');
}

export function serverTestFile(spec: EntitySpec): string {
  return [
    `import { ${spec.name} } from '../../src/domain/entities/${spec.name}';`,
    `import { describeDeclaredApi } from './declared-entity';`,
    ``,
    `describeDeclaredApi(${spec.name});`,
    ``,
  ].join('\n');
}

export function uiTestFile(spec: EntitySpec): string {
  return [
    `import { ${spec.name} } from '../../src/domain/entities/${spec.name}';`,
    `import { describeDeclaredScreens } from './declared-entity';`,
    ``,
    `describeDeclaredScreens(${spec.name});`,
    ``,
  ].join('\n');
}
