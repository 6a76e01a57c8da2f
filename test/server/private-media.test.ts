/**
 * Fans' private files: a player's photo sent with a registration is kept apart from the public
 * images and opens only through a short-lived signed link (/media/<name>?exp&sig) that Crease hands
 * to the fan who sent it and to an admin. Each attack is sent: the same name under /uploads, no
 * signature, an altered one, an expired one, another fan asking, the link after the fan deleted
 * their account. With S3 the bytes come from the bucket under `private/`, never by a redirect to
 * S3_PUBLIC_URL. The hourly sweep takes private files no record holds. Photos stored publicly before the upgrade move with `npm run admin -- private-photos`
 * (movePhotosToPrivate).
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LINK_MINUTES } from '../../src/domain/limits';
import { MEDIA } from '../../src/domain/messages';
import { S3ImageStore } from '../../server/storage/s3-store';
import { movePhotosToPrivate } from '../../server/storage/private-photos';
import { MEDIA_PREFIX } from '../../server/storage/store';
import { sweepOrphans } from '../../server/storage/sweep';
import { createTestServer, multipart, pngFile, withoutSignatures, type FilePart, type TestServer } from './harness';
import { movableClock } from './push-fixtures';
import { startS3, type LoopbackS3 } from './s3';

const MINUTE = 60_000;
const SIGNED = /^\/media\/([0-9a-f-]{36}(?:-\d+w)?\.[a-z]+)\?exp=(\d+)&sig=([\w-]{43})$/;

let address = 0;
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

interface Fan {
  token: string;
  password: string;
}

/** A server's fans and their registrations, with the places a registration needs. */
function fansOf(server: TestServer) {
  let place: Record<string, string> | undefined;
  let photo: FilePart | undefined;
  let count = 0;
  const get = (url: string, token?: string) =>
    server.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    get,
    async signUp(): Promise<Fan> {
      const password = 'a-fans-own-password';
      const res = await server.app.inject({
        method: 'POST',
        url: '/app/v1/account',
        remoteAddress: nextAddress(),
        payload: { name: `Media Fan ${++count}`, email: `media.fan.${count}.${Date.now()}@example.org`, age: 40, password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { token: res.json().data.token, password };
    },
    /** Sends a registration with one player and their photo; answers the photo as the fan got it, and the bytes sent. */
    async register(fan: Fan) {
      if (!place) {
        const [state] = await server.db.insertInto('states').values({ name: 'Kerala' }).returning('id').execute();
        const [district] = await server.db.insertInto('districts').values({ name: 'Kochi', state_id: state.id }).returning('id').execute();
        const [city] = await server.db.insertInto('cities').values({ name: 'Fort Kochi', district_id: district.id }).returning('id').execute();
        place = { state: state.id, district: district.id, city: city.id };
      }
      photo ??= await pngFile({ width: 400, height: 500, color: '#c62828', filename: 'child.png' });
      const form = await multipart({
        firstName: 'Meera',
        lastName: 'Nair',
        email: 'meera@example.in',
        phone: '9876501234',
        DOB: '1985-03-04',
        GovernmentIdType: 'Passport',
        GovernmentIdNumber: 'P1234567',
        ...place,
        area: 'Beach Road',
        pinCode: '682001',
        address: '4, Beach Road',
        playingRole: 'Batsman',
        battingStyle: 'Right-handed',
        players: JSON.stringify([{ firstName: 'Anu', lastName: 'Nair', dob: '2015-06-07', playingRole: 'Batsman', battingStyle: 'Right-handed', bowlingStyle: null }]),
        'players.0.photo': photo,
      });
      const res = await server.app.inject({
        method: 'POST',
        url: '/app/v1/registrations',
        remoteAddress: nextAddress(),
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${fan.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { _id: string; players: { photo: { url: string; sizes: { width: number; url: string }[] } }[] };
      return { registration: data._id, photo: data.players[0].photo };
    },
    deleteAccount: (fan: Fan) =>
      server.app.inject({ method: 'DELETE', url: '/app/v1/account', remoteAddress: nextAddress(), headers: { authorization: `Bearer ${fan.token}` }, payload: { password: fan.password } }),
  };
}

const nameOf = (url: string) => SIGNED.exec(url)![1];

describe('private photos in the uploads folder', () => {
  const clock = movableClock(new Date().toISOString());
  let server: TestServer;
  let fans: ReturnType<typeof fansOf>;

  beforeAll(async () => {
    server = await createTestServer({ clock });
  });
  afterAll(() => server?.close());
  beforeAll(() => {
    fans = fansOf(server);
  });

  it('gives the fan signed links that open the photo and its sizes, never cached, and nothing under /uploads', async () => {
    const fan = await fans.signUp();
    const { photo } = await fans.register(fan);
    expect(photo.url).toMatch(SIGNED);
    expect(photo.sizes.map((size) => size.width)).toEqual([320]);
    expect(photo.sizes[0].url).toMatch(SIGNED);
    const [, , exp] = SIGNED.exec(photo.url)!;
    expect(Number(exp) * 1000 - clock.now().getTime()).toBeGreaterThan((MEDIA_LINK_MINUTES - 1) * MINUTE);
    expect(Number(exp) * 1000 - clock.now().getTime()).toBeLessThanOrEqual(MEDIA_LINK_MINUTES * MINUTE);

    const name = nameOf(photo.url);
    const opened = await fans.get(photo.url);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers['content-type']).toBe('image/png');
    expect(opened.rawPayload.equals(await readFile(server.fileOnDisk(photo.url)))).toBe(true);
    const size = await fans.get(photo.sizes[0].url);
    expect([size.statusCode, size.headers['content-type'], size.headers['cache-control']]).toEqual([200, 'image/webp', 'private, no-store']);

    // Kept in the private folder only: the public route knows no such file, nor the sizes.
    expect(await server.storedPrivateFiles()).toEqual(expect.arrayContaining([name, nameOf(photo.sizes[0].url)]));
    expect(await server.storedFiles()).not.toContain(name);
    for (const stored of [name, nameOf(photo.sizes[0].url)]) expect((await fans.get(`/uploads/${stored}`)).statusCode).toBe(404);
    // The record keeps the bare URL: a link is signed when it is answered.
    const row = await server.db.selectFrom('registration_players').select('photo').where('photo', 'like', `%${name}`).executeTakeFirstOrThrow();
    expect(row.photo).toBe(`/media/${name}`);
  });

  it('refuses a link without a signature, an altered one, a longer time or another name with 403, saying why', async () => {
    const { photo } = await fans.register(await fans.signUp());
    const [, name, exp, sig] = SIGNED.exec(photo.url)!;
    const other = SIGNED.exec(photo.sizes[0].url)!;
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const attempts = [
      `/media/${name}`,
      `/media/${name}?exp=${exp}`,
      `/media/${name}?exp=${exp}&sig=${flipped}`,
      `/media/${name}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/media/${name}?exp=${exp}&sig=${other[3]}`,
      `/media/${name}?exp=${exp}&sig=${sig.slice(0, 20)}`,
      `/media/${name}?exp=${exp}&sig[]=${sig}`,
      `/media/${other[1]}?exp=${exp}&sig=${sig}`,
    ];
    for (const url of attempts) {
      const res = await fans.get(url);
      expect([url, res.statusCode, res.json().message, res.headers['cache-control']]).toEqual([url, 403, MEDIA.badLink, 'private, no-store']);
    }
  });

  it('opens a link until it expires, then answers 403', async () => {
    const { photo } = await fans.register(await fans.signUp());
    const start = clock.now();
    try {
      clock.advance((MEDIA_LINK_MINUTES - 1) * MINUTE);
      expect((await fans.get(photo.url)).statusCode).toBe(200);
      clock.advance(2 * MINUTE);
      const expired = await fans.get(photo.url);
      expect([expired.statusCode, expired.json().message]).toEqual([403, MEDIA.badLink]);
    } finally {
      clock.set(start);
    }
  });

  it("gives an admin signed links in the registration's list and detail, and another fan nothing of it", async () => {
    const fan = await fans.signUp();
    const { registration, photo } = await fans.register(fan);
    const name = nameOf(photo.url);

    const detail = (await server.request({ method: 'GET', url: `/admin/registrations/${registration}` })).json().data;
    expect(detail.players[0].photo).toMatch(SIGNED);
    expect(nameOf(detail.players[0].photo)).toBe(name);
    expect((await fans.get(detail.players[0].photo)).statusCode).toBe(200);
    const list = (await server.request({ method: 'GET', url: '/admin/registrations?limit=100' })).json().data.docs as { _id: string; players: { photo: string }[] }[];
    const listed = list.find((doc) => doc._id === registration)!.players[0].photo;
    expect(listed).toMatch(SIGNED);
    expect((await fans.get(listed)).statusCode).toBe(200);

    // Another fan's answers never hold it, signed or not.
    const stranger = await fans.signUp();
    await fans.register(stranger);
    for (const url of ['/app/v1/registrations', `/app/v1/registrations/${registration}`, '/app/v1/account/export']) {
      const res = await fans.get(url, stranger.token);
      expect(res.body, url).not.toContain(name.replace(/\..*$/, ''));
    }
    // Nor does an answer to nobody signed in.
    const anonymous = await fans.get(`/app/v1/registrations/${registration}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(name);
  });

  it("signs the photos of the fan's own export", async () => {
    const fan = await fans.signUp();
    const { photo } = await fans.register(fan);
    const exported = (await fans.get('/app/v1/account/export', fan.token)).json().data;
    const url = exported.registrations[0].players[0].photo as string;
    expect(url).toMatch(SIGNED);
    expect(withoutSignatures(url)).toBe(withoutSignatures(photo.url));
    expect((await fans.get(url)).statusCode).toBe(200);
  });

  it('answers 404 at once for a link to a photo whose fan deleted their account', async () => {
    const fan = await fans.signUp();
    const { photo } = await fans.register(fan);
    expect((await fans.get(photo.url)).statusCode).toBe(200);
    expect((await fans.deleteAccount(fan)).statusCode).toBe(200);
    for (const url of [photo.url, photo.sizes[0].url]) {
      const gone = await fans.get(url);
      expect([gone.statusCode, gone.json().message, gone.headers['cache-control']]).toEqual([404, MEDIA.notFound, 'private, no-store']);
    }
    expect(await server.storedPrivateFiles()).not.toContain(nameOf(photo.url));
  });

  it("sweeps private files no record holds, and neither sweep takes a held photo, its sizes or their record", async () => {
    const fan = await fans.signUp();
    const { registration, photo } = await fans.register(fan);
    const orphan = `${randomUUID()}.png`;
    await writeFile(join(server.privateDir, orphan), (await pngFile()).content);

    await sweepOrphans(server.db, server.app.images.store, { olderThanMs: -MINUTE });
    await sweepOrphans(server.db, server.app.images.privateStore, { olderThanMs: -MINUTE, prefix: MEDIA_PREFIX });
    const files = await server.storedPrivateFiles();
    expect(files).not.toContain(orphan);
    expect(files).toEqual(expect.arrayContaining([nameOf(photo.url), nameOf(photo.sizes[0].url)]));
    const own = (await fans.get(`/app/v1/registrations/${registration}`, fan.token)).json().data;
    expect(own.players[0].photo).toMatchObject({ width: 400, height: 500, sizes: [{ width: 320 }] });
  });

  it('moves a photo stored publicly before the upgrade to the private store, once; its public URL then answers 404', async () => {
    const fan = await fans.signUp();
    const { registration } = await fans.register(fan);
    // As an older server stored it: a public image with its sizes, the row pointing at /uploads/.
    const old = await pngFile({ width: 360, height: 480, color: '#00838f', filename: 'old.png' });
    const publicUrl = await server.app.images.save({ buffer: old.content, ext: 'png', mime: 'image/png' });
    const oldName = publicUrl.replace('/uploads/', '');
    await server.db.updateTable('registration_players').set({ photo: publicUrl }).where('registration_id', '=', registration).execute();
    expect((await fans.get(publicUrl)).statusCode).toBe(200);

    const summary = await movePhotosToPrivate(server.db, server.app.images);
    expect(summary).toEqual({ moved: 1, absent: [], unreadable: [] });
    const { photo } = await server.db.selectFrom('registration_players').select('photo').where('registration_id', '=', registration).executeTakeFirstOrThrow();
    expect(photo).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    expect(photo).not.toContain(oldName);

    // The old public URL and its sizes are gone; the admin and the fan get working signed links.
    expect((await fans.get(publicUrl)).statusCode).toBe(404);
    expect((await server.storedFiles()).filter((file) => file.startsWith(oldName.replace(/\.png$/, '')))).toEqual([]);
    const detail = (await server.request({ method: 'GET', url: `/admin/registrations/${registration}` })).json().data;
    const opened = await fans.get(detail.players[0].photo);
    expect([opened.statusCode, opened.rawPayload.equals(old.content)]).toEqual([200, true]);
    const own = (await fans.get(`/app/v1/registrations/${registration}`, fan.token)).json().data;
    expect(own.players[0].photo.sizes.map((size: { url: string }) => size.url)).toEqual([expect.stringMatching(SIGNED)]);
    expect((await fans.get(own.players[0].photo.sizes[0].url)).statusCode).toBe(200);

    // Again: nothing left to move.
    expect(await movePhotosToPrivate(server.db, server.app.images)).toEqual({ moved: 0, absent: [], unreadable: [] });
  });
});

describe('private photos in an S3 bucket', () => {
  let s3: LoopbackS3;
  let server: TestServer;
  let fans: ReturnType<typeof fansOf>;

  beforeAll(async () => {
    s3 = await startS3();
    // A CDN in front of the bucket's public images: private ones must never be sent there.
    server = await createTestServer({ images: new S3ImageStore({ ...s3.settings, publicUrl: 'https://cdn.example.org/league/' }) });
    fans = fansOf(server);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  const objectOf = async (key: string) => {
    const client = new S3Client({ region: s3.settings.region, endpoint: s3.settings.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
      return { cacheControl: object.CacheControl, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
    } catch {
      return undefined;
    } finally {
      client.destroy();
    }
  };

  it('answers a signed link from the bucket itself, never by a redirect, and 404 once the fan deleted their account', async () => {
    const fan = await fans.signUp();
    const { photo } = await fans.register(fan);
    const name = nameOf(photo.url);
    const stored = await objectOf(`private/${name}`);
    expect(stored?.cacheControl).toBe('private, no-store');
    expect(await objectOf(name)).toBeUndefined();

    const opened = await fans.get(photo.url);
    expect([opened.statusCode, opened.headers.location, opened.headers['cache-control'], opened.headers['content-type']]).toEqual([200, undefined, 'private, no-store', 'image/png']);
    expect(opened.rawPayload.equals(stored!.bytes)).toBe(true);
    expect((await fans.get(photo.sizes[0].url)).statusCode).toBe(200);
    const tampered = await fans.get(photo.url.replace(/sig=./, (match) => (match.endsWith('A') ? 'sig=B' : 'sig=A')));
    expect([tampered.statusCode, tampered.headers.location]).toEqual([403, undefined]);

    expect((await fans.deleteAccount(fan)).statusCode).toBe(200);
    expect((await fans.get(photo.url)).statusCode).toBe(404);
    expect(await objectOf(`private/${name}`)).toBeUndefined();
  });
});
