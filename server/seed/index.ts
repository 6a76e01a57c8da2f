/**
 * The demo league (`SEED=demo`) and the benchmark's bulk rows.
 *
 * seedDemo draws everything from a faker seeded with a fixed number, so the league is the same on
 * every run (ids included); only dates move with `now` and image files get fresh server-style names.
 * Rows go in with multi-row inserts inside one transaction while sharp draws the images alongside.
 */
import { Faker, base, en, en_IN } from '@faker-js/faker';
import { sql, type Insertable, type RawBuilder } from 'kysely';
import { ENTITIES } from '../../src/domain/declared';
import { cleanValues, columnOf, tableOf } from '../../src/domain/entity';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import type { ImageStore } from '../storage/store';
import {
  MATCH_RESULTS,
  NEWS_TAGS,
  PLAYER_ROLES,
  REGISTRATION_STATUSES,
  VIDEO_CATEGORIES,
  type MatchResult,
  type NewsTag,
  type PlayerRole,
  type RegistrationStatus,
  type VideoCategory,
} from '../../src/domain/enums';
import {
  AREAS,
  BATTING_HEADEDNESS,
  BATTING_ORDERS,
  BOWLING_STYLES,
  GOVERNMENT_ID_TYPES,
  INTERVIEW_TOPICS,
  MATCH_FORMATS,
  MATCH_TIMES,
  NOTIFICATION_TEMPLATES,
  PACE_STYLES,
  SPIN_STYLES,
  SPORTS,
  STADIUMS,
  STATES,
  STREET_NAMES,
  STREET_WORDS,
  TEAMS,
  TOURNAMENTS,
  TUTORIAL_TITLES,
} from './data';
import {
  ImageQueue,
  banner,
  newsPicture,
  notificationIcon,
  portrait,
  shared,
  stadium,
  teamFlag,
  teamLogo,
  thumbnail,
} from './images';

export interface SeedDemoOptions {
  /** Where the generated images are stored (the uploads folder or the bucket). */
  images: ImageStore;
  /** The existing admin who uploaded the seeded videos. */
  adminId: string;
  log?: (msg: string) => void;
  /** Reference time for every created_at; defaults to the current time. */
  now?: Date;
}

export interface SeedBulkOptions {
  videos: number;
  news: number;
  /** App users; none when left out. */
  users?: number;
  /** Activity-log entries by `adminId`, each record of the log about twenty times; none when left out. */
  activity?: number;
  adminId: string;
}

/** The record id of the bulk log's entries number `n`, `n + 50,000`…: a record with a long history (record 1: entries 1, 50,001…). */
export const bulkActivityRecordId = (n: number | RawBuilder<unknown>) => sql<string>`substr(md5((${n})::text), 1, 8) || '-' || substr(md5((${n})::text), 9, 4) || '-4' || substr(md5((${n})::text), 14, 3) || '-a' || substr(md5((${n})::text), 18, 3) || '-' || substr(md5((${n})::text), 21, 12)`;

/** The demo league's faker seed: change it and every name, id and number in the league changes. */
const DEMO_SEED = 20_251_122;

/** Row counts of the demo league (tests and the start-up log refer to them). */
export const DEMO_COUNTS = {
  teams: TEAMS.length,
  players: 120,
  matches: 40,
  videos: 60,
  news: 30,
  users: 500,
  registrations: 200,
  notifications: 20,
  slides: 6,
} as const;

const DAY = 86_400_000;
const IST_OFFSET_MINUTES = 330;

type Rows<T extends keyof Database> = Array<Insertable<Database[T]>>;

/** Everything the demo league inserts, table by table, in foreign-key order. */
interface LeaguePlan {
  sports: Rows<'sports'>;
  stadiums: Rows<'stadiums'>;
  bowling_styles: Rows<'bowling_styles'>;
  batting_headedness: Rows<'batting_headedness'>;
  batting_orders: Rows<'batting_orders'>;
  states: Rows<'states'>;
  districts: Rows<'districts'>;
  cities: Rows<'cities'>;
  teams: Rows<'teams'>;
  players: Rows<'players'>;
  matches: Rows<'matches'>;
  videos: Rows<'videos'>;
  news: Rows<'news'>;
  app_users: Rows<'app_users'>;
  registrations: Rows<'registrations'>;
  registration_players: Rows<'registration_players'>;
  notifications: Rows<'notifications'>;
  slides: Rows<'slides'>;
}

const TABLE_ORDER: Array<keyof LeaguePlan> = [
  'sports', 'stadiums', 'bowling_styles', 'batting_headedness', 'batting_orders', 'states', 'districts', 'cities',
  'teams', 'players', 'matches', 'videos', 'news', 'app_users', 'registrations', 'registration_players',
  'notifications', 'slides',
];

/** Multi-row inserts, kept well under PostgreSQL's 65,535 bind parameters per statement. */
async function insertRows<T extends keyof Database & string>(db: Db, table: T, rows: Rows<T>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]).length;
  const batch = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += batch) {
    // Kysely cannot narrow a generic table's insert type; the rows were typed for this table above.
    await db.insertInto(table).values(rows.slice(i, i + batch) as never).execute();
  }
}

