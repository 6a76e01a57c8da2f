import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/db/connection';
import { DASHBOARD_RECENT_COUNT, DASHBOARD_SERIES_DAYS } from '../../src/domain/limits';
import { expectTokenRequired } from './checks';
import { createTestServer, type TestServer } from './harness';

const DAY = 24 * 60 * 60 * 1000;
/** The server's clock for this file: every window is measured back from here. */
const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * DAY);
const utcDay = (days: number) => daysAgo(days).toISOString().slice(0, 10);

/**
 * Ages (days before NOW) of the records every kind gets, with the windows each one counts in:
 * 7 days is "> 7 days ago", so a record exactly 7, 30 or 60 days old falls in the older window.
 */
const AGES = [0.5, 3, 7, 10, 30, 40, 60, 75, 89.4, 89.6, 200];
const EXPECTED = { total: 11, last7: 2, last30: 4, last90: 10, previous30: 2 };

const KINDS = ['users', 'videos', 'matches', 'notifications', 'teams', 'players', 'registrations'] as const;

/** Inserts one record of `kind` per age, plus `extra` old ones so each kind's total differs. */
async function seedKind(db: Db, kind: (typeof KINDS)[number], ages: number[], uploader: string) {
  const rows = ages.map((age, i) => ({ created_at: daysAgo(age), n: i + 1 }));
  switch (kind) {
    case 'users':
      return db.insertInto('app_users').values(rows.map(({ created_at, n }) => ({ name: `User ${n}`, email: `u${n}@example.in`, created_at }))).execute();
    case 'videos':
      return db
        .insertInto('videos')
        .values(rows.map(({ created_at, n }) => ({ title: `Video ${n}`, category: 'Practice', video_url: 'https://youtu.be/x', user_id: uploader, created_at })))
        .execute();
    case 'matches':
      return db.insertInto('matches').values(rows.map(({ created_at }) => ({ match_date: created_at, result: 'Draw', created_at }))).execute();
    case 'notifications':
      return db.insertInto('notifications').values(rows.map(({ created_at, n }) => ({ title: `Notice ${n}`, body: 'Gates open at noon', created_at }))).execute();
    case 'teams':
      return db.insertInto('teams').values(rows.map(({ created_at, n }) => ({ name: `Team ${n}`, created_at }))).execute();
    case 'players':
      return db.insertInto('players').values(rows.map(({ created_at, n }) => ({ name: `Player ${n}`, created_at }))).execute();
    case 'registrations':
      return db
        .insertInto('registrations')
        .values(
          rows.map(({ created_at, n }) => ({
            first_name: `First${n}`,
            last_name: n === 2 ? null : `Last${n}`,
            email: `r${n}@example.in`,
            phone: `98000000${String(n).padStart(2, '0')}`,
            status: n % 2 ? 'approved' : 'pending',
            created_at,
          })),
        )
        .execute();
  }
}

let server: TestServer;
beforeAll(async () => {
  // Only Date is faked (timers stay real); the server signs and checks its token on this clock too.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
  vi.useRealTimers();
});

const dashboard = async () => {
  const res = await server.request({ method: 'GET', url: '/admin/dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /admin/dashboard', () => {
  it('answers zeros, an all-zero series and empty lists on an empty league', async () => {
    const data = await dashboard();
    for (const kind of KINDS) expect(data.totals[kind], kind).toEqual({ total: 0, last7: 0, last30: 0, last90: 0, previous30: 0 });
    expect(data.series).toHaveLength(DASHBOARD_SERIES_DAYS);
    expect(data.series.every((day: Record<string, unknown>) => day.videos === 0 && day.registrations === 0 && day.users === 0)).toBe(true);
    expect(data.recentVideos).toEqual([]);
    expect(data.recentRegistrations).toEqual([]);
  });

  it('counts every kind in each window, with its own total', async () => {
    for (const [extra, kind] of KINDS.entries()) {
      await seedKind(server.db, kind, [...AGES, ...Array<number>(extra).fill(365)], server.admin.id);
    }
    const { totals } = await dashboard();
    for (const [extra, kind] of KINDS.entries()) {
      expect(totals[kind], kind).toEqual({ ...EXPECTED, total: EXPECTED.total + extra });
    }
  });

  it('gives one entry per UTC day for the last 90 days, oldest first, zeros included', async () => {
    const { series } = await dashboard();
    expect(series).toHaveLength(DASHBOARD_SERIES_DAYS);
    expect(series[0].date).toBe(utcDay(DASHBOARD_SERIES_DAYS - 1));
    expect(series.at(-1).date).toBe('2030-06-15');
    // The records of the series window, each on its UTC day; 89.6 days ago is the day before the window.
    const inWindow = AGES.filter((age) => age <= 89.4);
    const expected = new Map<string, number>();
    for (const age of inWindow) expected.set(utcDay(age), (expected.get(utcDay(age)) ?? 0) + 1);
    for (const day of series) {
      const count = expected.get(day.date) ?? 0;
      expect(day, day.date).toEqual({ date: day.date, videos: count, registrations: count, users: count });
    }
    expect(series.find((day: { date: string }) => day.date === '2030-06-15').videos).toBe(1);
    expect(series.find((day: { date: string }) => day.date === '2030-03-18').videos).toBe(1);
  });

  it('lists the newest videos and registrations in the shapes the dashboard shows', async () => {
    const { recentVideos, recentRegistrations } = await dashboard();
    expect(recentVideos).toHaveLength(DASHBOARD_RECENT_COUNT);
    expect(recentVideos.map((video: { title: string }) => video.title)).toEqual(['Video 1', 'Video 2', 'Video 3', 'Video 4', 'Video 5']);
    expect(recentVideos[0]).toMatchObject({
      category: 'Practice',
      createdAt: daysAgo(0.5).toISOString(),
      user_id: { _id: server.admin.id, firstName: 'Ada', lastName: 'Admin', role: 'owner' },
      isFeatured: false,
    });
    expect(recentRegistrations).toHaveLength(DASHBOARD_RECENT_COUNT);
    expect(recentRegistrations.slice(0, 2)).toEqual([
      { _id: expect.any(String), name: 'First1 Last1', email: 'r1@example.in', phone: '9800000001', status: 'approved', createdAt: daysAgo(0.5).toISOString() },
      { _id: expect.any(String), name: 'First2', email: 'r2@example.in', phone: '9800000002', status: 'pending', createdAt: daysAgo(3).toISOString() },
    ]);
  });

  it('needs a token', async () => {
    await expectTokenRequired(server, [{ method: 'GET', url: '/admin/dashboard' }]);
  });
});
