import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '../../src/domain/limits';
import { AUTH, NEWS_TEXTS, NOT_FOUND, UPLOAD, VALIDATION } from '../../src/domain/messages';
import { expectImageChecks, expectImageKept, expectImageReplaced, expectNotFound } from './checks';
import { minutesApart, resourceClient, type FormFields } from './fixtures';
import { createTestServer, pngFile, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());


const validNews = (overrides: FormFields = {}): FormFields => ({
  title: 'Chargers win the final',
  small_description: 'A last-over finish at the Wankhede.',
  description: '<p>The chase went down to the <strong>final ball</strong>.</p>',
  'tags[]': ['Final', 'Cricket'],
  ...overrides,
});


const api = resourceClient(() => server, '/admin/news');
const { get, list } = api;
const createNews = (overrides: FormFields = {}) => api.create(validNews(overrides));


describe('POST /admin/news', () => {
  it('stores the article with its tags, small description and image', async () => {
    const res = await api.post(validNews({ image: await pngFile() }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: NEWS_TEXTS.createSuccess,
      data: {
        title: 'Chargers win the final',
        small_description: 'A last-over finish at the Wankhede.',
        description: '<p>The chase went down to the <strong>final ball</strong>.</p>',
        tags: ['Final', 'Cricket'],
        category: null,
      },
    });
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(server.fileOnDisk(body.data.image))).toBe(true);
    expect((await get(body.data._id)).json().data).toEqual(body.data);
  });

  it('needs no image, and reads tags sent as `tags`, once or repeated, as a list', async () => {
    const none = await createNews({ 'tags[]': undefined });
    expect(none).toMatchObject({ image: null, tags: [] });
    const one = await createNews({ 'tags[]': undefined, tags: 'Analysis' });
    expect(one.tags).toEqual(['Analysis']);
    const two = await createNews({ 'tags[]': undefined, tags: ['Sports', 'Breaking News', 'Sports'] });
    expect(two.tags).toEqual(['Sports', 'Breaking News']);
  });

  it('answers every failing field with the spec message and stores nothing', async () => {
    const before = await server.storedFiles();
    const count = (await list()).json().data.totalDocs;
    const res = await api.post({ title: ' ', image: await pngFile() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: VALIDATION.titleRequired,
      errors: {
        title: VALIDATION.titleRequired,
        small_description: VALIDATION.smallDescriptionRequired,
        description: VALIDATION.descriptionRequired,
      },
    });
    expect(await server.storedFiles()).toEqual(before);
    expect((await list()).json().data.totalDocs).toBe(count);
  });

  it('refuses a description over 1MB instead of storing it cut short', async () => {
    const count = (await list()).json().data.totalDocs;
    const res = await api.post(validNews({ description: `<p>${'x'.repeat(MAX_TEXT_BYTES)}</p>` }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: UPLOAD.textTooLong, errors: { description: UPLOAD.textTooLong } });
    expect((await list()).json().data.totalDocs).toBe(count);
  });

  it('checks the minimum lengths and the tag list', async () => {
    const res = await api.post(validNews({ title: 'Wow!', small_description: 'Too short', 'tags[]': ['Cricket', 'Gossip'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: VALIDATION.titleMin5,
      small_description: VALIDATION.smallDescriptionMin10,
      tags: VALIDATION.tagInvalid,
    });
  });

  it('treats a description that cleaning empties as missing', async () => {
    for (const description of ['<script>alert(1)</script>', '<p></p>', '<iframe src="https://evil.example"></iframe>']) {
      const res = await api.post(validNews({ description }));
      expect(res.statusCode, description).toBe(400);
      expect(res.json().errors).toEqual({ description: VALIDATION.descriptionRequired });
    }
  });

  it('refuses an image over 5 MB with 413 and a non-image with 415', () =>
    expectImageChecks((image) => api.post(validNews({ image })), server.storedFiles, UPLOAD.tooLarge));

  it('needs a token', async () => {
    const res = await api.anonymous('POST', '', validNews());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});

describe('description HTML', () => {
  const stored = async (description: string) => (await createNews({ description })).description;

  it('keeps the editor formatting', async () => {
    const html =
      '<h2 style="text-align:center">Report</h2><p>Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> ' +
      '<code>x</code></p><pre><code>score = 187</code></pre><blockquote><p>Quote</p></blockquote>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><p>line<br />break</p><hr />' +
      '<p><span style="color:#e11d48">red</span> <mark style="background-color:#fef08a">marked</mark></p>' +
      '<p><a href="https://example.com/report" target="_blank" rel="noopener noreferrer nofollow">link</a> ' +
      '<a href="mailto:desk@example.com">mail</a></p><img src="/uploads/a.png" alt="pitch" /><img src="https://example.com/b.jpg" />';
    expect(await stored(html)).toBe(html);
  });

  it('strips scripts, event handlers, javascript: links, embeds and foreign styles', async () => {
    const html = await stored(
      '<p onclick="steal()">Hello<script>alert(1)</script></p><img src="x" onerror="alert(1)" />' +
        '<img src="/uploads/ok.png" onerror="alert(2)" /><a href="javascript:alert(3)">bad</a>' +
        '<a href="JaVaScRiPt&colon;alert(4)">worse</a><iframe src="https://evil.example"></iframe>' +
        '<embed src="x.swf" /><object data="x">obj</object><img src="data:image/png;base64,AAAA" />' +
        '<span style="color:red;position:fixed;background-image:url(x)">styled</span><style>p{}</style>',
    );
    expect(html).toBe(
      '<p>Hello</p><img src="/uploads/ok.png" /><a>bad</a><a>worse</a>obj<span style="color:red">styled</span>',
    );
    for (const bad of ['script', 'onerror', 'onclick', 'javascript', 'iframe', 'embed', 'data:', 'position']) {
      expect(html.toLowerCase()).not.toContain(bad);
    }
  });

  it('cleans on update too', async () => {
    const created = await createNews();
    const res = await api.put(created._id, validNews({ description: '<p>Safe<img src=x onerror=alert(1)></p>' }));
    expect(res.json().data.description).toBe('<p>Safe</p>');
  });
});

describe('GET /admin/news/:id', () => {
  it('answers 404 for an unknown id and for a malformed one', () => expectNotFound(get, NOT_FOUND.news));

  it('needs a token', async () => {
    const created = await createNews();
    expect((await api.anonymous('GET', `/${created._id}`)).statusCode).toBe(401);
  });
});

describe('PUT /admin/news/:id', () => {
  it('stores every field, small description included, and keeps the image when none is sent', async () => {
    const created = await createNews({ image: await pngFile() });
    const res = await api.put(
      created._id,
      validNews({ title: 'Renamed article', small_description: 'A new summary line.', 'tags[]': ['Analysis'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: NEWS_TEXTS.editSuccess,
      data: { _id: created._id, title: 'Renamed article', small_description: 'A new summary line.', tags: ['Analysis'], image: created.image },
    });
    expectImageKept(server, created.image, res.json().data.image);
    expect((await get(created._id)).json().data).toEqual(res.json().data);
  });

  it('replaces the image and removes the old file', async () => {
    const created = await createNews({ image: await pngFile() });
    const res = await api.put(created._id, validNews({ image: await pngFile({ color: '#c62828' }) }));
    expectImageReplaced(server, created.image, res.json().data.image);
  });

  it('validates like create and changes nothing', async () => {
    const created = await createNews();
    const res = await api.put(created._id, validNews({ title: 'Tiny', small_description: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: VALIDATION.titleMin5, small_description: VALIDATION.smallDescriptionRequired });
    expect((await get(created._id)).json().data).toEqual(created);
  });

  it('answers 404 for an unknown id without keeping the uploaded file', async () => {
    const image = await pngFile();
    await expectNotFound((id) => api.put(id, validNews({ image })), NOT_FOUND.news, server.storedFiles);
  });

  it('needs a token', async () => {
    const created = await createNews();
    const res = await api.anonymous('PUT', `/${created._id}`, validNews());
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /admin/news/:id', () => {
  it('deletes the article and its image file', async () => {
    const created = await createNews({ image: await pngFile() });
    const res = await api.remove(created._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: NEWS_TEXTS.deleteSuccess });
    expect(existsSync(server.fileOnDisk(created.image))).toBe(false);
    expect((await get(created._id)).statusCode).toBe(404);
    const again = await api.remove(created._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NOT_FOUND.news);
    expect((await api.remove('nope')).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const created = await createNews();
    expect((await api.anonymous('DELETE', `/${created._id}`)).statusCode).toBe(401);
    expect((await get(created._id)).statusCode).toBe(200);
  });
});

describe('GET /admin/news', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('news').execute();
  });

  const TAGS = [['World Cup'], ['Final', 'Cricket'], ['Sports'], ['Breaking News'], ['Analysis']];

  /** n articles one minute apart (1 oldest), titled "Story 01"…, tags in turn. */
  async function seed(n: number) {
    const dates = minutesApart(n);
    await server.db
      .insertInto('news')
      .values(
        dates.map((created_at, i) => ({
          title: `Story ${String(i + 1).padStart(2, '0')}`,
          description: `<p>Report on ${i % 2 === 0 ? 'the Chargers' : 'the Titans'}.</p>`,
          small_description: 'A summary of the story.',
          tags: TAGS[i % TAGS.length],
          created_at,
        })),
      )
      .execute();
  }
  const titles = async (query: string) => (await list(query)).json().data.docs.map((n: { title: string }) => n.title);

  it('answers an empty page when there is no news', () => expectEmptyPage(list));

  it('pages newest first', async () => {
    await seed(25);
    expect((await titles('')).slice(0, 2)).toEqual(['Story 25', 'Story 24']);
    await expectPagesOf25(list, '_id');
  });

  it('searches title, description or tags, case-insensitively', async () => {
    await seed(10);
    expect(await titles('?search=story%2007')).toEqual(['Story 07']);
    expect((await list('?search=TITANS')).json().data.totalDocs).toBe(5);
    // Tags: 'world' matches World Cup (stories 1 and 6); 'ricke' matches Cricket (2 and 7).
    expect(await titles('?search=world')).toEqual(['Story 06', 'Story 01']);
    expect(await titles('?search=RICKE')).toEqual(['Story 07', 'Story 02']);
    expect((await list('?search=%25')).json().data.totalDocs).toBe(0);
    expect((await list('?search=nothing-like-this')).json().data.totalDocs).toBe(0);
  });

  it('filters by exact tag, and refuses a tag outside the list', async () => {
    await seed(10);
    expect(await titles('?tags=Final')).toEqual(['Story 07', 'Story 02']);
    expect(await titles('?tags=Final&search=07')).toEqual(['Story 07']);
    expect(await titles('?tags=Analysis&order=asc')).toEqual(['Story 05', 'Story 10']);
    expect((await list('?tags=Gossip')).statusCode).toBe(400);
  });

  it('sorts by title or creation date in either order', async () => {
    await seed(3);
    expect(await titles('?sort=title&order=asc')).toEqual(['Story 01', 'Story 02', 'Story 03']);
    expect(await titles('?sort=title&order=desc')).toEqual(['Story 03', 'Story 02', 'Story 01']);
    expect(await titles('?sort=createdAt&order=asc')).toEqual(['Story 01', 'Story 02', 'Story 03']);
  });

  it('needs a token', async () => {
    expect((await api.anonymous('GET')).statusCode).toBe(401);
  });
});
