/** Number, date and trend formats the dashboard's blocks share. */
import type { DashboardCounts } from '../../providers/dashboard';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A series day ('YYYY-MM-DD', UTC) as '15 Nov'. */
export const formatDay = (value: Date) => dayFormat.format(value);

/**
 * The change of the last 30 days over the 30 before them, in whole percent; null when the earlier
 * window is empty, since there is nothing to compare with.
 */
export function trendPercent({ last30, previous30 }: Pick<DashboardCounts, 'last30' | 'previous30'>): number | null {
  if (previous30 === 0) return null;
  return Math.round(((last30 - previous30) / previous30) * 100);
}
