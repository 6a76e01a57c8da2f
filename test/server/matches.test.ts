import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATCH_TEXTS } from '../../src/domain/entities/matches';
import { GENERIC, UPLOAD, VALIDATION } from '../../src/domain/messages';
import { expectImageChecks, expectImageKept, expectImageReplaced, expectNotFound, expectTokenRequired, fieldErrors } from './checks';
import { createServerWithLookups, insertTeam, minutesApart, UNKNOWN_ID, type Lookups } from './fixtures';
import { multipart, pngFile, type FilePart, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
let lookups: Lookups;
let eden: string;
let mumbai: string;
let chennai: string;
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
  eden = (await server.db.selectFrom('stadiums').select('id').where('name', '=', 'Eden Gardens').executeTakeFirstOrThrow()).id;
  mumbai = await insertTeam(server.db, { name: 'Mumbai Mavericks', coach: 'R. Shastri', sportId: lookups.cricket });
  chennai = await insertTeam(server.db, { name: 'Chennai Chargers' });
});
afterAll(() => server.close());

type Fields = Record<string, string | number | FilePart | undefined | string[]>;

const validMatch = (overrides: Fields = {}): Fields => ({
  matchDate: '2025-03-14',
  stadium: lookups.stadium,
  teamA: mumbai,
  teamB: chennai,
  result: 'Team A Won',
  ...overrides,
});

const send = async (method: 'POST' | 'PUT', url: string, fields: Fields) =>
  server.request({ method, url, ...(await multipart(fields)) });