export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<void> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const images = new ImageQueue();
  const plan = planLeague({ now: opts.now ?? new Date(), adminId: opts.adminId, images });

  // sharp draws on its own threads while the database takes the rows; settle both before returning.
  const writing = images.writeAll(opts.images).then(
    (bytes) => ({ bytes, ms: performance.now() - started }),
    (error: unknown) => ({ error }),
  );
  let inserted = 0;
  let failure: unknown;
  try {
    const insertAll = async (trx: Db) => {
      for (const table of TABLE_ORDER) {
        await insertRows(trx, table, plan[table] as Rows<typeof table>);
        inserted += plan[table].length;
      }
      inserted += await insertDeclaredDemo(trx, opts.now ?? new Date());
    };
    // One transaction: all or nothing. A caller already inside one passes its handle (PGlite has one connection).
    if (db.isTransaction) await insertAll(db);
    else await db.transaction().execute(insertAll);
  } catch (error) {
    failure = error;
  }
  const rowsMs = performance.now() - started;
  const written = await writing;
  if (failure !== undefined) throw failure;
  if ('error' in written) throw written.error;
  // The images' sizes, recorded once every file is stored (the app API reads them from here).
  await insertRows(db, 'image_sizes', images.sizes);
  log(
    `seed: demo league with ${inserted} rows and ${images.size} images ` +
      `(${Math.round(written.bytes / 1024)} KB) in ${Math.round(performance.now() - started)} ms ` +
      `(rows done at ${Math.round(rowsMs)} ms, images at ${Math.round(written.ms)} ms)`,
  );
}

/**
 * Each declared entity's demo rows (its declaration's `demo`), cleaned as a create is, the first
 * the newest; an entity whose table the league plans itself (notifications, app users) has the
 * plan's rows instead. Answers how many rows it wrote.
 */
async function insertDeclaredDemo(db: Db, now: Date): Promise<number> {
  let inserted = 0;
  for (const entity of ENTITIES.filter((declared) => !(TABLE_ORDER as readonly string[]).includes(tableOf(declared)))) {
    const rows = entity.demo.map((demo, i) => {
      const values = cleanValues(entity, demo as Record<string, unknown>, 'create');
      const row: Record<string, unknown> = { created_at: new Date(now.getTime() - (i + 1) * 60_000) };
      for (const [name, value] of Object.entries(values)) row[columnOf(name, entity.fields[name])] = value;
      return row;
    });
    if (rows.length > 0) await db.insertInto(tableOf(entity) as never).values(rows as never).execute();
    inserted += rows.length;
  }
  return inserted;
}

/** The reference lists the forms choose from (sports, stadiums, …): the app has no screen that adds to them. */
const LOOKUP_TABLES = TABLE_ORDER.slice(0, TABLE_ORDER.indexOf('teams'));

/**
 * Only the demo league's reference lists: sports, stadiums, bowling styles, batting headedness and
 * orders, states, districts and cities (`SEED=lookups`), so that a league started without the demo
 * can still make teams, players and matches. Answers how many rows it wrote.
 */
export async function seedLookups(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const plan = planLeague({ now: opts.now ?? new Date(), adminId: '', images: new ImageQueue() });
  let inserted = 0;
  const insertAll = async (trx: Db) => {
    for (const table of LOOKUP_TABLES) {
      await insertRows(trx, table, plan[table] as Rows<typeof table>);
      inserted += plan[table].length;
    }
  };
  if (db.isTransaction) await insertAll(db);
  else await db.transaction().execute(insertAll);
  return inserted;
}

interface PlanContext {
  now: Date;
  adminId: string;
  images: ImageQueue;
}

const PALETTES: Array<[string, string]> = [
  ['#0f2027', '#2c5364'], ['#1d976c', '#0b3d2e'], ['#c31432', '#240b36'], ['#ff8008', '#b33c00'],
  ['#1a2a6c', '#b21f1f'], ['#134e5e', '#71b280'], ['#4b134f', '#c94b4b'], ['#283c86', '#45a247'],
];
const SKIN = ['#8d5524', '#c68642', '#e0ac69', '#a0522d'];

/**
 * The seeded draws the plan's steps share. They come from one sequence, so each step draws in the
 * order it always has and the steps run in a fixed order: the league is the same on every run.
 */
function drawsFor(now: Date) {
  const f = new Faker({ locale: [en_IN, en, base], seed: DEMO_SEED });
  const nowMs = now.getTime();
  const int = (min: number, max: number) => f.number.int({ min, max });
  const isoDate = (d: Date) => d.toISOString().slice(0, 10);
  // App users and registrations draw their addresses from one pool: no two share one.
  const emails = new Set<string>();
  return {
    f,
    nowMs,
    id: () => f.string.uuid(),
    int,
    chance: (probability: number) => f.datatype.boolean({ probability }),
    pick: <T>(list: readonly T[]): T => f.helpers.arrayElement(list),
    weighted: <T>(entries: ReadonlyArray<[T, number]>): T => f.helpers.weightedArrayElement(entries.map(([value, weight]) => ({ value, weight }))),
    /**
     * A moment in the last `days` days. skew > 1 crowds dates towards now, so the 7- and 30-day
     * windows hold more than their share and the dashboard's trends point up.
     */
    ago: (days: number, skew = 1) => new Date(nowMs - 60_000 - Math.floor(days * DAY * Math.pow(f.number.float({ min: 0, max: 1 }), skew))),
    daysBefore: (days: number) => new Date(nowMs - days * DAY - int(0, DAY / 2)),
    youtube: () => `https://www.youtube.com/watch?v=${f.string.fromCharacters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 11)}`,
    birthDate: (minAge: number, maxAge: number) =>
      isoDate(new Date(nowMs - (minAge * 365.25 + f.number.float({ min: 0, max: (maxAge - minAge + 1) * 365.25 - 1 })) * DAY)),
    uniqueEmail: (firstName: string, lastName: string) => {
      for (;;) {
        const email = f.internet.exampleEmail({ firstName, lastName }).toLowerCase();
        if (!emails.has(email)) {
          emails.add(email);
          return email;
        }
      }
    },
  };
}
type Draws = ReturnType<typeof drawsFor>;

