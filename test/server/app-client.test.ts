/**
 * The fans' app as an app team builds it from the document alone: openapi-fetch over the types
 * openapi-typescript made from docs/openapi/app-v1.json (test/app-client/app-v1.ts), against a
 * listening server, with no cast. It signs up, reads and syncs the news, registers a phone, sends a
 * registration with a player's photo, hears the league's decision, and deletes the account. The
 * type check (`npm run typecheck`) compiles it, so a document that stops typing a field fails it.
 */
import { readFile } from 'node:fs/promises';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityNamed } from '../../src/domain/declared';
import type { paths } from '../app-client/app-v1';
import { APP_TYPES_FILE, appTypes } from '../app-client/generate';
import { declaredRecord, insertPlaces, registrationPerson } from './fixtures';
import { createTestServer, pngFile, type TestServer } from './harness';

let server: TestServer;
let client: ReturnType<typeof createClient<paths>>;
const place: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  Object.assign(place, await insertPlaces(server.db));
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  client = createClient<paths>({ baseUrl: address });
});
afterAll(() => server.close());

describe('the typed client', () => {
  it('is made from the document as it is (else run `npm run openapi:types`)', async () => {
    const kept = await readFile(APP_TYPES_FILE, 'utf8');
    expect(kept === (await appTypes()), `${APP_TYPES_FILE} is stale: run \`npm run openapi:types\` and commit it`).toBe(true);
  });

  it('drives the whole fan journey with the generated types', async () => {
    const storyId = await declaredRecord(server, entityNamed('news')!);

    // Sign up.
    const signedUp = await client.POST('/app/v1/account', { body: { name: 'Typed Fan', email: 'typed.fan@example.com', password: 'typed-fan-password' } });
    expect(signedUp.response.status).toBe(200);
    const token = signedUp.data!.data.token;
    expect(signedUp.data!.data.user.email).toBe('typed.fan@example.com');
    const auth = { Authorization: `Bearer ${token}` };

    // Read: a page of news, one story, and its ETag answering a 304.
    const page = await client.GET('/app/v1/news', { params: { query: { limit: 10 } } });
    const list = page.data!.data;
    if (!('docs' in list)) throw new Error('A list without since answers a page');
    const story = list.docs.find((doc) => doc._id === storyId)!;
    expect(story.title.length).toBeGreaterThan(0);
    const one = await client.GET('/app/v1/news/{id}', { params: { path: { id: storyId } } });
    expect(one.data!.data.title).toBe(story.title);
    const etag = one.response.headers.get('etag')!;
    const again = await client.GET('/app/v1/news/{id}', { params: { path: { id: storyId }, header: { 'if-none-match': etag } } });
    expect(again.response.status).toBe(304);

    // Sync from the page's cursor: the story added since comes in `changed`.
    const added = await declaredRecord(server, entityNamed('news')!);
    const synced = await client.GET('/app/v1/news', { params: { query: { since: list.cursor } } });
    const changes = synced.data!.data;
    if (!('changed' in changes)) throw new Error('A list with since answers a sync');
    expect(changes.changed.map((doc) => doc._id)).toContain(added);
    expect(changes.more).toBe(false);

    // Register the phone for pushes, signed in.
    const device = await client.POST('/app/v1/devices', { body: { token: `typed-device-${'x'.repeat(140)}`, platform: 'android' }, headers: auth });
    expect(device.data!.data.created).toBe(true);

    // Send a registration: the person, one player as JSON, and the player's photo as its part.
    const photo = await pngFile({ width: 300, height: 400 });
    const person = registrationPerson(place);
    const sent = await client.POST('/app/v1/registrations', {
      headers: auth,
      body: {
        ...person,
        GovernmentIdType: 'Aadhaar Card',
        playingRole: 'All-rounder',
        players: JSON.stringify([{ firstName: 'Rohan', lastName: 'Patil', dob: '2008-04-12', playingRole: 'Batsman' }]),
        'players.0.photo': new Blob([new Uint8Array(photo.content)], { type: 'image/png' }),
      },
      bodySerializer(body) {
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value);
        return form;
      },
    });
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
    const registration = sent.data!.data;
    expect(registration.status).toBe('pending');
    expect(registration.players[0].photo?.width).toBe(300);

    // Hear back: the league approves it, and the fan's registration says so.
    await server.request({ method: 'PUT', url: `/admin/registrations/${registration._id}/status`, payload: { status: 'approved' } });
    const decided = await client.GET('/app/v1/registrations/{id}', { params: { path: { id: registration._id } }, headers: auth });
    expect(decided.data!.data.status).toBe('approved');

    // Delete the account: the token stops working.
    const deleted = await client.DELETE('/app/v1/account', { body: { password: 'typed-fan-password' }, headers: auth });
    expect(deleted.response.status).toBe(200);
    const gone = await client.GET('/app/v1/account', { headers: auth });
    expect(gone.response.status).toBe(401);
    expect(gone.error!.message.length).toBeGreaterThan(0);
  });
});
