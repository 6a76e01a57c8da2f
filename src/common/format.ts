/** Number and date formats every screen shares, so a date reads the same on a list, a card and a detail page. */

const numberFormat = new Intl.NumberFormat('en-GB');
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatCount = (value: number) => numberFormat.format(value);

const parse = (value?: string | null) => (value ? Date.parse(value) : NaN);

/** '22 Nov 2026'; empty for a missing or unreadable date. */
export const formatDate = (value?: string | null) => {
  const time = parse(value);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
};

/** '22 Nov 2026, 14:30'; empty for a missing or unreadable date. */
export const formatDateTime = (value?: string | null) => {
  const time = parse(value);
  return Number.isNaN(time) ? '' : dateTimeFormat.format(time);
};
