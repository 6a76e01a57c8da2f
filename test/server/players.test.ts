import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, GENERIC, UPLOAD, VALIDATION } from '../../src/domain/messages';
import { PLAYER_TEXTS } from '../../src/domain/entities/players';
import { expectImageChecks, expectImageKept, expectImageReplaced, expectNotFound, fieldErrors } from './checks';
import {
  createServerWithLookups,
  insertTeam,
  minutesApart,
  resourceClient,
  UNKNOWN_ID,
  type FormFields,
  type Lookups,
} from './fixtures';
import { pngFile, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
let lookups: Lookups;
let chargers: string;
let titans: string;
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
  chargers = await insertTeam(server.db, { name: 'Mumbai Chargers', coach: 'Ravi Shastri', sportId: lookups.cricket });
  titans = await insertTeam(server.db, { name: 'Chennai Titans', sportId: lookups.cricket });
});
afterAll(() => server.close());


const validPlayer = (overrides: FormFields = {}): FormFields => ({
  name: 'Rohit Verma',
  age: 31,
  bowling: lookups.spin,
  batting: lookups.rightHanded,
  battingOrder: lookups.opener,
  team_id: chargers,
  playingRole: 'Batsman',
  videoUrl: 'https://www.youtube.com/watch?v=abc123',
  ...overrides,
});


const api = resourceClient(() => server, '/admin/player');
const { get, list } = api;
const createPlayer = (overrides: FormFields = {}) => api.create(validPlayer(overrides));


