import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, UPLOAD, VALIDATION } from '../../src/domain';
import { expectImageChecks, expectNotFound, expectTokenRequired, fieldErrors } from './checks';
import { minutesApart, UNKNOWN_ID } from './fixtures';
import { createTestServer, multipart, pngFile, type FilePart, type TestServer } from './harness';
import { expectEmptyPage, expectPagesOf25 } from './paging';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const create = async (fields: Record<string, string | FilePart | undefined>) =>
  server.request({ method: 'POST', url: '/admin/notifications', ...(await multipart(fields)) });
const list = (query: string) => server.request({ method: 'GET', url: `/admin/notifications${query}` });

describe('POST /admin/notifications', () => {
  it('stores the notification with its picture sent as logo, read as image and logo', async () => {
    const res = await create({ title: 'Match day', body: 'Tickets are on sale now.', logo: await pngFile() });
    expect(res.statusCode, res.body).toBe(200);
    const { success, message, data } = res.json();
    expect(success).toBe(true);
    expect(message).toBe(NOTIFICATION_TEXTS.createSuccess);
    expect(data).toMatchObject({ title: 'Match day', body: 'Tickets are on sale now.', isActive: true });
    expect(data.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(data.logo).toBe(data.image);
    expect(existsSync(server.fileOnDisk(data.image))).toBe(true);
    const read = await server.request({ method: 'GET', url: `/admin/notifications/${data._id}` });
    expect(read.json().data).toEqual(data);
  });

  it('accepts the picture as image too, and no picture at all', async () => {
    const asImage = (await create({ title: 'Rain', body: 'Play is delayed by rain.', image: await pngFile() })).json().data;
    expect(asImage.logo).toMatch(/^\/uploads\//);
    const plain = (await create({ title: 'Rain', body: 'Play resumes at four.' })).json().data;
    expect(plain).toMatchObject({ image: null, logo: null });
  });

  it('keeps a new notification active whatever the client sends (the form has no status)', async () => {
    const sent = (await create({ title: 'Gates', body: 'Gates open at noon today.', isActive: 'false' })).json().data;
    expect(sent.isActive).toBe(true);
  });

  it('answers the rule messages for missing and short fields and stores nothing', async () => {
    const before = await server.storedFiles();
    expect(fieldErrors(await create({ logo: await pngFile() }))).toEqual({
      title: VALIDATION.titleRequired,
      body: VALIDATION.bodyRequired,
    });
    expect(fieldErrors(await create({ title: 'Hi', body: 'Too short' }))).toEqual({
      title: VALIDATION.titleMin3,
      body: VALIDATION.bodyMin10,
    });
    expect(await server.storedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB (413) and a file that is not an image (415), as logo or image', async () => {
    for (const field of ['logo', 'image']) {
      await expectImageChecks((file) => create({ title: 'Match day', body: 'Tickets are on sale now.', [field]: file }), server.storedFiles, UPLOAD.tooLarge, field);
    }
  });
});

describe('GET /admin/notifications', () => {
  beforeEach(async () => {
    await server.db.deleteFrom('notifications').execute();
  });

  async function seed(n: number) {
    await server.db
      .insertInto('notifications')
      .values(
        minutesApart(n).map((at, i) => ({
          title: `Notice ${String(i + 1).padStart(2, '0')}`,
          body: i % 2 ? `Gates open early for match ${i + 1}` : `Ticket sale number ${i + 1} starts today`,
          created_at: at,
        })),
      )
      .execute();
  }
  const titles = async (query: string) => (await list(query)).json().data.docs.map((n: { title: string }) => n.title);

  it('pages newest first, with the shared page shape at every edge', async () => {
    await expectEmptyPage(list);
    await seed(25);
    await expectPagesOf25(list, '_id');
  });

  it('searches the title or the body case-insensitively and sorts by title', async () => {
    await seed(6);
    expect(await titles('?search=GATES%20OPEN')).toEqual(['Notice 06', 'Notice 04', 'Notice 02']);
    expect(await titles('?search=match%205')).toEqual([]);
    expect(await titles('?search=notice%2003')).toEqual(['Notice 03']);
    expect(await titles('?search=Notice')).toHaveLength(6);
    expect(await titles('?sort=title&order=asc&limit=2')).toEqual(['Notice 01', 'Notice 02']);
  });
});

it('answers 404 for unknown and malformed ids', async () => {
  await expectNotFound((id) => server.request({ method: 'GET', url: `/admin/notifications/${id}` }), NOTIFICATION_TEXTS.notFound);
});

it('needs a token for every notification route', async () => {
  await expectTokenRequired(server, [
    { method: 'GET', url: '/admin/notifications' },
    { method: 'GET', url: `/admin/notifications/${UNKNOWN_ID}` },
    { method: 'POST', url: '/admin/notifications', ...(await multipart({ title: 'Match day', body: 'Tickets are on sale now.' })) },
  ]);
});
