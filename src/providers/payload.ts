/**
 * Translation between react-admin records and the API's: ids (`_id` ↔ `id`), and request bodies
 * (multipart when a file is present, JSON otherwise).
 */
import type { RaRecord } from 'react-admin';

type ApiRecord = Record<string, unknown> & { _id?: string | number };

/** react-admin wants `id`; the API speaks `_id`. Nested references keep their `_id` untouched. */
export const fromApi = (record: ApiRecord): RaRecord => ({ ...record, id: record._id ?? (record.id as string) });

/** Keys the server owns and never accepts back; `updatedAt` goes back only as an update's version (see `toRequestBody`). */
const READ_ONLY = new Set(['id', '_id', 'createdAt', 'updatedAt', '__v']);

type FileValue = { rawFile: File };
const isFile = (value: unknown): value is FileValue =>
  typeof value === 'object' && value !== null && 'rawFile' in value && (value as FileValue).rawFile instanceof Blob;

export const hasFile = (data: Record<string, unknown>) =>
  Object.values(data).some((value) => isFile(value) || (Array.isArray(value) && value.some(isFile)));

/**
 * What one value becomes on the wire: a populated reference goes back as its id, a file input
 * that kept its current file (`{ src }` without `rawFile`) is left out so the server keeps the file.
 */
function toWireValue(value: unknown): unknown {
  if (isFile(value)) return value.rawFile;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toWireValue).filter((item) => item !== undefined);
  if (typeof value === 'object' && value !== null) {
    const { _id, id, src } = value as Record<string, unknown>;
    if (_id !== undefined) return _id;
    if (id !== undefined) return id;
    if (src !== undefined) return undefined;
  }
  return value;
}

function writableEntries(data: Record<string, unknown>) {
  return Object.entries(data)
    .filter(([key]) => !READ_ONLY.has(key))
    .map(([key, value]) => [key, toWireValue(value)] as const)
    .filter(([, value]) => value !== undefined);
}

/** Arrays go as repeated `key[]` parts (news' `tags[]`), null as an empty part. */
export function toFormData(data: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of writableEntries(data)) {
    const append = (name: string, item: unknown) =>
      form.append(name, item instanceof Blob ? item : item === null ? '' : String(item));
    if (Array.isArray(value)) value.forEach((item) => append(`${key}[]`, item));
    else append(key, value);
  }
  return form;
}

export const toJson = (data: Record<string, unknown>) => JSON.stringify(Object.fromEntries(writableEntries(data)));

/**
 * The body of a create or an update; `version` is the `updatedAt` of the record as the edit read it,
 * sent back so that the server refuses the edit (409) when someone else saved the record since.
 */
export function toRequestBody(data: Record<string, unknown>, version?: unknown): FormData | string {
  if (typeof version !== 'string') return hasFile(data) ? toFormData(data) : toJson(data);
  if (!hasFile(data)) return JSON.stringify({ ...Object.fromEntries(writableEntries(data)), updatedAt: version });
  const form = toFormData(data);
  form.append('updatedAt', version);
  return form;
}