describe('POST /admin/player', () => {
  it('stores the player with every reference populated', async () => {
    const res = await api.post(validPlayer({ image: await pngFile() }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const team = { _id: chargers, name: 'Mumbai Chargers', coach: 'Ravi Shastri' };
    expect(body).toMatchObject({
      success: true,
      message: PLAYER_TEXTS.createSuccess,
      data: {
        name: 'Rohit Verma',
        age: 31,
        isActive: true,
        playingRole: 'Batsman',
        videoUrl: 'https://www.youtube.com/watch?v=abc123',
        team_id: team,
        team,
        bowling: { _id: lookups.spin, style: 'Right-arm off spin' },
        batting: { _id: lookups.rightHanded, battingsType: 'Right-handed', description: 'Bats right-handed' },
        battingOrder: { _id: lookups.opener, order: 1, position: 'Opener' },
      },
    });
    expect(body.data.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(server.fileOnDisk(body.data.image))).toBe(true);
    expect((await get(body.data._id)).json().data).toEqual(body.data);
  });

  it('needs only a name; empty fields mean none', async () => {
    const player = await createPlayer({
      age: '',
      bowling: '',
      batting: '',
      battingOrder: '',
      team_id: '',
      playingRole: '',
      videoUrl: '',
    });
    expect(player).toMatchObject({
      age: null,
      image: null,
      playingRole: null,
      videoUrl: null,
      team_id: null,
      team: null,
      bowling: null,
      batting: null,
      battingOrder: null,
    });
    const bare = await api.post({ name: 'Only A Name' });
    expect(bare.statusCode).toBe(200);
  });

  it('refuses an age too large for the database with a 400, not a 500', async () => {
    const res = await api.post({ name: 'Ancient', age: '99999999999' });
    expect(Object.keys(fieldErrors(res))).toEqual(['age']);
  });

  it('answers the rule messages and stores nothing', async () => {
    const before = await server.storedFiles();
    const res = await api.post(validPlayer({ name: ' ', age: 0, playingRole: 'Wicket-keeper', videoUrl: 'javascript:alert(1)', image: await pngFile() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation.failed',
      message: VALIDATION.nameRequired,
      errors: {
        name: VALIDATION.nameRequired,
        age: VALIDATION.ageMin,
        playingRole: VALIDATION.playingRoleInvalid,
        videoUrl: VALIDATION.videoUrlInvalid,
      },
    });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('answers a field error for each reference that names nothing', async () => {
    const before = await server.storedFiles();
    const res = await api.post(
      validPlayer({ team_id: UNKNOWN_ID, bowling: 'fast', batting: lookups.opener, battingOrder: UNKNOWN_ID, image: await pngFile() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      team_id: VALIDATION.referenceNotFound,
      bowling: VALIDATION.referenceNotFound,
      batting: VALIDATION.referenceNotFound,
      battingOrder: VALIDATION.referenceNotFound,
    });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('refuses an image over 5 MB with 413 and a non-image with 415', () =>
    expectImageChecks((image) => api.post(validPlayer({ image })), server.storedFiles, UPLOAD.tooLarge));

  it('needs a token', async () => {
    const res = await api.anonymous('POST', '', validPlayer());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});

describe('GET /admin/player/:id', () => {
  it('answers 404 for an unknown id and for a malformed one', () => expectNotFound(get, PLAYER_TEXTS.notFound));

  it('needs a token', async () => {
    const player = await createPlayer();
    expect((await api.anonymous('GET', `/${player._id}`)).statusCode).toBe(401);
  });
});

describe('PUT /admin/player/:id', () => {
  it('updates the fields sent, keeps the absent ones and the image', async () => {
    const player = await createPlayer({ image: await pngFile() });
    // The original panel's edit form sends no playingRole or videoUrl.
    const res = await api.put(player._id, {
      name: 'Rohit V.',
      age: 32,
      bowling: lookups.pace,
      batting: '',
      battingOrder: lookups.middle,
      team_id: titans,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: PLAYER_TEXTS.editSuccess,
      data: {
        _id: player._id,
        name: 'Rohit V.',
        age: 32,
        playingRole: 'Batsman',
        videoUrl: player.videoUrl,
        image: player.image,
        team_id: { _id: titans, name: 'Chennai Titans', coach: null },
        bowling: { _id: lookups.pace, style: 'Left-arm fast' },
        batting: null,
        battingOrder: { _id: lookups.middle, order: 4, position: 'Middle order' },
      },
    });
    expectImageKept(server, player.image, res.json().data.image);
  });

  it('replaces the image and removes the old file', async () => {
    const player = await createPlayer({ image: await pngFile() });
    const res = await api.put(player._id, validPlayer({ image: await pngFile({ color: '#6a1b9a' }) }));
    expectImageReplaced(server, player.image, res.json().data.image);
  });

  it('validates like create and changes nothing', async () => {
    const player = await createPlayer();
    const before = await server.storedFiles();
    const res = await api.put(player._id, validPlayer({ name: '', age: -3 }));
    expect(res.json().errors).toEqual({ name: VALIDATION.nameRequired, age: VALIDATION.ageMin });
    const stale = await api.put(player._id, validPlayer({ team_id: UNKNOWN_ID, image: await pngFile() }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual({ team_id: VALIDATION.referenceNotFound });
    expect((await get(player._id)).json().data).toEqual(player);
    expect(await server.storedFiles()).toEqual(before);
  });

  it('answers 404 for an unknown id without keeping the uploaded file', async () => {
    const image = await pngFile();
    await expectNotFound((id) => api.put(id, validPlayer({ image })), PLAYER_TEXTS.notFound, server.storedFiles);
  });

  it('needs a token', async () => {
    const player = await createPlayer();
    const res = await api.anonymous('PUT', `/${player._id}`, validPlayer());
    expect(res.statusCode).toBe(401);
  });

  it('has no delete', async () => {
    const player = await createPlayer();
    expect((await api.remove(player._id)).statusCode).toBe(404);
    expect((await get(player._id)).statusCode).toBe(200);
  });
});

describe('GET /admin/player', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('players').execute();
  });

  /** n players one minute apart (1 oldest), "Player 01"…, alternately in each team. */
  async function seed(n: number) {
    await server.db
      .insertInto('players')
      .values(
        minutesApart(n).map((created_at, i) => ({
          name: `Player ${String(i + 1).padStart(2, '0')}`,
          age: 20 + i,
          team_id: i % 2 === 0 ? chargers : titans,
          created_at,
        })),
      )
      .execute();
  }
  const names = async (query: string) => (await list(query)).json().data.docs.map((p: { name: string }) => p.name);

  it('answers an empty page when there are no players', () => expectEmptyPage(list));

  it('pages newest first with the team populated', async () => {
    await seed(25);
    const first = (await list()).json().data.docs[0];
    expect(first).toMatchObject({ name: 'Player 25', team: { _id: chargers, name: 'Mumbai Chargers' } });
    await expectPagesOf25(list, 'name');
  });

  it('searches by name, case-insensitively', async () => {
    await seed(12);
    expect(await names('?search=PLAYER%2011')).toEqual(['Player 11']);
    expect(await names('?search=er%201&sort=name&order=asc')).toEqual(['Player 10', 'Player 11', 'Player 12']);
  });

  it("filters by team, and a malformed team id finds nobody", async () => {
    await seed(6);
    expect(await names(`?team_id=${titans}`)).toEqual(['Player 06', 'Player 04', 'Player 02']);
    expect(await names(`?team_id=${chargers}&search=05`)).toEqual(['Player 05']);
    expect((await list(`?team_id=${UNKNOWN_ID}`)).json().data.totalDocs).toBe(0);
    const malformed = await list('?team_id=nope');
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().data.totalDocs).toBe(0);
  });

  it('filters by playing role, with the team filter and search; refuses a role that is not one of the three', async () => {
    await server.db
      .insertInto('players')
      .values(
        minutesApart(5).map((created_at, i) => ({
          name: `Player ${i + 1}`,
          team_id: i < 3 ? chargers : titans,
          playing_role: ['Batsman', 'Bowler', 'All-rounder', 'Bowler', null][i],
          created_at,
        })),
      )
      .execute();
    expect(await names('?playingRole=Bowler')).toEqual(['Player 4', 'Player 2']);
    expect(await names(`?playingRole=Bowler&team_id=${titans}`)).toEqual(['Player 4']);
    expect(await names('?playingRole=All-rounder&search=player')).toEqual(['Player 3']);
    const wrong = await list('?playingRole=Wicket-keeper');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().success).toBe(false);
  });

  it('sorts by age', async () => {
    await seed(3);
    expect(await names('?sort=age&order=asc')).toEqual(['Player 01', 'Player 02', 'Player 03']);
  });

  it('needs a token', async () => {
    expect((await api.anonymous('GET')).statusCode).toBe(401);
  });
});

describe('GET /admin/player/stats', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('players').execute();
  });
  const stats = () => server.request({ method: 'GET', url: '/admin/player/stats' });

  it('answers zero when there are no players', async () => {
    const res = await stats();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { total: 0 }, message: GENERIC.fetched });
  });

  it('counts every player, not a page, a search or a filter of them', async () => {
    for (let i = 0; i < 7; i++) await createPlayer({ name: `Squad ${i}`, team_id: i % 2 ? chargers : '' });
    expect((await list(`?limit=2&team_id=${titans}&search=squad`)).json().data.totalDocs).toBe(0);
    expect((await stats()).json().data).toEqual({ total: 7 });
  });

  it('is not taken for a player id', async () => {
    const player = await createPlayer();
    expect((await stats()).json().data).toEqual({ total: 1 });
    expect((await get(player._id)).json().data._id).toBe(player._id);
  });

  it('needs a token', async () => {
    const res = await api.anonymous('GET', '/stats');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});
