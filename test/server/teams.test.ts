import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, GENERIC, UPLOAD, VALIDATION } from '../../src/domain/messages';
import { TEAM_TEXTS } from '../../src/domain/entities/teams';
import { expectImageChecks, expectImageKept, expectImageReplaced, expectNotFound } from './checks';
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
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
});
afterAll(() => server.close());


const validTeam = (overrides: FormFields = {}): FormFields => ({
  name: 'Mumbai Chargers',
  sport: lookups.cricket,
  coach: 'Ravi Shastri',
  isActive: true,
  ...overrides,
});


const api = resourceClient(() => server, '/admin/teams');
const { get, list } = api;
/** The original panel's team detail screen spells the path with a capital S. */
const capitalS = resourceClient(() => server, '/admin/Teams');
const createTeam = (overrides: FormFields = {}) => api.create(validTeam(overrides));


describe('POST /admin/teams', () => {
  it('stores the team with its sport and logo', async () => {
    const res = await api.post(validTeam({ logo: await pngFile() }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: TEAM_TEXTS.createSuccess,
      data: {
        name: 'Mumbai Chargers',
        sport: { _id: lookups.cricket, name: 'Cricket' },
        coach: 'Ravi Shastri',
        isActive: true,
        playerCount: 0,
        players: [],
      },
    });
    expect(body.data.logo).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(server.fileOnDisk(body.data.logo))).toBe(true);
  });

  it('is active by default; coach and logo are optional', async () => {
    const team = await createTeam({ coach: undefined, isActive: undefined });
    expect(team).toMatchObject({ coach: null, logo: null, isActive: true });
    expect((await createTeam({ coach: '  ', isActive: false })).isActive).toBe(false);
  });

  it('answers the create messages and stores nothing', async () => {
    const before = await server.storedFiles();
    const res = await api.post({ name: '', logo: await pngFile() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation.failed',
      message: VALIDATION.teamNameRequired,
      errors: { name: VALIDATION.teamNameRequired, sport: VALIDATION.sportSelectionRequired },
    });
    const short = await api.post(validTeam({ name: 'M' }));
    expect(short.json().errors).toEqual({ name: VALIDATION.teamNameMin2 });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('answers a field error for a sport that does not exist', async () => {
    const before = await server.storedFiles();
    for (const sport of [UNKNOWN_ID, 'cricket']) {
      const res = await api.post(validTeam({ sport, logo: await pngFile() }));
      expect(res.statusCode, sport).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'validation.failed', message: VALIDATION.referenceNotFound, errors: { sport: VALIDATION.referenceNotFound } });
    }
    expect(await server.storedFiles()).toEqual(before);
  });

  it("refuses a logo over 5 MB with the team form's 413 text, and a non-image with 415", () =>
    expectImageChecks((logo) => api.post(validTeam({ logo })), server.storedFiles, UPLOAD.teamLogoTooLarge, 'logo'));

  it('needs a token', async () => {
    const res = await api.anonymous('POST', '', validTeam());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});

describe('GET /admin/teams/:id', () => {
  it('answers the team with its players, also at the capital-S path', async () => {
    const team = await createTeam();
    await server.db
      .insertInto('players')
      .values([
        { name: 'Zaheer', age: 30, team_id: team._id, batting_order_id: lookups.middle },
        { name: 'Ajinkya', age: 28, team_id: team._id, batting_id: lookups.rightHanded },
      ])
      .execute();
    const res = await get(team._id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ _id: team._id, playerCount: 2 });
    expect(data.players.map((p: { name: string }) => p.name)).toEqual(['Ajinkya', 'Zaheer']);
    expect(data.players[0]).toMatchObject({
      age: 28,
      isActive: true,
      team_id: { _id: team._id, name: 'Mumbai Chargers', coach: 'Ravi Shastri' },
      batting: { _id: lookups.rightHanded, battingsType: 'Right-handed', description: 'Bats right-handed' },
      battingOrder: null,
    });
    expect(data.players[1].battingOrder).toEqual({ _id: lookups.middle, order: 4, position: 'Middle order' });

    const capital = await capitalS.get(team._id);
    expect(capital.statusCode).toBe(200);
    expect(capital.json()).toEqual(res.json());
  });

  it('answers 404 for an unknown id and for a malformed one, on both paths', async () => {
    await expectNotFound(get, TEAM_TEXTS.notFound);
    await expectNotFound(capitalS.get, TEAM_TEXTS.notFound);
  });

  it('needs a token', async () => {
    const team = await createTeam();
    expect((await capitalS.anonymous('GET', `/${team._id}`)).statusCode).toBe(401);
  });
});

