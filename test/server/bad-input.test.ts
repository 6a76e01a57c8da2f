/**
 * Input a careless or hostile client sends, which used to reach the database or the multipart
 * parser and answer 500: each is refused with a 4xx in the envelope and changes nothing. Text is
 * cleaned of control characters, and stored news HTML keeps only pictures it may show.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD, VALIDATION } from '../../src/domain/messages';
import { createServerWithLookups, type Lookups } from './fixtures';
import { multipart, pngFile, type TestServer } from './harness';

let server: TestServer;
let lookups: Lookups;
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
});
afterAll(() => server.close());

const NEWS = { title: 'Final over thriller', small_description: 'A last-ball finish', description: '<p>What a game</p>' };

/** How many rows the tables these requests write to hold, and the files stored. */
async function snapshot() {
  const count = async (table: 'news' | 'players' | 'matches' | 'teams') =>
    Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { news: await count('news'), players: await count('players'), matches: await count('matches'), teams: await count('teams'), files: await server.storedFiles() };
}

let before: Awaited<ReturnType<typeof snapshot>>;
beforeEach(async () => {
  before = await snapshot();
});

function expectRefused(res: { statusCode: number; json(): unknown }, status: number, body: Record<string, unknown>) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toMatchObject({ success: false, ...body });
}

const postJson = (url: string, payload: string | object) =>
  server.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

describe('a NUL byte', () => {
  it.each(['title', 'small_description', 'description', 'category'])('in the news %s is refused at that field', async (field) => {
    const res = await postJson('/admin/news', { ...NEWS, [field]: `${NEWS[field as keyof typeof NEWS] ?? 'Local'} \u0000 end` });
    expectRefused(res, 400, { message: VALIDATION.nulCharacter, errors: { [field]: VALIDATION.nulCharacter } });
    expect(await snapshot()).toEqual(before);
  });

  it('in a multipart field is refused', async () => {
    const res = await server.request({ method: 'POST', url: '/admin/teams', ...(await multipart({ name: 'Null\u0000Team', sport: lookups.cricket })) });
    expectRefused(res, 400, { errors: { name: VALIDATION.nulCharacter } });
    expect(await snapshot()).toEqual(before);
  });

  it('in a search is refused', async () => {
    for (const url of ['/admin/news?search=a%00b', '/admin/teams?search=%00', '/admin/registrations?search=x%00']) {
      expectRefused(await server.request({ method: 'GET', url }), 400, { errors: { search: VALIDATION.nulCharacter } });
    }
  });
});

