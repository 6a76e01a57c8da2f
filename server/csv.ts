/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field holding a comma, a double quote or a line break
 * is quoted, its quotes doubled) and safe to open in a spreadsheet: a cell that starts with `=`, `+`,
 * `-` or `@` (or a tab or carriage return, which some spreadsheets skip before reading a formula) is
 * prefixed with a single quote, so it is read as text and never run (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