/** The reference lists, dated at the league's start, and every city with its district, state and pin. */
function planLookups({ id, nowMs }: Draws) {
  const lookupDate = (i: number) => new Date(nowMs - 400 * DAY + i * 60_000);
  const sports = SPORTS.map((name, i) => ({ id: id(), name, created_at: lookupDate(i) }));
  const stadiums = STADIUMS.map((name, i) => ({ id: id(), name, created_at: lookupDate(i) }));
  const bowlingStyles = BOWLING_STYLES.map((style, i) => ({ id: id(), style, created_at: lookupDate(i) }));
  const batting = BATTING_HEADEDNESS.map((b, i) => ({ id: id(), ...b, created_at: lookupDate(i) }));
  const battingOrders = BATTING_ORDERS.map((b, i) => ({ id: id(), ...b, created_at: lookupDate(i) }));

  const states: Rows<'states'> = [];
  const districts: Rows<'districts'> = [];
  const cities: Rows<'cities'> = [];
  const places: Array<{ stateId: string; districtId: string; cityId: string; pin: string }> = [];
  let placeIndex = 0;
  for (const state of STATES) {
    const stateId = id();
    states.push({ id: stateId, name: state.name, created_at: lookupDate(placeIndex++) });
    for (const district of state.districts) {
      const districtId = id();
      districts.push({ id: districtId, name: district.name, state_id: stateId, created_at: lookupDate(placeIndex++) });
      for (const city of district.cities) {
        const cityId = id();
        cities.push({ id: cityId, name: city, district_id: districtId, created_at: lookupDate(placeIndex++) });
        places.push({ stateId, districtId, cityId, pin: district.pin });
      }
    }
  }
  const [rightHanded, leftHanded] = batting;
  return { sports, stadiums, bowlingStyles, batting, battingOrders, states, districts, cities, places, rightHanded, leftHanded };
}
type Lookups = ReturnType<typeof planLookups>;

/** The teams, each playing cricket with its coach, logo and flag; the active ones play this season. */
function planTeams({ id, f, int, nowMs }: Draws, { sports }: Lookups, images: ImageQueue) {
  const teams = TEAMS.map((team) => ({
    ...team,
    id: id(),
    coach: f.person.fullName({ sex: 'male' }),
    created: new Date(nowMs - int(300, 365) * DAY - int(0, DAY)),
    flag: shared(() => teamFlag(team.initials, team.colors)),
  }));
  const rows: Rows<'teams'> = teams.map((t) => ({
    id: t.id,
    name: t.name,
    sport_id: sports[0].id,
    coach: t.coach,
    logo: images.add('png', () => teamLogo(t.initials, t.colors)),
    is_active: t.active,
    created_at: t.created,
  }));
  return { teams, rows, active: teams.filter((t) => t.active) };
}
type Teams = ReturnType<typeof planTeams>;
type Team = Teams['teams'][number];