describe('PUT /admin/teams/:id', () => {
  it('updates every field and keeps the logo when none is sent', async () => {
    const team = await createTeam({ logo: await pngFile() });
    const res = await api.put(team._id, { name: 'Mumbai Titans', sport: lookups.football, coach: 'New Coach', isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: TEAM_TEXTS.editSuccess,
      data: { name: 'Mumbai Titans', sport: { _id: lookups.football, name: 'Football' }, coach: 'New Coach', isActive: false, logo: team.logo },
    });
    expectImageKept(server, team.logo, res.json().data.logo);
  });

  it('keeps the coach and flag when absent and clears the coach when sent empty', async () => {
    const team = await createTeam({ isActive: false });
    const kept = await api.put(team._id, { name: 'Same Team', sport: lookups.cricket });
    expect(kept.json().data).toMatchObject({ coach: 'Ravi Shastri', isActive: false });
    const cleared = await api.put(team._id, { name: 'Same Team', sport: lookups.cricket, coach: '' });
    expect(cleared.json().data.coach).toBeNull();
  });

  it('replaces the logo and removes the old file', async () => {
    const team = await createTeam({ logo: await pngFile() });
    const res = await api.put(team._id, validTeam({ logo: await pngFile({ color: '#1565c0' }) }));
    expectImageReplaced(server, team.logo, res.json().data.logo);
  });

  it('removes the logo named in removeImages[] and its file; a new logo sent with it wins', async () => {
    const team = await createTeam({ logo: await pngFile() });
    const res = await api.put(team._id, validTeam({ 'removeImages[]': ['logo'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toBeNull();
    expect((await get(team._id)).json().data.logo).toBeNull();
    expect(existsSync(server.fileOnDisk(team.logo))).toBe(false);

    const again = await createTeam({ logo: await pngFile() });
    const replaced = await api.put(again._id, validTeam({ logo: await pngFile({ color: '#1565c0' }), 'removeImages[]': ['logo'] }));
    expectImageReplaced(server, again.logo, replaced.json().data.logo);
  });

  it('refuses other names in removeImages, and keeps the logo when the edit fails', async () => {
    const team = await createTeam({ logo: await pngFile() });
    const wrong = await api.put(team._id, validTeam({ 'removeImages[]': ['image'] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'validation.failed',
      message: 'removeImages may only name: logo',
      errors: { removeImages: 'removeImages may only name: logo' },
    });
    const unknownSport = await api.put(team._id, validTeam({ sport: UNKNOWN_ID, 'removeImages[]': ['logo'] }));
    expect(unknownSport.json().errors).toEqual({ sport: VALIDATION.referenceNotFound });
    expect((await get(team._id)).json().data).toEqual(team);
    expectImageKept(server, team.logo, team.logo);
  });

  it('answers the edit messages and changes nothing', async () => {
    const team = await createTeam();
    const before = await server.storedFiles();
    const res = await api.put(team._id, { name: 'X', sport: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: VALIDATION.teamNameMin2, sport: VALIDATION.sportRequired });
    const unknown = await api.put(team._id, validTeam({ sport: UNKNOWN_ID, logo: await pngFile() }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ sport: VALIDATION.referenceNotFound });
    expect((await get(team._id)).json().data).toEqual(team);
    expect(await server.storedFiles()).toEqual(before);
  });

  it('answers 404 for an unknown id without keeping the uploaded file', async () => {
    const logo = await pngFile();
    await expectNotFound((id) => api.put(id, validTeam({ logo })), TEAM_TEXTS.notFound, server.storedFiles);
  });

  it('needs a token', async () => {
    const team = await createTeam();
    const res = await api.anonymous('PUT', `/${team._id}`, validTeam());
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /admin/teams/:id', () => {
  it('deletes the team and its logo; its players stay, without a team', async () => {
    const team = await createTeam({ logo: await pngFile() });
    const { id: playerId } = await server.db.insertInto('players').values({ name: 'Left Behind', team_id: team._id }).returning('id').executeTakeFirstOrThrow();
    const res = await api.remove(team._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: TEAM_TEXTS.deleteSuccess });
    expect(existsSync(server.fileOnDisk(team.logo))).toBe(false);
    expect((await get(team._id)).statusCode).toBe(404);

    const player = await resourceClient(() => server, '/admin/player').get(playerId);
    expect(player.json().data).toMatchObject({ name: 'Left Behind', team_id: null, team: null });

    const again = await api.remove(team._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(TEAM_TEXTS.notFound);
  });

  it('needs a token', async () => {
    const team = await createTeam();
    expect((await api.anonymous('DELETE', `/${team._id}`)).statusCode).toBe(401);
  });
});

describe('GET /admin/teams', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('teams').execute();
  });

  /** n teams one minute apart (1 oldest), "Team 01"…; coaches alternate; every third inactive. */
  async function seed(n: number) {
    for (const [i, created] of minutesApart(n).entries()) {
      await insertTeam(server.db, {
        name: `Team ${String(i + 1).padStart(2, '0')}`,
        coach: i % 2 === 0 ? 'Anil Kumble' : null,
        sportId: lookups.cricket,
        isActive: i % 3 !== 2,
        created,
      });
    }
  }
  const names = async (query: string) => (await list(query)).json().data.docs.map((t: { name: string }) => t.name);

  it('answers an empty page when there are no teams', () => expectEmptyPage(list));

  it('pages newest first with sport and player count', async () => {
    await seed(25);
    const first = (await list()).json().data.docs[0];
    expect(first).toMatchObject({ name: 'Team 25', sport: { name: 'Cricket' }, coach: 'Anil Kumble', playerCount: 0 });
    expect(first).not.toHaveProperty('players');
    await expectPagesOf25(list, 'name');
  });

  it('searches name or coach, case-insensitively', async () => {
    await seed(6);
    expect(await names('?search=team%2004')).toEqual(['Team 04']);
    expect(await names('?search=KUMBLE')).toEqual(['Team 05', 'Team 03', 'Team 01']);
  });

  it('filters by active flag', async () => {
    await seed(6);
    expect(await names('?isActive=false')).toEqual(['Team 06', 'Team 03']);
    expect((await list('?isActive=true')).json().data.totalDocs).toBe(4);
    expect(await names('?isActive=true&search=kumble&sort=name&order=asc')).toEqual(['Team 01', 'Team 05']);
    expect((await list('?isActive=maybe')).statusCode).toBe(400);
  });

  it('filters by sport, with search and the active flag; an unknown or malformed sport id finds nobody', async () => {
    await seed(4);
    await insertTeam(server.db, { name: 'Kickers', coach: 'Anil Kumble', sportId: lookups.football });
    await insertTeam(server.db, { name: 'Idle Kickers', sportId: lookups.football, isActive: false });
    // Both made within one millisecond, perhaps: which comes first is not the point here.
    expect((await names(`?sport=${lookups.football}`)).sort()).toEqual(['Idle Kickers', 'Kickers']);
    expect((await list(`?sport=${lookups.cricket}`)).json().data.totalDocs).toBe(4);
    expect(await names(`?sport=${lookups.football}&search=kumble`)).toEqual(['Kickers']);
    expect(await names(`?sport=${lookups.football}&isActive=false`)).toEqual(['Idle Kickers']);
    expect((await list(`?sport=${UNKNOWN_ID}`)).json().data.totalDocs).toBe(0);
    const malformed = await list('?sport=cricket');
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().data.totalDocs).toBe(0);
  });

  it('needs a token', async () => {
    expect((await api.anonymous('GET')).statusCode).toBe(401);
  });
});

describe('GET /admin/teams/stats', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('teams').execute();
  });
  const stats = () => server.request({ method: 'GET', url: '/admin/teams/stats' });

  it('answers zeros when there are no teams', async () => {
    const res = await stats();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { total: 0, active: 0, withCoach: 0 }, message: GENERIC.fetched });
  });

  it('counts every team, the active ones and those with a coach (a blank coach is none)', async () => {
    await createTeam();
    await createTeam({ coach: '', isActive: false });
    await createTeam({ coach: undefined });
    await insertTeam(server.db, { name: 'Old Boys', coach: 'Kapil Dev', isActive: false });
    await insertTeam(server.db, { name: 'Blank Coach', coach: '   ' });
    expect((await stats()).json().data).toEqual({ total: 5, active: 3, withCoach: 2 });
  });

  it('counts all teams, not a page, a search or a filter of them', async () => {
    for (let i = 0; i < 12; i++) await insertTeam(server.db, { name: `Team ${i}`, coach: i % 3 ? 'Coach' : null, isActive: i % 2 === 0 });
    expect((await list('?limit=5&isActive=true&search=nothing-like-this')).json().data.totalDocs).toBe(0);
    expect((await stats()).json().data).toEqual({ total: 12, active: 6, withCoach: 8 });
  });

  it('is not taken for a team id, on either path', async () => {
    const team = await createTeam();
    expect((await stats()).json().data.total).toBe(1);
    expect((await get(team._id)).json().data._id).toBe(team._id);
    expect((await capitalS.get('stats')).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await api.anonymous('GET', '/stats');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});