describe('text fields', () => {
  it('lose control characters other than newline and tab', async () => {
    const res = await postJson('/admin/news', {
      ...NEWS,
      title: 'Final\u0007 over\u001b thriller\u007f',
      small_description: 'Line one\r\nline\ttwo\u0085',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Final over thriller', small_description: 'Line one\nline\ttwo' });
  });

  it('made only of invisible characters count as empty', async () => {
    const res = await postJson('/admin/news', { ...NEWS, title: '\u200b\u200b\u2060\ufeff\u00a0\u200b' });
    expectRefused(res, 400, { errors: { title: VALIDATION.titleRequired } });
    const video = await server.request({
      method: 'POST',
      url: '/admin/videos',
      ...(await multipart({ title: '\u200d\u200c\u200b', category: 'Highlights', videoUrl: 'https://example.org/v', image: await pngFile() })),
    });
    expectRefused(video, 400, { errors: { title: VALIDATION.titleRequired } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('numbers', () => {
  it.each(['1e309', '-1e309', '1.5', '99999999999'])('age %s in JSON is refused', async (age) => {
    const res = await postJson('/admin/player', `{"name":"Big Number","age":${age}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { age: expect.any(String) } });
    expect(await snapshot()).toEqual(before);
  });

  it.each(['Infinity', '-Infinity', 'NaN', '1e309'])('%s in a multipart form is refused', async (value) => {
    const res = await server.request({ method: 'POST', url: '/admin/player', ...(await multipart({ name: 'Big Number', age: value })) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { age: expect.any(String) } });
    expect(await snapshot()).toEqual(before);
  });

  it.each(['Infinity', '1e309', '-Infinity'])('page=%s in a list query is refused', async (page) => {
    for (const list of ['/admin/news', '/admin/teams', '/admin/registrations']) {
      expectRefused(await server.request({ method: 'GET', url: `${list}?page=${page}` }), 400, { errors: { page: VALIDATION.wholeNumber } });
    }
  });
});

describe('a match date', () => {
  it.each(['-010000-01-01', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-01-01'])('%s, outside what can be stored, is refused', async (matchDate) => {
    const res = await server.request({
      method: 'POST',
      url: '/admin/matches',
      ...(await multipart({ matchDate, stadium: lookups.stadium, teamA: 'A', teamB: 'B', result: 'Upcoming' })),
    });
    expectRefused(res, 400, { errors: { matchDate: VALIDATION.matchDateInvalid } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('a broken multipart body', () => {
  const sendRaw = (contentType: string, payload: string | Buffer) =>
    server.request({ method: 'POST', url: '/admin/news', headers: { 'content-type': contentType }, payload });

  const part = (boundary: string, name: string | undefined, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data${name === undefined ? '' : `; name="${name}"`}\r\n\r\n${value}\r\n`;
  const fullBody = (boundary: string) =>
    Object.entries(NEWS).map(([name, value]) => part(boundary, name, value)).join('') + `--${boundary}--\r\n`;

  it.each([
    ['no boundary', 'multipart/form-data', fullBody('abc')],
    ['a wrong boundary', 'multipart/form-data; boundary=other', fullBody('abc')],
    ['a body cut short', 'multipart/form-data; boundary=abc', fullBody('abc').slice(0, 120)],
    ['a part without a name', 'multipart/form-data; boundary=abc', part('abc', undefined, 'x') + fullBody('abc')],
    ['a part named __proto__', 'multipart/form-data; boundary=abc', part('abc', '__proto__', 'x') + fullBody('abc')],
  ])('with %s is refused', async (_, contentType, payload) => {
    const res = await sendRaw(contentType, payload);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it('cut short inside a file part is refused', async () => {
    const payload = part('abc', 'title', NEWS.title) + '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n';
    const res = await sendRaw('multipart/form-data; boundary=abc', payload);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false });
    expect(await snapshot()).toEqual(before);
  });

  it('answers the malformed-form message', async () => {
    expectRefused(await sendRaw('multipart/form-data; boundary=abc', fullBody('abc').slice(0, 120)), 400, { message: UPLOAD.malformedForm });
  });
});

describe('news HTML pictures', () => {
  it('keep only this server\'s uploads and https sources', async () => {
    const description = [
      '<p>Text</p>',
      '<img src="/uploads/3f1c.png" alt="kept">',
      '<img src="https://cdn.example.org/a.png" alt="kept too">',
      '<img src="/uploads/../admin/users" alt="climbs out">',
      '<img src="/uploads/sub/dir.png" alt="nested">',
      '<img src="/uploads/%2e%2e/admin" alt="encoded">',
      '<img src="http://example.org/a.png" alt="plain http">',
      '<img src="//example.org/a.png" alt="protocol relative">',
      '<img src="data:image/png;base64,AAAA" alt="data">',
    ].join('');
    const res = await postJson('/admin/news', { ...NEWS, description });
    expect(res.statusCode).toBe(200);
    const stored: string = res.json().data.description;
    expect(stored).toContain('alt="kept"');
    expect(stored).toContain('alt="kept too"');
    for (const alt of ['climbs out', 'nested', 'encoded', 'plain http', 'protocol relative', 'data']) expect(stored).not.toContain(alt);
  });
});