/** Each team's squad: batsmen, all-rounders and bowlers in their batting slots, under unique names. */
function planPlayers(d: Draws, { teams }: Teams, { bowlingStyles, battingOrders, rightHanded, leftHanded }: Lookups, images: ImageQueue) {
  const { f, id, int, chance, pick } = d;
  const bowlingByStyle = new Map(bowlingStyles.map((b) => [b.style, b]));
  const squadRoles: PlayerRole[] = [
    ...Array<PlayerRole>(5).fill(PLAYER_ROLES[0]),
    ...Array<PlayerRole>(4).fill(PLAYER_ROLES[2]),
    ...Array<PlayerRole>(6).fill(PLAYER_ROLES[1]),
  ];
  const battingSlots: Record<PlayerRole, number[]> = {
    Batsman: [1, 2, 3, 4, 5],
    'All-rounder': [6, 7, 5, 8],
    Bowler: [8, 9, 10, 11, 10, 11],
  };
  const usedNames = new Set<string>();
  const uniqueName = (make: () => string) => {
    for (;;) {
      const name = make();
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };
  const players: Rows<'players'> = [];
  const playersByTeam = new Map<string, Array<{ name: string; role: PlayerRole }>>();
  const perTeam = DEMO_COUNTS.players / teams.length;
  for (const team of teams) {
    const looks = SKIN.slice(0, 2).map((_, k) =>
      shared(() =>
        portrait({
          background: PALETTES[(teams.indexOf(team) + k) % PALETTES.length][1],
          skin: SKIN[(teams.indexOf(team) + k * 2) % SKIN.length],
          shirt: team.colors[0],
          cap: team.colors[1],
          label: team.initials,
        }),
      ),
    );
    const slotUse: Record<PlayerRole, number> = { Batsman: 0, 'All-rounder': 0, Bowler: 0 };
    const squad: Array<{ name: string; role: PlayerRole }> = [];
    for (let i = 0; i < perTeam; i++) {
      const role = squadRoles[i % squadRoles.length];
      const slots = battingSlots[role];
      const order = slots[slotUse[role]++ % slots.length];
      const name = uniqueName(() => `${f.person.firstName('male')} ${f.person.lastName()}`);
      const bowling =
        role === 'Bowler'
          ? pick(chance(0.6) ? PACE_STYLES : SPIN_STYLES)
          : role === 'All-rounder'
            ? pick(chance(0.5) ? PACE_STYLES : SPIN_STYLES)
            : chance(0.4)
              ? pick(['Off-spin', 'Leg-spin'] as const)
              : null;
      players.push({
        id: id(),
        name,
        age: Math.round((int(17, 40) + int(17, 40)) / 2),
        image: chance(0.6) ? images.add('webp', pick(looks)) : null,
        is_active: chance(0.92),
        team_id: team.id,
        bowling_id: bowling ? bowlingByStyle.get(bowling)!.id : null,
        batting_id: (chance(0.72) ? rightHanded : leftHanded).id,
        batting_order_id: battingOrders[order - 1].id,
        playing_role: role,
        video_url: chance(0.3) ? d.youtube() : null,
        created_at: new Date(Math.max(team.created.getTime() + DAY, d.ago(240).getTime())),
      });
      squad.push({ name, role });
    }
    playersByTeam.set(team.id, squad);
  }
  /** A player of the team, of the role when given. */
  const playerOf = (teamId: string, role?: PlayerRole) => {
    const squad = playersByTeam.get(teamId)!;
    return pick(role ? squad.filter((p) => p.role === role) : squad).name;
  };
  return { rows: players, playerOf };
}

/** The season's fixtures in date order: the played ones with results, the last six still to come. */
function planMatches(d: Draws, { teams, active }: Teams, { stadiums }: Lookups, images: ImageQueue): Rows<'matches'> {
  const { f, id, int, pick, nowMs } = d;
  const stadiumLooks = new Map(stadiums.map((s, i) => [s.id, shared(() => stadium(s.name, [205, 215, 195, 25, 265, 225][i % 6]))]));
  const pastMatches = DEMO_COUNTS.matches - 6;
  const fixtures = Array.from({ length: DEMO_COUNTS.matches }, (_, i) => {
    const upcoming = i >= pastMatches;
    const day = upcoming ? int(1, 30) : -int(2, 360);
    const time = pick(MATCH_TIMES);
    const [h, m] = time.split(':').map(Number);
    const midnightUtc = Math.floor((nowMs + day * DAY) / DAY) * DAY;
    return { upcoming, time, date: new Date(midnightUtc + (h * 60 + m - IST_OFFSET_MINUTES) * 60_000) };
  }).sort((a, b) => a.date.getTime() - b.date.getTime());
  const matchNumbers = new Map<string, number>();
  return fixtures.map(({ upcoming, time, date }) => {
    const pool = upcoming || date.getTime() > nowMs - 120 * DAY ? active : teams;
    const [a, b] = f.helpers.arrayElements(pool, 2);
    const stadiumRow = pick(stadiums);
    const tournament = pick(TOURNAMENTS);
    const number = (matchNumbers.get(tournament) ?? 0) + 1;
    matchNumbers.set(tournament, number);
    const { format, overs } = pick(MATCH_FORMATS);
    const result: MatchResult = upcoming
      ? 'No Result'
      : d.weighted<MatchResult>([
          [MATCH_RESULTS[0], 44],
          [MATCH_RESULTS[1], 42],
          [MATCH_RESULTS[2], 6],
          [MATCH_RESULTS[3], 8],
        ]);
    const created = upcoming ? d.ago(14) : new Date(Math.min(date.getTime() - int(3, 20) * DAY, nowMs - DAY));
    return {
      id: id(),
      match_date: date,
      match_time: time,
      stadium_id: stadiumRow.id,
      team_a_id: a.id,
      team_b_id: b.id,
      result,
      team_a_flag: images.add('png', a.flag),
      team_b_flag: images.add('png', b.flag),
      stadium_image: images.add('webp', stadiumLooks.get(stadiumRow.id)!),
      title: `${a.name} vs ${b.name}, Match ${number}`,
      overs,
      format,
      umpire: `${f.person.fullName({ sex: 'male' })} & ${f.person.fullName({ sex: 'male' })}`,
      tournament,
      created_at: created,
    };
  });
}

/** Draws what a video, an article or a notification is about: two distinct active teams, a player of the first, a ground and a tournament. */
type StoryOf = () => Story & { a: Team; b: Team };

const storiesOf = ({ f, pick }: Draws, { active }: Teams, playerOf: (teamId: string) => string): StoryOf => () => {
  const [a, b] = f.helpers.arrayElements(active, 2);
  return { a, b, player: playerOf(a.id), ground: pick(STADIUMS).split(',')[0], tournament: pick(TOURNAMENTS) };
};

/** The videos: a shuffled mix of categories, each titled after its story, at a unique address. */
function planVideos(d: Draws, story: StoryOf, adminId: string, images: ImageQueue): Rows<'videos'> {
  const { f, id, int, chance, pick } = d;
  const categoryPlan: VideoCategory[] = f.helpers.shuffle(
    VIDEO_CATEGORIES.flatMap((c) => Array<VideoCategory>({ 'Match Highlights': 22, Practice: 10, Interview: 10, Tutorial: 10, Other: 8 }[c] ?? 0).fill(c)),
  );
  const videoUrls = new Set<string>();
  const tutorials = f.helpers.shuffle([...TUTORIAL_TITLES]);
  return categoryPlan.map((category, i) => {
    const { a, b, player, ground, tournament } = story();
    const runs = int(52, 128);
    const title: string = {
      'Match Highlights': () =>
        pick([
          `${a.name} vs ${b.name} | Full Match Highlights`,
          `${a.name} vs ${b.name}: last-over thriller at ${ground}`,
          `${player} smashes ${runs} off ${Math.round(runs * 0.6)} balls against ${b.name}`,
          `${tournament}: ${a.name} vs ${b.name} extended highlights`,
          `Every wicket: ${a.name} bowl out ${b.name} at ${ground}`,
        ]),
      Practice: () =>
        pick([
          `${a.name} nets session ahead of the ${b.name} clash`,
          `Fielding drills with ${a.name} at ${ground}`,
          `${player} in the nets: full session`,
          `${a.name} pace attack warms up for the ${tournament}`,
        ]),
      Interview: () =>
        pick([
          `${player} on ${pick(INTERVIEW_TOPICS)}`,
          `Coach ${a.coach} previews the ${tournament}`,
          `Post-match chat: ${player} after the win over ${b.name}`,
        ]),
      Tutorial: () => tutorials[i % tutorials.length],
      Other: () =>
        pick([
          `Behind the scenes at ${ground}`,
          `Fan zone: ${a.name} supporters take over ${ground}`,
          `Top 10 catches of the ${tournament}`,
          `A day with the groundstaff at ${ground}`,
          `${a.name} dressing room after the win over ${b.name}`,
        ]),
    }[category]();
    let url = d.youtube();
    while (videoUrls.has(url)) url = d.youtube();
    videoUrls.add(url);
    return {
      id: id(),
      title,
      category,
      video_url: url,
      image: images.add('webp', () => thumbnail(title, category, a.colors)),
      user_id: adminId,
      is_featured: chance(category === 'Match Highlights' ? 0.3 : 0.1),
      is_magic_moment: chance(category === 'Match Highlights' ? 0.4 : 0.05),
      created_at: d.ago(90, 1.3),
    };
  });
}

/** The articles, each written from its story, with up to three tags. */
function planNews(d: Draws, story: StoryOf, images: ImageQueue): Rows<'news'> {
  const { f, id, int, chance, pick } = d;
  return Array.from({ length: DEMO_COUNTS.news }, () => {
    const article = writeArticle(f, story(), int);
    // Extra tags stay generic; the article's own tags carry the specific ones (Final, World Cup, Breaking News).
    const extra = f.helpers.arrayElements(NEWS_TAGS.filter((t) => t === 'Cricket' || t === 'Sports' || t === 'Analysis'), { min: 0, max: 2 });
    const tags = [...new Set<NewsTag>([...article.tags, ...extra])].slice(0, 3);
    const title = article.title;
    return {
      id: id(),
      title,
      description: article.html,
      small_description: article.summary,
      tags,
      category: article.category,
      image: chance(0.7) ? images.add('webp', () => newsPicture(title, tags[0], pick(PALETTES))) : null,
      created_at: d.ago(120, 1.5),
    };
  });
}

function planAppUsers({ f, id, int, chance, pick, ago, uniqueEmail }: Draws): Rows<'app_users'> {
  return Array.from({ length: DEMO_COUNTS.users }, () => {
    const sex = pick(['male', 'male', 'female'] as const);
    const firstName = f.person.firstName(sex);
    const lastName = f.person.lastName();
    return {
      id: id(),
      name: `${firstName} ${lastName}`,
      email: uniqueEmail(firstName, lastName),
      age: chance(0.65) ? int(16, 35) : int(13, 60),
      is_active: chance(0.88),
      created_at: ago(180, 1.4),
    };
  });
}

/** A government ID number as its type writes it. */
function governmentId({ f, int }: Draws, type: (typeof GOVERNMENT_ID_TYPES)[number]) {
  const letters = (n: number) => f.string.alpha({ length: n, casing: 'upper' });
  switch (type) {
    case 'Aadhaar Card':
      return `${int(2, 9)}${f.string.numeric(3)} ${f.string.numeric(4)} ${f.string.numeric(4)}`;
    case 'PAN Card':
      return `${letters(3)}P${letters(1)}${f.string.numeric(4)}${letters(1)}`;
    case 'Voter ID':
      return `${letters(3)}${f.string.numeric(7)}`;
    case 'Passport':
      return `${letters(1)}${f.string.numeric(7)}`;
    case 'Driving Licence':
      return `${letters(2)}${f.string.numeric(2)} ${int(2005, 2024)}${f.string.numeric(7)}`;
  }
}

/** The registrations, mostly pending, about a third of them with the players they bring. */
function planRegistrations(d: Draws, { teams }: Teams, { places, rightHanded, leftHanded }: Lookups, images: ImageQueue) {
  const { f, id, int, chance, pick } = d;
  const statusWeights: Array<[RegistrationStatus, number]> = REGISTRATION_STATUSES.map((s) => [
    s,
    s === 'pending' ? 55 : s === 'approved' ? 37 : 8,
  ]);
  const anyLook = teams.map((t, k) =>
    shared(() => portrait({ background: '#e8eef5', skin: SKIN[k % SKIN.length], shirt: t.colors[0], cap: t.colors[1], label: '' })),
  );
  const registrations: Rows<'registrations'> = [];
  const registrationPlayers: Rows<'registration_players'> = [];
  for (let i = 0; i < DEMO_COUNTS.registrations; i++) {
    const place = pick(places);
    const firstName = f.person.firstName(chance(0.8) ? 'male' : 'female');
    const lastName = f.person.lastName();
    const idType = pick(GOVERNMENT_ID_TYPES);
    const area = pick(AREAS);
    const registrationId = id();
    registrations.push({
      id: registrationId,
      first_name: firstName,
      last_name: lastName,
      email: d.uniqueEmail(firstName, lastName),
      phone: `${pick(['9', '8', '7', '6'])}${f.string.numeric(9)}`,
      dob: d.birthDate(16, 38),
      government_id_type: idType,
      government_id_number: governmentId(d, idType),
      state_id: place.stateId,
      district_id: place.districtId,
      city_id: place.cityId,
      area,
      pin_code: `${place.pin}${f.string.numeric(3)}`,
      address: `${int(1, 250)}, ${pick(STREET_NAMES)} ${pick(STREET_WORDS)}, ${area}`,
      playing_role: pick(PLAYER_ROLES),
      batting_style: (chance(0.72) ? rightHanded : leftHanded).battings_type,
      status: d.weighted(statusWeights),
      created_at: d.ago(90, 1.2),
    });
    if (chance(0.3)) {
      const count = int(1, 4);
      for (let position = 1; position <= count; position++) {
        const role = pick(PLAYER_ROLES);
        registrationPlayers.push({
          id: id(),
          registration_id: registrationId,
          position,
          first_name: f.person.firstName('male'),
          last_name: chance(0.5) ? lastName : f.person.lastName(),
          dob: d.birthDate(14, 30),
          playing_role: role,
          batting_style: (chance(0.72) ? rightHanded : leftHanded).battings_type,
          bowling_style: role === 'Batsman' && chance(0.6) ? null : pick(BOWLING_STYLES),
          photo: chance(0.5) ? images.add('webp', pick(anyLook)) : null,
        });
      }
    }
  }
  return { registrations, registrationPlayers };
}

/** The notifications sent so far, each filled in from a template and its story. */
function planNotifications(d: Draws, story: StoryOf, images: ImageQueue): Rows<'notifications'> {
  const icons = PALETTES.slice(0, 4).map(([color]) => shared(() => notificationIcon(color)));
  return Array.from({ length: DEMO_COUNTS.notifications }, (_, i) => {
    const { a, b, ground, tournament } = story();
    const template = NOTIFICATION_TEMPLATES[i % NOTIFICATION_TEMPLATES.length];
    const fill = (text: string) =>
      text.replaceAll('{A}', a.name).replaceAll('{B}', b.name).replaceAll('{S}', ground).replaceAll('{T}', tournament);
    return {
      id: d.id(),
      title: fill(template.title),
      body: fill(template.body),
      image: d.chance(0.45) ? images.add('png', d.pick(icons)) : null,
      is_active: d.chance(0.85),
      created_at: d.ago(60),
    };
  });
}

/** The carousel's banners: the season, the next match (which it opens), and the app's sections. */
function planSlides(d: Draws, matches: Rows<'matches'>, { teams }: Teams, images: ImageQueue): Rows<'slides'> {
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const nextMatch = matches.find((m) => (m.match_date as Date).getTime() > d.nowMs) ?? matches[matches.length - 1];
  const nextA = teamById.get(nextMatch.team_a_id!)!;
  const nextB = teamById.get(nextMatch.team_b_id!)!;
  const slideTexts: Array<[string, string]> = [
    [TOURNAMENTS[0], 'Eight teams. One trophy. Every match live in the app.'],
    [`${nextA.name} vs ${nextB.name}`, `Next up: ${nextMatch.match_time} IST. Book your seats now.`],
    ['Registrations are open', 'Trials for the new season: sign up your squad today.'],
    ['Magic moments', 'The catches, the sixes and the last-ball finishes.'],
    ['Meet the teams', 'Squads, coaches and stats for every franchise.'],
    ['Watch the highlights', 'Fresh match videos every day of the season.'],
  ];
  // What a tap opens (src/domain/targets.ts): the next match's slide opens that match, the teams' slide one of them.
  const slideTargets: Record<number, { target_type: string; target_id: string }> = {
    1: { target_type: 'match', target_id: nextMatch.id! },
    4: { target_type: 'team', target_id: nextA.id },
  };
  return slideTexts.slice(0, DEMO_COUNTS.slides).map(([headline, subline], i) => ({
    id: d.id(),
    image: images.add('webp', () => banner(headline, subline, PALETTES[i % PALETTES.length])),
    created_at: d.daysBefore(i * 5 + 1),
    ...slideTargets[i],
  }));
}

/** Builds every row of the demo league in memory, step by step; images are only queued here, drawn later. */
function planLeague({ now, adminId, images }: PlanContext): LeaguePlan {
  const draws = drawsFor(now);
  const lookups = planLookups(draws);
  const teams = planTeams(draws, lookups, images);
  const players = planPlayers(draws, teams, lookups, images);
  const matches = planMatches(draws, teams, lookups, images);
  const story = storiesOf(draws, teams, players.playerOf);
  const videos = planVideos(draws, story, adminId, images);
  const news = planNews(draws, story, images);
  const appUsers = planAppUsers(draws);
  const { registrations, registrationPlayers } = planRegistrations(draws, teams, lookups, images);
  const notifications = planNotifications(draws, story, images);
  const slides = planSlides(draws, matches, teams, images);
  return {
    sports: lookups.sports,
    stadiums: lookups.stadiums,
    bowling_styles: lookups.bowlingStyles,
    batting_headedness: lookups.batting,
    batting_orders: lookups.battingOrders,
    states: lookups.states,
    districts: lookups.districts,
    cities: lookups.cities,
    teams: teams.rows,
    players: players.rows,
    matches,
    videos,
    news,
    app_users: appUsers,
    registrations,
    registration_players: registrationPlayers,
    notifications,
    slides,
  };
}

interface Story {
  a: { name: string; coach: string };
  b: { name: string };
  player: string;
  ground: string;
  tournament: string;
}

interface Article {
  title: string;
  summary: string;
  html: string;
  tags: NewsTag[];
  category: string | null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A short news article in the editor's simple formatting: paragraphs, one bold phrase, one list. */
function writeArticle(f: Faker, s: Story, int: (min: number, max: number) => number): Article {
  const { a, b, player, ground, tournament } = s;
  const runs = int(145, 210);
  const margin = int(4, 48);
  const kinds: Array<() => Omit<Article, 'html'> & { lead: string; bold: string; rest: string; list: string[]; close: string }> = [
    () => ({
      title: `${a.name} beat ${b.name} by ${margin} runs at ${ground}`,
      summary: `${player} starred as ${a.name} defended ${runs} in the ${tournament}.`,
      tags: ['Cricket'],
      category: 'Match Report',
      lead: `${a.name} held their nerve at ${ground} to beat ${b.name} by ${margin} runs and stay near the top of the table.`,
      bold: `${player} was named player of the match`,
      rest: `after a knock that set up the total and a sharp catch at the death.`,
      list: [`${a.name}: ${runs}/${int(4, 9)}`, `${b.name}: ${runs - margin}/${int(6, 10)}`, `Player of the match: ${player}`],
      close: `${a.name} travel next week; ${b.name} return home looking for answers with the bat.`,
    }),
    () => ({
      title: `${a.name} chase down ${runs} to stun ${b.name}`,
      summary: `A record chase at ${ground} keeps ${a.name} alive in the ${tournament}.`,
      tags: ['Cricket', 'Sports'],
      category: 'Match Report',
      lead: `Nobody at ${ground} gave ${a.name} a chance at the halfway mark, needing ${runs + 1} on a tiring pitch.`,
      bold: `${player} finished unbeaten`,
      rest: `and hit the winning boundary with ${int(1, 6)} balls to spare.`,
      list: ['Highest successful chase of the season', `Won by ${int(2, 7)} wickets`, `${b.name} lose their second match in a row`],
      close: `The result tightens the race for the play-off places with three rounds to go.`,
    }),
    () => ({
      title: `${player} ruled out of the ${tournament} with a hamstring strain`,
      summary: `${a.name} lose a key player for at least ${int(3, 6)} weeks.`,
      tags: ['Breaking News', 'Cricket'],
      category: 'Team News',
      lead: `${a.name} have confirmed that ${player} will miss the rest of the group stage.`,
      bold: 'Scans showed a grade-two strain',
      rest: `and the medical staff expect a return in time for the knockouts at the earliest.`,
      list: ['Injury: left hamstring', `Expected return: ${int(3, 6)} weeks`, 'Replacement to be named before the next match'],
      close: `Coach ${a.coach} said the squad has the depth to cover the loss.`,
    }),
    () => ({
      title: `${a.name} name ${int(15, 18)}-player squad for the ${tournament}`,
      summary: `Two uncapped youngsters make the cut as ${a.name} reveal their squad.`,
      tags: ['Cricket', 'Sports'],
      category: 'Team News',
      lead: `${a.name} have announced their squad for the ${tournament}, with ${player} to lead the side.`,
      bold: 'Two teenagers earn their first call-up',
      rest: `after strong seasons in the district leagues.`,
      list: [`Captain: ${player}`, `Head coach: ${a.coach}`, `Home ground: ${ground}`],
      close: `The squad meets for a ten-day camp before the opening match against ${b.name}.`,
    }),
    () => ({
      title: `Analysis: why ${a.name} have the league's best bowling attack`,
      summary: `Numbers behind the ${a.name} attack that has conceded the fewest runs this season.`,
      tags: ['Analysis', 'Cricket'],
      category: 'Analysis',
      lead: `Runs have been hard to come by against ${a.name} this season, and the numbers explain why.`,
      bold: `An economy rate of ${(6 + f.number.float({ min: 0, max: 1.5 })).toFixed(2)} in the powerplay`,
      rest: `is the best in the league by some distance.`,
      list: ['Most dot balls in the middle overs', 'Fewest wides and no-balls', `${player} leads the wicket charts`],
      close: `Whether it lasts on the flat pitches of the knockout rounds is the big question.`,
    }),
    () => ({
      title: `Final preview: ${a.name} vs ${b.name} at ${ground}`,
      summary: `Everything you need to know before the ${tournament} final.`,
      tags: ['Final', 'Cricket'],
      category: 'Preview',
      lead: `${a.name} and ${b.name} meet at ${ground} with the ${tournament} title on the line.`,
      bold: 'Tickets are sold out',
      rest: `and a full house is expected for the first ball at 7:30 PM.`,
      list: [`Head to head this season: ${int(1, 3)}-${int(0, 2)}`, `Key player: ${player}`, 'Weather: clear skies, light dew later'],
      close: `Both sides are expected to name unchanged elevens.`,
    }),
    () => ({
      title: `World Cup watch: ${player} pushes for a national call-up`,
      summary: `A season of runs has put ${player} in the selectors' thoughts.`,
      tags: ['World Cup', 'Cricket'],
      category: 'Feature',
      lead: `With the World Cup squad due next month, ${player} of ${a.name} is the name on everyone's lips.`,
      bold: `${int(380, 560)} runs at a strike rate above 150`,
      rest: `make the case hard to ignore.`,
      list: ['Selectors watched the last two matches', 'Fitness tests cleared', 'Experience in big matches'],
      close: `${a.name} coach ${a.coach} believes the call will come.`,
    }),
    () => ({
      title: `Rain washes out ${a.name} vs ${b.name} at ${ground}`,
      summary: `Points are shared after persistent rain at ${ground}.`,
      tags: ['Sports', 'Cricket'],
      category: 'Match Report',
      lead: `Not a ball was bowled at ${ground} as rain set in an hour before the toss.`,
      bold: 'The umpires called it off at 9:40 PM',
      rest: `after a final inspection of the square.`,
      list: ['One point each', 'Tickets will be refunded', `${a.name} stay in the top four`],
      close: `Both teams return to action this weekend.`,
    }),
  ];
  const k = f.helpers.arrayElement(kinds)();
  const html =
    `<p>${escapeHtml(k.lead)}</p>` +
    `<p><strong>${escapeHtml(k.bold)}</strong> ${escapeHtml(k.rest)}</p>` +
    `<ul>${k.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
    `<p>${escapeHtml(k.close)}</p>`;
  return { title: k.title, summary: k.summary, tags: k.tags, category: k.category, html };
}

/**
 * Inserts `videos` videos, `news` articles and `users` app users for the benchmark, in batches generated by the
 * database itself (`insert … select generate_series`); no image files are written (image is null).
 * Titles mix team names and cricket words so that searches match a realistic share of rows.
 */
export async function seedBulk(db: Db, opts: SeedBulkOptions): Promise<void> {
  const BATCH = 5_000;
  const places = TEAMS.map((t) => t.name);
  const words = ['thriller', 'century', 'yorker', 'final', 'powerplay', 'spin', 'catch', 'chase', 'collapse', 'super over', 'debut', 'hat-trick'];
  const now = new Date();
  const spreadSeconds = 365 * 24 * 3600;
  const params = sql`select ${places}::text[] as p, ${words}::text[] as w, ${[...VIDEO_CATEGORIES]}::text[] as c, ${[...NEWS_TAGS]}::text[] as t`;

  for (let from = 1; from <= opts.videos; from += BATCH) {
    const to = Math.min(opts.videos, from + BATCH - 1);
    await sql`
      insert into videos (title, category, video_url, image, user_id, is_featured, is_magic_moment, created_at)
      select
        p[1 + g % cardinality(p)] || ' ' || w[1 + (g / 7) % cardinality(w)] || ' #' || g,
        c[1 + g % cardinality(c)],
        'https://www.youtube.com/watch?v=' || substr(md5(g::text), 1, 11),
        null,
        ${opts.adminId}::uuid,
        g % 40 = 0,
        g % 55 = 0,
        ${now}::timestamptz - ((g::bigint * 7919) % ${spreadSeconds}) * interval '1 second'
      from (${params}) as params, generate_series(${from}::int, ${to}::int) as g
    `.execute(db);
  }

  for (let from = 1; from <= opts.news; from += BATCH) {
    const to = Math.min(opts.news, from + BATCH - 1);
    await sql`
      insert into news (title, description, small_description, tags, category, image, created_at)
      select
        p[1 + g % cardinality(p)] || ': ' || w[1 + (g / 5) % cardinality(w)] || ' story #' || g,
        '<p>' || p[1 + g % cardinality(p)] || ' and the ' || w[1 + (g / 3) % cardinality(w)] || ' of match ' || g || '.</p>'
          || '<p><strong>Key moment:</strong> a ' || w[1 + (g / 11) % cardinality(w)] || ' that changed the game.</p>'
          || '<ul><li>Report ' || g || '</li><li>League round ' || (1 + g % 14) || '</li></ul>',
        'Match report number ' || g || ' from the league.',
        case when g % 3 = 0 then array[t[1 + g % cardinality(t)], t[1 + (g + 2) % cardinality(t)]]
             else array[t[1 + g % cardinality(t)]] end,
        null,
        null,
        ${now}::timestamptz - ((g::bigint * 6007) % ${spreadSeconds}) * interval '1 second'
      from (${params}) as params, generate_series(${from}::int, ${to}::int) as g
    `.execute(db);
  }

  // 40 first names × 25 surnames: a surname search matches one user in 25 (40,000 at a million).
  const userNames = sql`select ${USER_FIRST_NAMES}::text[] as f, ${USER_SURNAMES}::text[] as s`;
  for (let from = 1; from <= (opts.users ?? 0); from += BATCH) {
    const to = Math.min(opts.users!, from + BATCH - 1);
    await sql`
      insert into app_users (name, email, age, is_active, created_at)
      select
        f[1 + g % cardinality(f)] || ' ' || s[1 + (g / cardinality(f)) % cardinality(s)],
        lower(f[1 + g % cardinality(f)]) || '.' || g || '@example.com',
        16 + g % 50,
        g % 9 <> 0,
        ${now}::timestamptz - ((g::bigint * 7919) % ${spreadSeconds}) * interval '1 second'
      from (${userNames}) as names, generate_series(${from}::int, ${to}::int) as g
    `.execute(db);
  }

  const records = 50_000;
  for (let from = 1; from <= (opts.activity ?? 0); from += BATCH) {
    const to = Math.min(opts.activity!, from + BATCH - 1);
    await sql`
      insert into activity (at, admin_id, admin_first_name, admin_last_name, action, resource, record_id, record_label, changes)
      select
        ${now}::timestamptz - (${opts.activity!}::int - g) * interval '30 second',
        ${opts.adminId}::uuid, 'Bench', 'Admin',
        (array['create', 'update', 'update', 'update', 'delete'])[1 + g % 5],
        'teams',
        ${bulkActivityRecordId(sql`g % ${records}::int`)},
        p[1 + g % cardinality(p)] || ' ' || w[1 + (g / 7) % cardinality(w)] || ' #' || (g % ${records}::int),
        jsonb_build_array(jsonb_build_object('field', 'coach', 'before', 'Coach ' || g, 'after', 'Coach ' || (g + 1)))
      from (${params}) as params, generate_series(${from}::int, ${to}::int) as g
    `.execute(db);
  }
}

const USER_FIRST_NAMES = [
  'Aarav', 'Vihaan', 'Aditya', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Kabir',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Myra', 'Kiara', 'Pari', 'Anika', 'Navya', 'Riya',
  'Rahul', 'Vikram', 'Suresh', 'Manoj', 'Deepak', 'Priya', 'Neha', 'Pooja', 'Sneha', 'Kavya',
  'Farhan', 'Imran', 'Zoya', 'Ayesha', 'Harpreet', 'Gurpreet', 'Joseph', 'Maria', 'Tenzin', 'Lalit',
];
const USER_SURNAMES = [
  'Sharma', 'Verma', 'Patel', 'Reddy', 'Iyer', 'Nair', 'Gupta', 'Singh', 'Kumar', 'Das',
  'Mukherjee', 'Banerjee', 'Joshi', 'Kulkarni', 'Desai', 'Mehta', 'Shah', 'Khan', 'Fernandes', 'Pillai',
  'Menon', 'Chauhan', 'Yadav', 'Bose', 'Rao',
];
