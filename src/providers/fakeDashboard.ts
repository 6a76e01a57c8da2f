/**
 * The dashboard call answered from the in-memory league (tests and `VITE_FAKE_API=1`), computed the
 * way the server computes it: windows measured back from `now`, a series of UTC days, newest first.
 */
import { DASHBOARD_RECENT_COUNT, DASHBOARD_SERIES_DAYS, DASHBOARD_TREND_DAYS, DASHBOARD_WINDOWS } from '../domain';
import {
  DASHBOARD_KINDS,
  DASHBOARD_RESOURCES,
  type DashboardCounts,
  type DashboardData,
  type DashboardDay,
  type DashboardKind,
  type DashboardRegistration,
  type DashboardVideo,
} from './dashboard';
import type { Row, Tables } from './fakeTables';
import { byCodePoint } from './fakeDeclared';
import { fromApi } from './payload';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The server's figures, computed the same way (windows measured back from `now`, UTC days) over
 * in-memory rows; the newest videos come as the video list answers them (the caller reads them).
 */
export function fakeDashboard(tables: Tables, now: Date, recentVideos: DashboardVideo[]): DashboardData {
  const at = (row: Row) => Date.parse(row.createdAt);
  const since = (days: number) => now.getTime() - days * DAY_MS;
  const rowsOf = (kind: DashboardKind) => tables[DASHBOARD_RESOURCES[kind]] ?? [];
  // Like the server, the id breaks a tie between records made at the same time.
  const newestFirst = (rows: Row[]) => [...rows].sort((a, b) => at(b) - at(a) || byCodePoint(b._id, a._id)).slice(0, DASHBOARD_RECENT_COUNT);

  const counts = (rows: Row[]): DashboardCounts => {
    const createdSince = (days: number) => rows.filter((row) => at(row) > since(days)).length;
    const previous = rows.filter((row) => at(row) > since(2 * DASHBOARD_TREND_DAYS) && at(row) <= since(DASHBOARD_TREND_DAYS));
    return {
      total: rows.length,
      last7: createdSince(DASHBOARD_WINDOWS.last7),
      last30: createdSince(DASHBOARD_WINDOWS.last30),
      last90: createdSince(DASHBOARD_WINDOWS.last90),
      previous30: previous.length,
    };
  };

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = today - (DASHBOARD_SERIES_DAYS - 1) * DAY_MS;
  const series: DashboardDay[] = Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, index) => {
    const date = new Date(start + index * DAY_MS).toISOString().slice(0, 10);
    const on = (kind: DashboardKind) => rowsOf(kind).filter((row) => row.createdAt.slice(0, 10) === date && at(row) <= now.getTime()).length;
    return { date, videos: on('videos'), registrations: on('registrations'), users: on('users') };
  });

  return {
    totals: Object.fromEntries(DASHBOARD_KINDS.map((kind) => [kind, counts(rowsOf(kind))])) as DashboardData['totals'],
    series,
    recentVideos,
    recentRegistrations: newestFirst(rowsOf('registrations')).map(
      (row) =>
        fromApi({
          _id: row._id,
          name: [row.firstName, row.lastName].filter(Boolean).join(' '),
          email: (row.email as string | undefined) ?? null,
          phone: (row.phone as string | undefined) ?? null,
          status: row.status as string | undefined,
          createdAt: row.createdAt,
        }) as DashboardRegistration,
    ),
  };
}
