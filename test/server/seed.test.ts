import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db, OpenDatabase } from '../../server/db/connection';
import { FolderImageStore } from '../../server/storage/folder-store';
import { isVariantName } from '../../server/storage/image-sizes';
import { DEMO_COUNTS, seedBulk, seedDemo, seedLookups } from '../../server/seed';
import { SPORTS, STADIUMS } from '../../server/seed/data';
import {
  MATCH_RESULTS,
  NEWS_TAGS,
  PLAYER_ROLES,
  REGISTRATION_STATUSES,
  VIDEO_CATEGORIES,
} from '../../src/domain/enums';
import { freshDatabase } from './harness';

const DAY = 86_400_000;
const now = new Date('2026-11-20T12:00:00Z');

let open: OpenDatabase;
let db: Db;
let uploadsDir: string;
let adminId: string;
const logs: string[] = [];

const count = async (table: Parameters<Db['selectFrom']>[0] & string) => {
  const row = await db
    .selectFrom(table as 'videos')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
};

async function newAdmin(target: Db) {
  const row = await target
    .insertInto('admins')
    .values({ email: 'admin@crease.local', password_hash: 'x', first_name: 'Ada', last_name: 'Admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  open = await freshDatabase();
  db = open.db;
  uploadsDir = join(mkdtempSync(join(tmpdir(), 'crease-seed-')), 'uploads');
  adminId = await newAdmin(db);
  await seedDemo(db, { images: new FolderImageStore(uploadsDir), adminId, now, log: (m) => logs.push(m) });
});

afterAll(async () => {
  await open?.close();
  if (uploadsDir) rmSync(join(uploadsDir, '..'), { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('fills the league with the promised counts', async () => {
    expect(await count('teams')).toBe(DEMO_COUNTS.teams);
    expect(DEMO_COUNTS.teams).toBeGreaterThanOrEqual(7);
    expect(DEMO_COUNTS.teams).toBeLessThanOrEqual(9);
    expect(await count('players')).toBe(120);
    expect(await count('matches')).toBe(40);
    expect(await count('videos')).toBe(60);
    expect(await count('news')).toBe(30);
    expect(await count('app_users')).toBe(500);
    expect(await count('registrations')).toBe(200);
    expect(await count('notifications')).toBe(20);
    expect(await count('slides')).toBe(6);
    expect(await count('registration_players')).toBeGreaterThan(0);
    expect(logs.some((l) => /demo league/.test(l))).toBe(true);
  });

  it('fills the lookups, Cricket first', async () => {
    const sports = await db.selectFrom('sports').select(['name']).orderBy('created_at').execute();
    expect(sports[0].name).toBe('Cricket');
    expect(sports.length).toBeGreaterThanOrEqual(3);
    expect(await count('stadiums')).toBeGreaterThanOrEqual(10);
    const styles = (await db.selectFrom('bowling_styles').select('style').execute()).map((r) => r.style);
    expect(styles).toEqual(expect.arrayContaining(['Right-arm fast', 'Left-arm orthodox spin', 'Leg-spin', 'Off-spin']));
    const batting = await db.selectFrom('batting_headedness').selectAll().execute();
    expect(batting.map((b) => b.battings_type).sort()).toEqual(['Left-handed', 'Right-handed']);
    expect(batting.every((b) => (b.description ?? '').length > 0)).toBe(true);
    const orders = await db.selectFrom('batting_orders').selectAll().orderBy('order').execute();
    expect(orders.map((o) => o.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(new Set(orders.map((o) => o.position))).toEqual(new Set(['Opener', 'Top order', 'Middle order', 'Lower order', 'Tail']));
    const states = await count('states');
    const districts = await count('districts');
    const cities = await count('cities');
    expect(states).toBeGreaterThanOrEqual(6);
    expect(districts).toBeGreaterThanOrEqual(states * 3);
    expect(cities).toBeGreaterThanOrEqual(districts * 2);
  });

  it('keeps references consistent', async () => {
    const badPlace = await db
      .selectFrom('registrations as r')
      .leftJoin('districts as d', 'd.id', 'r.district_id')
      .leftJoin('cities as c', 'c.id', 'r.city_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) =>
        eb.or([
          eb('r.state_id', 'is', null),
          eb('d.id', 'is', null),
          eb('c.id', 'is', null),
          eb('d.state_id', '!=', eb.ref('r.state_id')),
          eb('c.district_id', '!=', eb.ref('r.district_id')),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(badPlace.n).toBe(0);

    const matches = await db.selectFrom('matches').selectAll().execute();
    for (const m of matches) {
      expect(m.team_a_id).toBeTruthy();
      expect(m.team_b_id).toBeTruthy();
      expect(m.team_a_id).not.toBe(m.team_b_id);
      expect(m.stadium_id).toBeTruthy();
    }
    const dates = matches.map((m) => m.match_date.getTime());
    expect(Math.min(...dates)).toBeGreaterThan(now.getTime() - 366 * DAY);
    expect(Math.max(...dates)).toBeLessThan(now.getTime() + 32 * DAY);
    expect(dates.some((d) => d > now.getTime())).toBe(true);

    const orphanPlayers = await db
      .selectFrom('players as p')
      .leftJoin('teams as t', 't.id', 'p.team_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => eb.or([eb('t.id', 'is', null), eb('p.batting_id', 'is', null), eb('p.batting_order_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect(orphanPlayers.n).toBe(0);

    const videos = await db.selectFrom('videos').select(['user_id']).execute();
    expect(videos.every((v) => v.user_id === adminId)).toBe(true);

    const teams = await db.selectFrom('teams').selectAll().execute();
    const inactive = teams.filter((t) => !t.is_active).length;
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(inactive).toBeLessThanOrEqual(2);
    expect(teams.every((t) => t.sport_id && t.coach && t.logo)).toBe(true);
  });

  it('respects the enumerations and the validation rules', async () => {
    const players = await db.selectFrom('players').selectAll().execute();
    expect(players.every((p) => (PLAYER_ROLES as readonly string[]).includes(p.playing_role ?? ''))).toBe(true);
    expect(players.every((p) => p.age !== null && p.age >= 17 && p.age <= 40)).toBe(true);
    expect(players.some((p) => p.image)).toBe(true);
    expect(players.some((p) => p.video_url?.startsWith('https://www.youtube.com/watch?v='))).toBe(true);

    const matches = await db.selectFrom('matches').select('result').execute();
    expect(matches.every((m) => (MATCH_RESULTS as readonly string[]).includes(m.result))).toBe(true);

    const videos = await db.selectFrom('videos').selectAll().execute();
    expect(videos.every((v) => (VIDEO_CATEGORIES as readonly string[]).includes(v.category))).toBe(true);
    expect(videos.every((v) => /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/.test(v.video_url))).toBe(true);
    expect(new Set(videos.map((v) => v.video_url)).size).toBe(videos.length);
    expect(videos.some((v) => v.is_featured)).toBe(true);
    expect(videos.some((v) => v.is_magic_moment)).toBe(true);
    expect(videos.every((v) => v.created_at.getTime() >= now.getTime() - 90 * DAY && v.created_at <= now)).toBe(true);

    const news = await db.selectFrom('news').selectAll().execute();
    for (const n of news) {
      expect(n.title.length).toBeGreaterThanOrEqual(5);
      expect(n.small_description.length).toBeGreaterThanOrEqual(10);
      expect(n.tags.length).toBeGreaterThanOrEqual(1);
      expect(n.tags.length).toBeLessThanOrEqual(3);
      expect(n.tags.every((t) => (NEWS_TAGS as readonly string[]).includes(t))).toBe(true);
      expect(n.description).toMatch(/<p>/);
      expect(n.description).toMatch(/<ul><li>/);
      expect(n.description).toMatch(/<strong>/);
      expect(n.description).not.toMatch(/<script|on\w+=|javascript:/i);
    }
    expect(news.some((n) => n.image)).toBe(true);

    const users = await db.selectFrom('app_users').selectAll().execute();
    expect(users.every((u) => u.age !== null && u.age >= 13 && u.age <= 60)).toBe(true);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    expect(users.some((u) => !u.is_active)).toBe(true);
    expect(users.every((u) => u.created_at.getTime() >= now.getTime() - 181 * DAY)).toBe(true);

    const registrations = await db.selectFrom('registrations').selectAll().execute();
    const statuses = new Map<string, number>();
    for (const r of registrations) {
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expect(r.pin_code).toMatch(/^\d{6}$/);
      expect(r.phone).toMatch(/^[6-9]\d{9}$/);
      expect(r.first_name && r.last_name && r.email && r.area && r.address && r.dob && r.government_id_number).toBeTruthy();
      expect(PLAYER_ROLES as readonly string[]).toContain(r.playing_role);
      expect(['Right-handed', 'Left-handed']).toContain(r.batting_style);
    }
    expect([...statuses.keys()].every((s) => (REGISTRATION_STATUSES as readonly string[]).includes(s))).toBe(true);
    expect((statuses.get('pending') ?? 0) + (statuses.get('approved') ?? 0)).toBeGreaterThan(170);
    expect(statuses.get('rejected') ?? 0).toBeGreaterThan(0);

    const withPlayers = await db
      .selectFrom('registration_players')
      .select(['registration_id', sql<number>`count(*)::int`.as('n')])
      .groupBy('registration_id')
      .execute();
    expect(withPlayers.length).toBeGreaterThan(40);
    expect(withPlayers.length).toBeLessThan(85);
    expect(withPlayers.every((r) => r.n >= 1 && r.n <= 4)).toBe(true);

    const notifications = await db.selectFrom('notifications').selectAll().execute();
    expect(notifications.every((n) => n.title.length >= 3 && n.body.length >= 10)).toBe(true);
    expect(notifications.some((n) => n.image)).toBe(true);
  });

  it('spreads created dates so the dashboard windows are interesting', async () => {
    const since = (days: number) => new Date(now.getTime() - days * DAY);
    const window = async (table: 'videos' | 'registrations' | 'app_users', from: number, to: number) => {
      const row = await db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('created_at', '>=', since(from))
        .where('created_at', '<', since(to))
        .executeTakeFirstOrThrow();
      return row.n;
    };
    for (const table of ['videos', 'registrations', 'app_users'] as const) {
      const last7 = await window(table, 7, 0);
      const last30 = await window(table, 30, 0);
      const previous30 = await window(table, 60, 30);
      expect(last7).toBeGreaterThan(0);
      expect(last30).toBeGreaterThan(last7);
      expect(previous30).toBeGreaterThan(0);
    }
  });

  it('writes a file for every /uploads/ reference and never shares one between records', async () => {
    const refs: string[] = [];
    const add = (values: Array<string | null>) => refs.push(...values.filter((v): v is string => !!v));
    add((await db.selectFrom('teams').select('logo').execute()).map((r) => r.logo));
    add((await db.selectFrom('players').select('image').execute()).map((r) => r.image));
    for (const m of await db.selectFrom('matches').select(['team_a_flag', 'team_b_flag', 'stadium_image']).execute()) {
      add([m.team_a_flag, m.team_b_flag, m.stadium_image]);
    }
    add((await db.selectFrom('videos').select('image').execute()).map((r) => r.image));
    add((await db.selectFrom('news').select('image').execute()).map((r) => r.image));
    add((await db.selectFrom('notifications').select('image').execute()).map((r) => r.image));
    add((await db.selectFrom('slides').select('image').execute()).map((r) => r.image));
    add((await db.selectFrom('registration_players').select('photo').execute()).map((r) => r.photo));

    expect(refs.length).toBeGreaterThan(200);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) {
      expect(ref).toMatch(/^\/uploads\/[0-9a-f-]{36}\.(png|webp)$/);
      expect(existsSync(join(uploadsDir, ref.slice('/uploads/'.length)))).toBe(true);
    }
    // Beside the originals, only their sizes (WebP copies, storage/image-sizes.ts), each recorded.
    const stored = readdirSync(uploadsDir);
    expect(stored.filter((name) => !isVariantName(name)).length).toBe(refs.length);
    const sized = await db.selectFrom('image_sizes').select(['name', 'width', 'sizes']).execute();
    expect(sized.map((row) => `/uploads/${row.name}`).sort()).toEqual([...refs].sort());
    const copies = sized.flatMap((row) => row.sizes.map((size) => size.name));
    expect(copies.length).toBeGreaterThan(100);
    expect(stored.filter(isVariantName).sort()).toEqual(copies.sort());
    for (const row of sized) expect(row.sizes.every((size) => size.width <= row.width)).toBe(true);

    const sharp = (await import('sharp')).default;
    const logo = await db.selectFrom('teams').select('logo').executeTakeFirstOrThrow();
    const meta = await sharp(join(uploadsDir, logo.logo!.slice(9))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 400]);
    const slide = await db.selectFrom('slides').select('image').executeTakeFirstOrThrow();
    const slideMeta = await sharp(join(uploadsDir, slide.image!.slice(9))).metadata();
    expect([slideMeta.width, slideMeta.height]).toEqual([1200, 500]);
    const video = await db.selectFrom('videos').select('image').executeTakeFirstOrThrow();
    const thumbMeta = await sharp(join(uploadsDir, video.image!.slice(9))).metadata();
    expect(thumbMeta.width! * 9).toBe(thumbMeta.height! * 16);
  });

  it('is deterministic: the same league on a second database', async () => {
    const other = await freshDatabase();
    const otherDir = mkdtempSync(join(tmpdir(), 'crease-seed2-'));
    try {
      const otherAdmin = await newAdmin(other.db);
      await seedDemo(other.db, { images: new FolderImageStore(otherDir), adminId: otherAdmin, now });
      const snapshot = async (target: Db) => ({
        teams: await target.selectFrom('teams').select(['id', 'name', 'coach', 'is_active']).orderBy('id').execute(),
        players: await target.selectFrom('players').select(['id', 'name', 'age', 'playing_role', 'team_id']).orderBy('id').execute(),
        videos: await target.selectFrom('videos').select(['id', 'title', 'video_url', 'created_at']).orderBy('id').execute(),
        registrations: await target.selectFrom('registrations').select(['id', 'email', 'status', 'city_id']).orderBy('id').execute(),
      });
      expect(await snapshot(other.db)).toEqual(await snapshot(db));
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('seedBulk', () => {
  it('inserts the requested numbers of videos and news', async () => {
    const bulk = await freshDatabase();
    try {
      const admin = await newAdmin(bulk.db);
      await seedBulk(bulk.db, { videos: 7_500, news: 6_200, adminId: admin });
      const n = async (table: 'videos' | 'news') =>
        (await bulk.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      expect(await n('videos')).toBe(7_500);
      expect(await n('news')).toBe(6_200);

      const videos = await bulk.db.selectFrom('videos').selectAll().limit(200).execute();
      expect(videos.every((v) => (VIDEO_CATEGORIES as readonly string[]).includes(v.category))).toBe(true);
      expect(videos.every((v) => /^https:\/\/www\.youtube\.com\/watch\?v=[0-9a-f]{11}$/.test(v.video_url))).toBe(true);
      expect(videos.every((v) => v.user_id === admin && v.image === null)).toBe(true);
      const news = await bulk.db.selectFrom('news').selectAll().limit(200).execute();
      expect(news.every((a) => a.tags.length >= 1 && a.tags.every((t) => (NEWS_TAGS as readonly string[]).includes(t)))).toBe(true);
      expect(news.every((a) => a.title.length >= 5 && a.small_description.length >= 10)).toBe(true);
    } finally {
      await bulk.close();
    }
  });
});

describe('seedLookups', () => {
  it('writes the demo reference lists and nothing of the league', async () => {
    const lists = await freshDatabase();
    try {
      const written = await seedLookups(lists.db, { now });
      const n = async (table: 'sports' | 'stadiums' | 'bowling_styles' | 'batting_headedness' | 'batting_orders' | 'states' | 'districts' | 'cities' | 'teams' | 'matches' | 'videos' | 'app_users') =>
        (await lists.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const names = async (target: Db, table: 'sports' | 'stadiums') => (await target.selectFrom(table).select('name').orderBy('name').execute()).map((r) => r.name);
      expect(await names(lists.db, 'sports')).toEqual([...SPORTS].sort());
      expect(await names(lists.db, 'stadiums')).toEqual([...STADIUMS].sort());
      // The same lists as the demo league's.
      expect(await names(lists.db, 'stadiums')).toEqual(await names(db, 'stadiums'));
      const lookups = ['sports', 'stadiums', 'bowling_styles', 'batting_headedness', 'batting_orders', 'states', 'districts', 'cities'] as const;
      const counts = await Promise.all(lookups.map(n));
      counts.forEach((count, i) => expect(count, lookups[i]).toBeGreaterThan(0));
      expect(written).toBe(counts.reduce((a, b) => a + b, 0));
      for (const table of ['teams', 'matches', 'videos', 'app_users'] as const) expect(await n(table), table).toBe(0);
    } finally {
      await lists.close();
    }
  });
});