async function createMatch(overrides: Fields = {}) {
  const res = await send('POST', '/admin/matches', validMatch(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const get = (id: string) => server.request({ method: 'GET', url: `/admin/matches/${id}` });
const list = (query: string) => server.request({ method: 'GET', url: `/admin/matches${query}` });

describe('POST /admin/matches', () => {
  it('stores the match with its images and answers it populated', async () => {
    const res = await send(
      'POST',
      '/admin/matches',
      validMatch({
        matchTime: '19:30',
        title: 'Season opener',
        overs: '20',
        format: 'T20',
        umpire: 'K. Dharmasena',
        tournament: 'Premier League',
        teamA_Flag: await pngFile(),
        teamB_Flag: await pngFile({ color: '#1565c0' }),
        stadium_image: await pngFile({ color: '#6a1b9a' }),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data, message, success } = res.json();
    expect(success).toBe(true);
    expect(message).toBe(MATCH_TEXTS.createSuccess);
    expect(data).toMatchObject({
      matchDate: '2025-03-14T00:00:00.000Z',
      matchTime: '19:30',
      stadium: { _id: lookups.stadium, name: 'Wankhede Stadium' },
      teamA: {
        _id: mumbai,
        name: 'Mumbai Mavericks',
        coach: 'R. Shastri',
        logo: null,
        sport: { _id: lookups.cricket, name: 'Cricket' },
        sportDetails: { name: 'Cricket' },
      },
      teamB: { _id: chennai, name: 'Chennai Chargers', coach: null, sport: null, sportDetails: { name: null } },
      result: 'Team A Won',
      title: 'Season opener',
      overs: 20,
      format: 'T20',
      umpire: 'K. Dharmasena',
      tournament: 'Premier League',
    });
    for (const field of ['teamA_Flag', 'teamB_Flag', 'stadium_image']) {
      expect(data[field], field).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      expect(existsSync(server.fileOnDisk(data[field]))).toBe(true);
    }
    expect((await get(data._id)).json().data).toEqual(data);
  });

  it('leaves the optional details and images empty when not sent', async () => {
    const match = await createMatch({ matchDate: '2025-04-01T14:00:00.000Z', overs: '' });
    expect(match).toMatchObject({
      matchDate: '2025-04-01T14:00:00.000Z',
      matchTime: null,
      title: null,
      overs: null,
      teamA_Flag: null,
      teamB_Flag: null,
      stadium_image: null,
    });
  });

  it('answers each required field with the message of its rule and stores nothing', async () => {
    const before = await server.storedFiles();
    const res = await send('POST', '/admin/matches', { teamA_Flag: await pngFile() });
    expect(fieldErrors(res)).toEqual({
      matchDate: VALIDATION.matchDateRequired,
      stadium: VALIDATION.stadiumRequired,
      teamA: VALIDATION.teamARequired,
      teamB: VALIDATION.teamBRequired,
      result: VALIDATION.resultRequired,
    });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('refuses an unreadable date, a result outside the list and overs below 1', async () => {
    const res = await send('POST', '/admin/matches', validMatch({ matchDate: 'next Tuesday', result: 'Abandoned', overs: '0' }));
    expect(fieldErrors(res)).toEqual({
      matchDate: VALIDATION.matchDateInvalid,
      result: VALIDATION.resultInvalid,
      overs: VALIDATION.oversMin,
    });
  });

  it('refuses overs too large for the database with a 400, not a 500', async () => {
    const res = await send('POST', '/admin/matches', validMatch({ overs: '99999999999' }));
    expect(Object.keys(fieldErrors(res))).toEqual(['overs']);
  });

  it('refuses a team playing itself', async () => {
    const res = await send('POST', '/admin/matches', validMatch({ teamB: mumbai }));
    expect(fieldErrors(res)).toEqual({ teamB: VALIDATION.teamsMustDiffer });
  });

  it('refuses ids that name no record, without writing any file', async () => {
    const before = await server.storedFiles();
    const res = await send(
      'POST',
      '/admin/matches',
      validMatch({ stadium: mumbai, teamA: 'nope', teamB: UNKNOWN_ID, stadium_image: await pngFile() }),
    );
    expect(fieldErrors(res)).toEqual({
      stadium: VALIDATION.referenceNotFound,
      teamA: VALIDATION.referenceNotFound,
      teamB: VALIDATION.referenceNotFound,
    });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB (413) and a file that is not an image (415) in any image field', async () => {
    for (const field of ['teamA_Flag', 'teamB_Flag', 'stadium_image']) {
      await expectImageChecks((file) => send('POST', '/admin/matches', validMatch({ [field]: file })), server.storedFiles, UPLOAD.tooLarge, field);
    }
  });
});

describe('GET /admin/matches/:id', () => {
  it('answers 404 for unknown and malformed ids', async () => {
    await expectNotFound(get, MATCH_TEXTS.notFound);
  });

  it('answers a team that was deleted as null', async () => {
    const gone = await insertTeam(server.db, { name: 'Short-lived XI' });
    const match = await createMatch({ teamB: gone });
    await server.db.deleteFrom('teams').where('id', '=', gone).execute();
    expect((await get(match._id)).json().data).toMatchObject({ teamA: { _id: mumbai }, teamB: null });
  });
});

describe('PUT /admin/matches/:id', () => {
  it('changes the fields, keeps images not sent and removes the one replaced', async () => {
    const created = await createMatch({ teamA_Flag: await pngFile(), stadium_image: await pngFile(), title: 'Old title' });
    const res = await send(
      'PUT',
      `/admin/matches/${created._id}`,
      validMatch({ stadium: eden, teamA: chennai, teamB: mumbai, result: 'Draw', title: '', stadium_image: await pngFile({ color: '#000' }) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe(MATCH_TEXTS.editSuccess);
    expect(data).toMatchObject({
      _id: created._id,
      stadium: { _id: eden, name: 'Eden Gardens' },
      teamA: { _id: chennai },
      teamB: { _id: mumbai },
      result: 'Draw',
      title: null,
      teamA_Flag: created.teamA_Flag,
      createdAt: created.createdAt,
    });
    expectImageReplaced(server, created.stadium_image, data.stadium_image);
    expectImageKept(server, created.teamA_Flag, data.teamA_Flag);
  });

  it('validates like create and changes nothing', async () => {
    const created = await createMatch();
    const res = await send('PUT', `/admin/matches/${created._id}`, validMatch({ teamA: '', teamB: chennai, result: 'Tie' }));
    expect(fieldErrors(res)).toEqual({ teamA: VALIDATION.teamARequired, result: VALIDATION.resultInvalid });
    const same = await send('PUT', `/admin/matches/${created._id}`, validMatch({ teamA: chennai }));
    expect(fieldErrors(same)).toEqual({ teamB: VALIDATION.teamsMustDiffer });
    expect((await get(created._id)).json().data).toEqual(created);
  });

  it('removes the images named in removeImages[] and their files, keeps the others; a new file sent with it wins', async () => {
    const created = await createMatch({ stadium_image: await pngFile(), teamA_Flag: await pngFile(), teamB_Flag: await pngFile() });
    const res = await send('PUT', `/admin/matches/${created._id}`, {
      ...validMatch({ result: 'Draw', teamB_Flag: await pngFile({ color: '#1565c0' }) }),
      'removeImages[]': ['stadium_image', 'teamB_Flag'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ result: 'Draw', stadium_image: null, teamA_Flag: created.teamA_Flag });
    expect(existsSync(server.fileOnDisk(created.stadium_image))).toBe(false);
    expectImageKept(server, created.teamA_Flag, data.teamA_Flag);
    expectImageReplaced(server, created.teamB_Flag, data.teamB_Flag);
    expect((await get(created._id)).json().data).toEqual(data);
  });

  it('takes removeImages in a JSON edit too, as one name or a list', async () => {
    const created = await createMatch({ teamA_Flag: await pngFile() });
    const body = { ...validMatch({ result: 'No Result' }), removeImages: ['teamA_Flag'] };
    const res = await server.request({ method: 'PUT', url: `/admin/matches/${created._id}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ result: 'No Result', teamA_Flag: null });
    expect(existsSync(server.fileOnDisk(created.teamA_Flag))).toBe(false);
  });

  it('refuses other names in removeImages, and keeps every image when the edit fails', async () => {
    const created = await createMatch({ stadium_image: await pngFile() });
    const wrong = await send('PUT', `/admin/matches/${created._id}`, { ...validMatch(), 'removeImages[]': ['logo'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ removeImages: 'removeImages may only name: stadium_image, teamA_Flag, teamB_Flag' });
    const same = await send('PUT', `/admin/matches/${created._id}`, { ...validMatch({ teamB: mumbai }), 'removeImages[]': ['stadium_image'] });
    expect(fieldErrors(same)).toEqual({ teamB: VALIDATION.teamsMustDiffer });
    expect((await get(created._id)).json().data).toEqual(created);
    expectImageKept(server, created.stadium_image, created.stadium_image);
  });

  it('answers 404 for unknown and malformed ids without keeping the uploaded file', async () => {
    const form = validMatch({ teamA_Flag: await pngFile() });
    await expectNotFound((id) => send('PUT', `/admin/matches/${id}`, form), MATCH_TEXTS.notFound, server.storedFiles);
  });
});

describe('GET /admin/matches', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('matches').execute();
  });

  /** n matches a minute apart; match i plays on 2025-01-(i+1), at Eden Gardens when i is odd, results in turn. */
  async function seed(n: number) {
    const results = ['Team A Won', 'Team B Won', 'Draw', 'No Result'];
    const created = minutesApart(n);
    await server.db
      .insertInto('matches')
      .values(
        created.map((at, i) => ({
          match_date: new Date(Date.UTC(2025, 0, 28 - i)),
          stadium_id: i % 2 ? eden : lookups.stadium,
          team_a_id: mumbai,
          team_b_id: chennai,
          result: results[i % 4],
          title: `Match ${String(i + 1).padStart(2, '0')}`,
          created_at: at,
        })),
      )
      .execute();
  }
  const titles = async (query: string) => (await list(query)).json().data.docs.map((m: { title: string }) => m.title);

  it('pages newest first, with the shared page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
    expect((await titles('?limit=2'))).toEqual(['Match 25', 'Match 24']);
  });

  it('searches the stadium name case-insensitively and filters by result', async () => {
    await seed(8);
    expect((await list('?search=eden')).json().data.totalDocs).toBe(4);
    expect((await list('?search=WANKHEDE&result=Draw')).json().data.docs.map((m: { title: string }) => m.title)).toEqual(['Match 07', 'Match 03']);
    expect(await titles('?result=No%20Result')).toEqual(['Match 08', 'Match 04']);
    expect((await list('?search=lords')).json().data.totalDocs).toBe(0);
    expect((await list('?result=Abandoned')).statusCode).toBe(400);
  });

  it('sorts by match date or creation date', async () => {
    await seed(3);
    expect(await titles('?sort=matchDate&order=asc')).toEqual(['Match 03', 'Match 02', 'Match 01']);
    expect(await titles('?sort=matchDate&order=desc')).toEqual(['Match 01', 'Match 02', 'Match 03']);
    expect(await titles('?sort=createdAt&order=asc')).toEqual(['Match 01', 'Match 02', 'Match 03']);
  });
});

describe('upcoming and played, the match-date range and the tab counts', () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const stats = (query = '') => server.request({ method: 'GET', url: `/admin/matches/stats${query}` });
  const titles = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.docs.map((m: { title: string }) => m.title);
  };

  /** Six matches around now: three played (10, 3 days and 1 hour ago), three upcoming (in 1 hour, 2 and 9 days). */
  const AROUND_NOW: Array<[title: string, offset: number, result: string, stadium: 'eden' | 'wankhede']> = [
    ['played 10d', -10 * DAY, 'Team A Won', 'eden'],
    ['played 3d', -3 * DAY, 'Draw', 'wankhede'],
    ['played 1h', -HOUR, 'Team B Won', 'eden'],
    ['upcoming 1h', HOUR, 'No Result', 'wankhede'],
    ['upcoming 2d', 2 * DAY, 'No Result', 'eden'],
    ['upcoming 9d', 9 * DAY, 'No Result', 'wankhede'],
  ];
  let now: number;
  beforeEach(async () => {
    await server.db.deleteFrom('matches').execute();
    now = Date.now();
    // Created in the reverse of their match dates, so the default newest-created order is not the match-date order.
    const created = minutesApart(AROUND_NOW.length).reverse();
    await server.db
      .insertInto('matches')
      .values(
        AROUND_NOW.map(([title, offset, result, stadium], i) => ({
          match_date: new Date(now + offset),
          stadium_id: stadium === 'eden' ? eden : lookups.stadium,
          team_a_id: mumbai,
          team_b_id: chennai,
          result,
          title,
          created_at: created[i],
        })),
      )
      .execute();
  });

  it('lists upcoming matches soonest first and played ones latest first', async () => {
    expect(await titles('?when=upcoming')).toEqual(['upcoming 1h', 'upcoming 2d', 'upcoming 9d']);
    expect(await titles('?when=played')).toEqual(['played 1h', 'played 3d', 'played 10d']);
    expect((await list('?when=played')).json().data.totalDocs).toBe(3);
    // An asked sort still wins, and without `when` the list is every match, newest created first.
    expect(await titles('?when=upcoming&sort=matchDate&order=desc')).toEqual(['upcoming 9d', 'upcoming 2d', 'upcoming 1h']);
    expect(await titles('')).toEqual(['played 10d', 'played 3d', 'played 1h', 'upcoming 1h', 'upcoming 2d', 'upcoming 9d']);
    expect((await list('?when=soon')).statusCode).toBe(400);
  });

  it('filters by a match-date range: instants inclusive, a day alone covering the whole day', async () => {
    const iso = (offset: number) => encodeURIComponent(new Date(now + offset).toISOString());
    expect(await titles(`?sort=matchDate&order=asc&from=${iso(-3 * DAY)}&to=${iso(2 * DAY)}`)).toEqual([
      'played 3d',
      'played 1h',
      'upcoming 1h',
      'upcoming 2d',
    ]);
    expect(await titles(`?sort=matchDate&order=asc&from=${iso(-DAY)}`)).toEqual(['played 1h', 'upcoming 1h', 'upcoming 2d', 'upcoming 9d']);
    expect(await titles(`?sort=matchDate&order=asc&to=${iso(-DAY)}`)).toEqual(['played 10d', 'played 3d']);
    // Days: 'played 3d' falls on the day three days back, whatever its hour; its day is both ends of the range.
    const day = new Date(now - 3 * DAY).toISOString().slice(0, 10);
    expect(await titles(`?from=${day}&to=${day}`)).toEqual(['played 3d']);
    expect(await titles(`?when=upcoming&to=${new Date(now + 9 * DAY).toISOString().slice(0, 10)}`)).toEqual([
      'upcoming 1h',
      'upcoming 2d',
      'upcoming 9d',
    ]);
    expect((await list('?from=yesterday')).statusCode).toBe(400);
    expect((await list('?to=2025-02-30T25:00:00Z')).statusCode).toBe(400);
  });

  it('counts all, upcoming and played over the matches the search and filters select', async () => {
    const res = await stats();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { total: 6, upcoming: 3, played: 3 }, message: GENERIC.fetched });
    expect((await stats('?search=EDEN')).json().data).toEqual({ total: 3, upcoming: 1, played: 2 });
    expect((await stats('?result=No%20Result')).json().data).toEqual({ total: 3, upcoming: 3, played: 0 });
    const from = encodeURIComponent(new Date(now - 4 * DAY).toISOString());
    const to = encodeURIComponent(new Date(now + 3 * DAY).toISOString());
    expect((await stats(`?from=${from}&to=${to}&search=wankhede`)).json().data).toEqual({ total: 2, upcoming: 1, played: 1 });
    expect((await stats('?search=lords')).json().data).toEqual({ total: 0, upcoming: 0, played: 0 });
    expect((await stats('?result=Abandoned')).statusCode).toBe(400);
  });

  it('answers the counts at /matches/stats, beside the match at /matches/:id', async () => {
    const [{ id }] = await server.db.selectFrom('matches').select('id').limit(1).execute();
    expect((await get(id)).json().data._id).toBe(id);
    expect((await stats()).json().data.total).toBe(6);
  });
});

it('needs a token for every match route', async () => {
  const form = await multipart(validMatch());
  await expectTokenRequired(server, [
    { method: 'GET', url: '/admin/matches' },
    { method: 'GET', url: '/admin/matches/stats' },
    { method: 'GET', url: `/admin/matches/${UNKNOWN_ID}` },
    { method: 'POST', url: '/admin/matches', ...form },
    { method: 'PUT', url: `/admin/matches/${UNKNOWN_ID}`, ...form },
  ]);
});
