/**
 * The dashboard's figures in one call: totals with rolling-window counts per kind of record, a
 * per-day series of what was created, and the newest videos and registrations. Windows are
 * measured back from `now` (passed in, so the figures can be checked against a fixed clock).
 */
import { sql } from 'kysely';
import { DASHBOARD_RECENT_COUNT, DASHBOARD_SERIES_DAYS, DASHBOARD_TREND_DAYS, DASHBOARD_WINDOWS } from '../../src/domain/limits';
import type { Db } from '../db/connection';
import type { Counts, Dashboard, RecentRegistration, SeriesDay } from '../schemas/dashboard';
import { COUNTED } from '../schemas/dashboard';
import { videos } from '../../src/domain/entities/videos';
import { listRecords } from './declared';

const DAY_MS = 24 * 60 * 60 * 1000;

const TABLE_OF = {
  users: 'app_users',
  videos: 'videos',
  matches: 'matches',
  notifications: 'notifications',
  teams: 'teams',
  players: 'players',
  registrations: 'registrations',
} as const satisfies Record<(typeof COUNTED)[number], string>;
type CountedTable = (typeof TABLE_OF)[keyof typeof TABLE_OF];

const SERIES = ['videos', 'registrations', 'users'] as const satisfies readonly (keyof typeof TABLE_OF)[];

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

async function countsOf(db: Db, table: CountedTable, now: Date): Promise<Counts> {
  const createdSince = (days: number) => sql<number>`(count(*) filter (where created_at > ${daysBefore(now, days)}))::int`;
  const trendStart = daysBefore(now, 2 * DASHBOARD_TREND_DAYS);
  const trendEnd = daysBefore(now, DASHBOARD_TREND_DAYS);
  return db
    .selectFrom(table)
    .select([
      sql<number>`count(*)::int`.as('total'),
      createdSince(DASHBOARD_WINDOWS.last7).as('last7'),
      createdSince(DASHBOARD_WINDOWS.last30).as('last30'),
      createdSince(DASHBOARD_WINDOWS.last90).as('last90'),
      sql<number>`(count(*) filter (where created_at > ${trendStart} and created_at <= ${trendEnd}))::int`.as('previous30'),
    ])
    .executeTakeFirstOrThrow();
}

/** Records created per UTC day since `start`, keyed 'YYYY-MM-DD' (days without any are absent). */
async function createdPerDay(db: Db, table: CountedTable, start: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(table)
    .select([sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), sql<number>`count(*)::int`.as('count')])
    .where('created_at', '>=', start)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.day, row.count]));
}

/** Every UTC day of the series window up to today's, zeros included, oldest first. */
async function series(db: Db, now: Date): Promise<SeriesDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (DASHBOARD_SERIES_DAYS - 1) * DAY_MS);
  const perKind = await Promise.all(SERIES.map((kind) => createdPerDay(db, TABLE_OF[kind], start)));
  return Array.from({ length: DASHBOARD_SERIES_DAYS }, (_, index) => {
    const date = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const [videos, registrations, users] = perKind.map((days) => days.get(date) ?? 0);
    return { date, videos, registrations, users };
  });
}

async function recentRegistrations(db: Db): Promise<RecentRegistration[]> {
  const rows = await db
    .selectFrom('registrations')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(DASHBOARD_RECENT_COUNT)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  }));
}

export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const counts = await Promise.all(COUNTED.map((kind) => countsOf(db, TABLE_OF[kind], now)));
  return {
    totals: Object.fromEntries(COUNTED.map((kind, index) => [kind, counts[index]])) as Dashboard['totals'],
    series: await series(db, now),
    recentVideos: (await listRecords(db, videos, { limit: DASHBOARD_RECENT_COUNT })).docs,
    recentRegistrations: await recentRegistrations(db),
  };
}
