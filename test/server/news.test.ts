import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES, NEWS_THIS_WEEK_DAYS } from '../../src/domain/limits';
import { NEWS_TEXTS } from '../../src/domain/entities/news';
import { AUTH, GENERIC, UPLOAD, VALIDATION } from '../../src/domain/messages';
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

  it('answers every failing field with the message of its rule and stores nothing', async () => {
    const before = await server.storedFiles();
    const count = (await list()).json().data.totalDocs;
    const res = await api.post({ title: ' ', image: await pngFile() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation.failed',
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
    expect(res.json()).toMatchObject({ success: false, code: 'body.too_large', message: UPLOAD.textTooLong, errors: { description: UPLOAD.textTooLong } });
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
  it('answers 404 for an unknown id and for a malformed one', () => expectNotFound(get, NEWS_TEXTS.notFound));

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

  describe('removeImages', () => {
    it('clears the image named in removeImages[] and removes its file', async () => {
      const created = await createNews({ image: await pngFile() });
      const res = await api.put(created._id, validNews({ 'removeImages[]': ['image'] }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: NEWS_TEXTS.editSuccess, data: { _id: created._id, image: null } });
      expect(res.json().data).not.toHaveProperty('removeImages');
      expect((await get(created._id)).json().data.image).toBeNull();
      expect(existsSync(server.fileOnDisk(created.image))).toBe(false);
      expect(await server.storedFiles()).not.toContain(created.image.replace('/uploads/', ''));
    });

    it('reads one `removeImages` part as a list of one, and is fine when there is no image', async () => {
      const withImage = await createNews({ image: await pngFile() });
      const res = await api.put(withImage._id, validNews({ removeImages: 'image' }));
      expect(res.json().data.image).toBeNull();
      expect(existsSync(server.fileOnDisk(withImage.image))).toBe(false);
      const without = await createNews();
      const again = await api.put(without._id, validNews({ 'removeImages[]': ['image', 'image'] }));
      expect(again.statusCode).toBe(200);
      expect(again.json().data.image).toBeNull();
    });

    it('keeps the image when an edit sends no removeImages', async () => {
      const created = await createNews({ image: await pngFile() });
      const res = await api.put(created._id, validNews({ title: 'Only the title changes' }));
      expectImageKept(server, created.image, res.json().data.image);
    });

    it('stores a new file sent with removeImages: the new file wins and the old one goes', async () => {
      const created = await createNews({ image: await pngFile() });
      const res = await api.put(created._id, validNews({ image: await pngFile({ color: '#c62828' }), 'removeImages[]': ['image'] }));
      expect(res.statusCode).toBe(200);
      expectImageReplaced(server, created.image, res.json().data.image);
      expect((await get(created._id)).json().data.image).toBe(res.json().data.image);
    });

    it('refuses a name that is not an image field of news with 400, storing nothing and changing nothing', async () => {
      const created = await createNews({ image: await pngFile() });
      const files = await server.storedFiles();
      for (const names of [['logo'], ['image', 'thumbnail'], ['']]) {
        const res = await api.put(created._id, validNews({ title: 'Must not be stored', image: await pngFile(), 'removeImages[]': names }));
        expect(res.statusCode, names.join()).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'validation.failed',
          message: 'removeImages may only name: image',
          errors: { removeImages: 'removeImages may only name: image' },
        });
      }
      expect(await server.storedFiles()).toEqual(files);
      expect((await get(created._id)).json().data).toEqual(created);
    });

    it('works with a JSON body too', async () => {
      const created = await createNews({ image: await pngFile() });
      const json = (removeImages: unknown) =>
        server.request({
          method: 'PUT',
          url: `/admin/news/${created._id}`,
          payload: { title: 'Edited as JSON', small_description: 'A JSON summary line.', description: '<p>JSON</p>', tags: ['Final'], removeImages },
        });
      const refused = await json(['image', 'teamA_Flag']);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ removeImages: 'removeImages may only name: image' });
      expect((await get(created._id)).json().data).toEqual(created);

      const res = await json(['image']);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ title: 'Edited as JSON', tags: ['Final'], image: null });
      expect((await get(created._id)).json().data.image).toBeNull();
      expect(existsSync(server.fileOnDisk(created.image))).toBe(false);
    });

    it('is described in the OpenAPI document of the edit, not of create', async () => {
      const doc = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json();
      const schemaOf = (path: string, method: string) => doc.paths[path][method].requestBody.content['multipart/form-data'].schema;
      const removeImages = schemaOf('/admin/news/{id}', 'put').properties.removeImages;
      expect(removeImages).toMatchObject({ type: 'array', items: { enum: ['image'] } });
      expect(removeImages.description).toContain('removeImages[]');
      expect(schemaOf('/admin/news', 'post').properties).not.toHaveProperty('removeImages');
    });
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
    await expectNotFound((id) => api.put(id, validNews({ image })), NEWS_TEXTS.notFound, server.storedFiles);
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
    expect(again.json().message).toBe(NEWS_TEXTS.notFound);
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
    expect(await titles('?tags=Final&search=titans')).toEqual(['Story 02']);
    expect(await titles('?tags=Analysis&order=asc')).toEqual(['Story 05', 'Story 10']);
    expect((await list('?tags=Gossip')).statusCode).toBe(400);
  });

  describe("searching the description's text, not its markup", () => {
    const ARTICLES = {
      'Story one': '<p>Great <strong>cover</strong> drive</p>',
      'Story two': '<p><a href="https://example.com/report" target="_blank">Full report</a> on <b>K</b>ohli</p>',
      'Story three': '<p>Use the &lt;b&gt; tag for R&amp;D</p><p>first</p><p>second</p>',
      'Story four': '<h2>Field</h2><ul><li>square&nbsp;leg</li><li>mid&nbsp;&nbsp;wicket</li></ul>',
    };
    beforeEach(async () => {
      for (const [title, description] of Object.entries(ARTICLES)) await createNews({ title, description, 'tags[]': ['Sports'] });
    });
    const found = async (search: string) => (await titles(`?search=${encodeURIComponent(search)}`)).sort();

    it('finds words across inline tags, block boundaries, entities and no-break spaces', async () => {
      expect(await found('cover drive')).toEqual(['Story one']);
      expect(await found('GREAT COVER')).toEqual(['Story one']);
      expect(await found('Kohli')).toEqual(['Story two']);
      expect(await found('full report on')).toEqual(['Story two']);
      expect(await found('first second')).toEqual(['Story three']);
      expect(await found('<b> tag')).toEqual(['Story three']);
      expect(await found('R&D')).toEqual(['Story three']);
      expect(await found('square leg')).toEqual(['Story four']);
      expect(await found('mid wicket')).toEqual(['Story four']);
      expect(await found('field square')).toEqual(['Story four']);
    });

    it('matches no tag names, attributes, addresses or entity spellings', async () => {
      for (const markup of ['strong', '<p>', 'href', 'example.com', 'target', '_blank', 'noopener', 'li>', 'firstsecond', '&amp;', 'lt;', 'nbsp']) {
        expect(await found(markup), markup).toEqual([]);
      }
    });

    it('keeps the stored description as HTML and combines with the tag filter', async () => {
      const [doc] = (await list('?search=cover%20drive')).json().data.docs;
      expect(doc.description).toBe(ARTICLES['Story one']);
      expect(doc).not.toHaveProperty('description_text');
      expect(await titles('?tags=Sports&search=kohli')).toEqual(['Story two']);
      expect(await titles('?tags=Final&search=kohli')).toEqual([]);
    });

    it('is kept by the database for rows written without the API, and follows updates', async () => {
      const { id } = await server.db
        .insertInto('news')
        .values({ title: 'Direct', description: '<p>Mid&#39;s &quot;catch&quot;</p><p>next</p>', small_description: 'Written directly.' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const text = async () =>
        (await server.db.selectFrom('news').select('description_text').where('id', '=', id).executeTakeFirstOrThrow()).description_text;
      expect(await text()).toBe(`Mid's "catch" next`);
      await server.db.updateTable('news').set({ description: '<p>  Reverse <em>sweep</em>\n</p>' }).where('id', '=', id).execute();
      expect(await text()).toBe('Reverse sweep');
    });
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

describe('GET /admin/news/stats', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('news').execute();
  });
  const stats = () => server.request({ method: 'GET', url: '/admin/news/stats' });
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  it('answers zeros when there is no news', async () => {
    const res = await stats();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { total: 0, thisWeek: 0, categories: 0 }, message: GENERIC.fetched });
  });

  it(`counts every article, those created in the last ${NEWS_THIS_WEEK_DAYS} days and the distinct categories`, async () => {
    await createNews({ category: 'Match Report' });
    await createNews({ category: 'Analysis' });
    await createNews({ category: 'Match Report' });
    await createNews({ category: ' ' }); // blank: no category
    await createNews();
    await server.db
      .insertInto('news')
      .values([
        { title: 'Last week', description: '<p>x</p>', small_description: 'Six days old.', category: 'Analysis', created_at: daysAgo(NEWS_THIS_WEEK_DAYS - 1) },
        { title: 'Older', description: '<p>x</p>', small_description: 'Eight days old.', category: 'Preview', created_at: daysAgo(NEWS_THIS_WEEK_DAYS + 1) },
        { title: 'Oldest', description: '<p>x</p>', small_description: 'A year old.', category: null, created_at: daysAgo(365) },
      ])
      .execute();
    expect((await stats()).json().data).toEqual({ total: 8, thisWeek: 6, categories: 3 });
  });

  it('counts all news, not a page or a search of it', async () => {
    for (let i = 0; i < 12; i++) await createNews({ category: `Category ${i % 4}` });
    expect((await list('?limit=5&search=nothing-like-this')).json().data.totalDocs).toBe(0);
    expect((await stats()).json().data).toEqual({ total: 12, thisWeek: 12, categories: 4 });
  });

  it('is not taken for an article id', async () => {
    const created = await createNews();
    expect((await stats()).json().data).toEqual({ total: 1, thisWeek: 1, categories: 0 });
    expect((await get(created._id)).json().data._id).toBe(created._id);
    expect((await get('statistics')).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await api.anonymous('GET', '/stats');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });
});
