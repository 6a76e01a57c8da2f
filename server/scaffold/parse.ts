/**
 * Reads `new:entity`'s arguments (`sponsors name:text:required:min=2 tier:choice:Gold,Silver,Bronze …`)
 * into what the templates write, refusing anything they could not write correctly: every problem is
 * found before a single file is written.
 */
import { FIELD_KINDS, type FieldKind } from '../../src/domain/entity';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Text: at least this many characters. */
  minLength?: number;
  /** Number: at least this. */
  min?: number;
  choices?: string[];
  /** A ref's target: the resource name of a declared entity. */
  to?: string;
  label: string;
}

export interface EntitySpec {
  name: string;
  one: string;
  many: string;
  fields: FieldSpec[];
  /** The field that names a record: the first text field, else the first field. */
  title: string;
}

/** What the project already holds, to refuse a name that is taken or a reference to nothing. */
export interface Taken {
  /** Resource names, route segments and table names in use. */
  names: ReadonlySet<string>;
  /** Declared entities a ref may name, by resource name. */
  declared: ReadonlySet<string>;
}

export class ScaffoldError extends Error {}

const IDENTIFIER = /^[a-z][a-zA-Z0-9]*$/;
/** Names every record already has, or the API reads for itself. */
const RESERVED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'removeImages', 'page', 'limit', 'search', 'sort', 'order']);

const TEXTUAL = new Set<FieldKind>(['text', 'longtext', 'email', 'url']);

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'isActive' → 'Active', 'websiteUrl' → 'Website Url'. */
export const labelOf = (name: string) => {
  const parts = words(name);
  if (parts[0] === 'is' && parts.length > 1) parts.shift();
  return parts.map(capital).join(' ');
};

/** 'sponsors' → 'Sponsor', 'categories' → 'Category', 'staff' → 'Staff'. */
const singular = (word: string) => (/ies$/.test(word) ? word.slice(0, -3) + 'y' : /[^s]s$/.test(word) ? word.slice(0, -1) : word);

/** `min=N`: the shortest text, or the smallest number. */
function setMinimum(field: FieldSpec, value: number, argument: string) {
  if (field.kind === 'number') field.min = value;
  else if (TEXTUAL.has(field.kind) && value > 0) field.minLength = value;
  else throw new ScaffoldError(`"${argument}": min=<number> is the fewest characters of a text (at least 1) or the smallest number.`);
}

function parseField(argument: string, taken: Taken): FieldSpec {
  const [name = '', kind = '', ...rest] = argument.split(':');
  if (!IDENTIFIER.test(name)) throw new ScaffoldError(`"${name}" in "${argument}" is not a field name: use letters and digits, starting with a lower-case letter (e.g. websiteUrl).`);
  if (RESERVED_FIELDS.has(name)) throw new ScaffoldError(`"${name}" is a name every record already has; choose another field name.`);
  if (!(FIELD_KINDS as readonly string[]).includes(kind)) {
    throw new ScaffoldError(`"${kind}" in "${argument}" is not a field type. Known types: ${FIELD_KINDS.join(', ')} (choice:<a>,<b>,… and ref:<entity>).`);
  }
  const field: FieldSpec = { name, kind: kind as FieldKind, required: false, label: labelOf(name) };
  if (field.kind === 'choice' || field.kind === 'ref') {
    const value = rest.shift() ?? '';
    if (field.kind === 'choice') {
      const choices = value.split(',').map((choice) => choice.trim());
      if (choices.some((choice) => choice === '') || new Set(choices).size !== choices.length) {
        throw new ScaffoldError(`"${argument}": a choice field lists its values after the type, distinct and comma-separated (tier:choice:Gold,Silver,Bronze).`);
      }
      field.choices = choices;
    } else {
      if (!taken.declared.has(value)) {
        const known = [...taken.declared].join(', ') || 'none yet';
        throw new ScaffoldError(`"${argument}": a ref names a declared entity (ref:<entity>); "${value}" is not one. Declared: ${known}.`);
      }
      field.to = value;
    }
  }
  for (const option of rest) {
    const [key, value] = option.split('=');
    if (option === 'required') field.required = true;
    else if (key === 'min' && value !== undefined && /^\d+$/.test(value)) setMinimum(field, Number(value), argument);
    else throw new ScaffoldError(`"${argument}": after the type only ":required" and ":min=<number>" may follow, not ":${option}".`);
  }
  if (field.kind === 'boolean' && field.required) throw new ScaffoldError(`"${argument}": a boolean is always set (checked or not), so it cannot be required.`);
  return field;
}

export function parseEntity(args: readonly string[], taken: Taken): EntitySpec {
  const [name = '', ...fieldArgs] = args;
  if (!name) throw new ScaffoldError('Name the entity, then its fields: npm run new:entity -- sponsors name:text:required website:url');
  if (!/^[a-z][a-z0-9]*$/.test(name)) {
    throw new ScaffoldError(`"${name}" is not an entity name: use lower-case letters and digits, starting with a letter, plural (e.g. sponsors).`);
  }
  if (taken.names.has(name)) throw new ScaffoldError(`"${name}" is taken: a resource, route or table of that name already exists.`);
  if (fieldArgs.length === 0) throw new ScaffoldError(`Give "${name}" at least one field: <field>:<type>[:required][:min=<number>].`);
  const fields = fieldArgs.map((argument) => parseField(argument, taken));
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.name)) throw new ScaffoldError(`The field "${field.name}" is given twice.`);
    seen.add(field.name);
  }
  const title = (fields.find((field) => field.kind === 'text') ?? fields[0]).name;
  const one = capital(singular(name));
  return { name, one, many: capital(name), fields, title };
}
