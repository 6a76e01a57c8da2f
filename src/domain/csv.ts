/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding a comma, a double quote or a line break
 * is quoted, its quotes doubled) and safe to open in a spreadsheet: a cell that starts with `=`, `+`,
 * `-` or `@` (or a tab or carriage return, which some spreadsheets skip before reading a formula) is
 * prefixed with a single quote, so it is read as text and never run (OWASP "CSV injection").
 */
import { activityAction, activityAdmin, activityResource, activityValue } from './activity';
import { DEFAULT_REGISTRATION_STATUS } from './enums';
import type { ActivityEntryRecord } from './records';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** What a registration's CSV row is made of: its own fields, with its places by name and its government ID whole. */
export interface RegistrationCsvFields {
  firstName: string;
  lastName: string | null;
  email: string | null;
  DOB: string | null;
  phone: string | null;
  city: string | null;
  playingRole: string | null;
  status: string | null;
  createdAt: Date | string;
  state: string | null;
  district: string | null;
  area: string | null;
  pinCode: string | null;
  address: string | null;
  /** Whole, as stored: the export is for the league's own records (and is logged). */
  GovernmentIdType: string | null;
  GovernmentIdNumber: string | null;
}

/** A registration's cells in the order of `REGISTRATION_TEXTS.csvColumns`; a missing status reads as pending. */
export const registrationCsvCells = (r: RegistrationCsvFields): unknown[] => [
  [r.firstName, r.lastName].filter(Boolean).join(' '),
  r.email,
  r.DOB,
  r.phone,
  r.city,
  r.playingRole,
  r.status?.trim() || DEFAULT_REGISTRATION_STATUS,
  r.createdAt,
  r.state,
  r.district,
  r.area,
  r.pinCode,
  r.address,
  r.GovernmentIdType,
  r.GovernmentIdNumber,
];

/** An activity entry's cells in the order of `ACTIVITY_TEXTS.csvColumns`: who, what, and each change as 'field: before → after'. */
export const activityCsvCells = (entry: ActivityEntryRecord): unknown[] => [
  entry.at,
  activityAdmin(entry),
  activityAction(entry),
  activityResource(entry),
  entry.recordId,
  entry.recordLabel,
  entry.changes.map((change) => `${change.field}: ${activityValue(change.before)} → ${activityValue(change.after)}`).join('; '),
];
