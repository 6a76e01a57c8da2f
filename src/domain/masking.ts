/**
 * Personal numbers the admin API answers masked: a government ID number is shown as its last four
 * letters or digits, the rest as X, so an admin can tell two registrations apart and match a card
 * held up to them without the list, the detail or the log holding the whole number. The whole number
 * leaves the server only through a reveal the activity log records, and in the CSV export.
 */

const GROUP = 4;

/**
 * The number's letters and digits, all but the last four replaced by X (never more than half of them
 * shown, for a short number), in groups of four from the right joined by hyphens: '2345 6789 9012' →
 * 'XXXX-XXXX-9012', 'ABCPD1234E' → 'XX-XXXX-234E'. Spaces and punctuation are dropped; none is none.
 */
export function maskIdNumber(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const characters = value.replace(/[^\p{L}\p{N}]/gu, '');
  if (!characters) return 'X'.repeat(GROUP);
  const shown = Math.min(GROUP, Math.floor(characters.length / 2));
  const masked = 'X'.repeat(characters.length - shown) + characters.slice(characters.length - shown);
  const groups: string[] = [];
  for (let end = masked.length; end > 0; end -= GROUP) groups.unshift(masked.slice(Math.max(0, end - GROUP), end));
  return groups.join('-');
}
