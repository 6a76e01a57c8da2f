/**
 * What every /app/v1 answer tells the app beyond its body: the limits it counted in (the RateLimit
 * fields of draft-ietf-httpapi-ratelimit-headers-11), and images it can load from anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_READS_PER_MINUTE, APP_TEXTS } from '../../src/domain/app';
import { DEVICE_REGISTRATIONS_PER_MINUTE, PUSH_TEXTS } from '../../src/domain/push';
import { S3ImageStore } from '../../server/storage/s3-store';
import { createTestServer, multipart, pngFile, type TestServer } from './harness';
import { fcmToken } from './push-fixtures';
import { startS3 } from './s3';

type Answer = Awaited<ReturnType<TestServer['app']['inject']>>;

/** A RateLimit or RateLimit-Policy list as `{ name: { param: number } }`. */
const itemsOf = (field: unknown) =>
  Object.fromEntries(
    String(field ?? '')
      .split(',')
      .filter((item) => item.trim())
      .map((item) => {
        const [name, ...params] = item.trim().split(';');
        return [JSON.parse(name), Object.fromEntries(params.map((param) => [param.split('=')[0], Number(param.split('=')[1])]))];
      }),
  ) as Record<string, Record<string, number>>;
const limitsOf = (res: Answer) => ({ policy: itemsOf(res.headers['ratelimit-policy']), now: itemsOf(res.headers['ratelimit']) });

describe('rate-limit fields', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it("names the reads' policy and the address's remaining reads on a read", async () => {
    const first = await server.app.inject({ method: 'GET', url: '/app/v1/news', remoteAddress: '10.61.0.1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe(`"reads";q=${APP_READS_PER_MINUTE};w=60`);
    const { now } = limitsOf(first);
    expect(now.reads.r).toBe(APP_READS_PER_MINUTE - 1);
    expect(now.reads.t).toBeGreaterThan(0);
    expect(now.reads.t).toBeLessThanOrEqual(60);
  });

  it("gives each address its own count on a kept answer and its 304, never another's", async () => {
    const url = '/app/v1/videos';
    const a = (headers = {}) => server.app.inject({ method: 'GET', url, remoteAddress: '10.61.1.1', headers });
    const b = () => server.app.inject({ method: 'GET', url, remoteAddress: '10.61.1.2' });
    const fresh = await a();
    // The second and later calls are sent from the kept answer, before any route runs.
    const kept = await a();
    const other = await b();
    const revalidated = await a({ 'if-none-match': fresh.headers.etag as string });
    expect([fresh.statusCode, kept.statusCode, other.statusCode, revalidated.statusCode]).toEqual([200, 200, 200, 304]);
    expect(kept.body).toBe(fresh.body);
    expect([fresh, kept, other, revalidated].map((res) => limitsOf(res).now.reads.r)).toEqual([
      APP_READS_PER_MINUTE - 1,
      APP_READS_PER_MINUTE - 2,
      APP_READS_PER_MINUTE - 1,
      APP_READS_PER_MINUTE - 3,
    ]);
    expect(limitsOf(revalidated).policy).toEqual({ reads: { q: APP_READS_PER_MINUTE, w: 60 } });
  });

  it("names a limited write's own policy, not the reads'", async () => {
    const res = await server.app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken(611), platform: 'android' }, remoteAddress: '10.61.2.1' });
    expect(res.statusCode).toBe(200);
    expect(limitsOf(res)).toMatchObject({
      policy: { devices: { q: DEVICE_REGISTRATIONS_PER_MINUTE, w: 60 } },
      now: { devices: { r: DEVICE_REGISTRATIONS_PER_MINUTE - 1 } },
    });
    expect(limitsOf(res).now.reads).toBeUndefined();
  });

  it("names the reads' policy on a signed-in call with no limit of its own, and on its 401", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/app/v1/account', remoteAddress: '10.61.3.1' });
    expect(res.statusCode).toBe(401);
    expect(limitsOf(res).now.reads.r).toBe(APP_READS_PER_MINUTE - 1);
  });
});

describe('a 429', () => {
  it('says in Retry-After, in RateLimit and in its message the same wait: the window, renewed by each refused call', async () => {
    const limited = await createTestServer({ appReads: { perMinute: 2 } });
    try {
      const read = () => limited.app.inject({ method: 'GET', url: '/app/v1/news', remoteAddress: '10.61.4.1' });
      expect([(await read()).statusCode, (await read()).statusCode]).toEqual([200, 200]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const refused = await read();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(APP_TEXTS.tooManyReads);
      expect(APP_TEXTS.tooManyReads).toContain('wait a minute');
      expect(refused.headers['retry-after']).toBe('60');
      expect(limitsOf(refused)).toEqual({ policy: { reads: { q: 2, w: 60 } }, now: { reads: { r: 0, t: 60 } } });
    } finally {
      await limited.close();
    }
  });

  it("of a write names the write's own limit, with the wait its message says", async () => {
    const limited = await createTestServer();
    try {
      const send = (i: number) =>
        limited.app.inject({ method: 'POST', url: '/app/v1/devices', payload: { token: fcmToken(620 + (i % 5)), platform: 'ios' }, remoteAddress: '10.61.5.1' });
      for (let i = 0; i < DEVICE_REGISTRATIONS_PER_MINUTE; i++) {
        const res = await send(i);
        if (res.statusCode !== 200) expect.fail(`call ${i + 1} answered ${res.statusCode}`);
      }
      const refused = await send(0);
      expect([refused.statusCode, refused.json().message, refused.headers['retry-after']]).toEqual([429, PUSH_TEXTS.tooManyDevices, '60']);
      expect(PUSH_TEXTS.tooManyDevices).toContain('wait a minute');
      expect(limitsOf(refused).now).toEqual({ devices: { r: 0, t: 60 } });
    } finally {
      await limited.close();
    }
  });
});

const PUBLIC_URL = 'https://league.example.org/';
let addresses = 0;
const nextAddress = () => `10.62.0.${++addresses}`;

/** News with a 1000 px wide picture (so it has copies), made by the admin; answers the record as the admin got it. */
async function newsWithImage(server: TestServer) {
  const form = await multipart({ title: 'Pictured news', small_description: 'A story with a picture', description: '<p>Body</p>', image: await pngFile({ width: 1000, height: 600 }) });
  const res = await server.request({ method: 'POST', url: '/admin/news', payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; image: string };
}

type Image = { url: string; sizes: { width: number; url: string }[] };
const urlsOf = (image: Image) => [image.url, ...image.sizes.map((size) => size.url)];
const appGet = (server: TestServer, url: string, token?: string) =>
  server.app.inject({ method: 'GET', url, remoteAddress: nextAddress(), headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('image URLs in the app', () => {
  it('are PUBLIC_URL + /uploads/<name> in a record, a page and a sync, and the signed /media/ links of a fan\'s registration and export too; the admin\'s stay relative', async () => {
    const server = await createTestServer({ push: { publicUrl: PUBLIC_URL } });
    try {
      const start = (await appGet(server, '/app/v1/news')).json().data.cursor as string;
      const news = await newsWithImage(server);
      const name = news.image.slice('/uploads/'.length);
      expect(news.image).toBe(`/uploads/${name}`);

      const one = (await appGet(server, `/app/v1/news/${news._id}`)).json().data.image as Image;
      expect(one.url).toBe(`${PUBLIC_URL}uploads/${name}`);
      expect(one.sizes.length).toBeGreaterThan(0);
      for (const url of urlsOf(one)) expect(url).toMatch(/^https:\/\/league\.example\.org\/uploads\/[\w.-]+$/);
      const page = (await appGet(server, '/app/v1/news')).json().data.docs as { _id: string; image: Image }[];
      expect(page.find((doc) => doc._id === news._id)!.image).toEqual(one);
      const sync = (await appGet(server, `/app/v1/news?since=${encodeURIComponent(start)}`)).json().data.changed as { _id: string; image: Image }[];
      expect(sync.find((doc) => doc._id === news._id)!.image).toEqual(one);
      // What the URL names is served there.
      expect((await server.app.inject({ method: 'GET', url: new URL(one.sizes[0].url).pathname })).statusCode).toBe(200);

      expect((await server.request({ method: 'GET', url: `/admin/news/${news._id}` })).json().data.image).toBe(`/uploads/${name}`);

      const signUp = await server.app.inject({
        method: 'POST',
        url: '/app/v1/account',
        remoteAddress: nextAddress(),
        payload: { name: 'Pictured Fan', email: `pictured.${Date.now()}@example.org`, age: 40, password: 'a-fans-own-password' },
      });
      const token = signUp.json().data.token as string;
      const [state] = await server.db.insertInto('states').values({ name: 'Kerala' }).returning('id').execute();
      const [district] = await server.db.insertInto('districts').values({ name: 'Kochi', state_id: state.id }).returning('id').execute();
      const [city] = await server.db.insertInto('cities').values({ name: 'Fort Kochi', district_id: district.id }).returning('id').execute();
      const form = await multipart({
        firstName: 'Meera',
        lastName: 'Nair',
        email: 'meera@example.in',
        phone: '9876501234',
        DOB: '1985-03-04',
        GovernmentIdType: 'Passport',
        GovernmentIdNumber: 'P1234567',
        state: state.id,
        district: district.id,
        city: city.id,
        area: 'Beach Road',
        pinCode: '682001',
        address: '4, Beach Road',
        playingRole: 'Batsman',
        battingStyle: 'Right-handed',
        players: JSON.stringify([{ firstName: 'Anu', lastName: 'Nair', dob: '2015-06-07', playingRole: 'Batsman', battingStyle: 'Right-handed', bowlingStyle: null }]),
        'players.0.photo': await pngFile({ width: 400, height: 500 }),
      });
      const sent = await server.app.inject({ method: 'POST', url: '/app/v1/registrations', remoteAddress: nextAddress(), payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
      expect(sent.statusCode, sent.body).toBe(200);
      const SIGNED = /^https:\/\/league\.example\.org\/media\/[\w-]+\.[a-z]+\?exp=\d+&sig=[\w-]{43}$/;
      const photo = sent.json().data.players[0].photo as Image;
      for (const url of urlsOf(photo)) expect(url).toMatch(SIGNED);
      const listed = (await appGet(server, '/app/v1/registrations', token)).json().data[0].players[0].photo as Image;
      for (const url of urlsOf(listed)) expect(url).toMatch(SIGNED);
      const exported = (await appGet(server, '/app/v1/account/export', token)).json().data.registrations[0].players[0].photo as string;
      expect(exported).toMatch(SIGNED);
      const opened = await server.app.inject({ method: 'GET', url: photo.url.slice(PUBLIC_URL.length - 1) });
      expect(opened.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('are S3_PUBLIC_URL + /<name> when the bucket is public, where /uploads/<name> redirects', async () => {
    const s3 = await startS3();
    const server = await createTestServer({ images: new S3ImageStore({ ...s3.settings, publicUrl: 'https://cdn.example.org/league/' }), push: { publicUrl: PUBLIC_URL } });
    try {
      const news = await newsWithImage(server);
      const image = (await appGet(server, `/app/v1/news/${news._id}`)).json().data.image as Image;
      expect(image.url).toBe(`https://cdn.example.org/league/${news.image.slice('/uploads/'.length)}`);
      expect(image.sizes.length).toBeGreaterThan(0);
      for (const url of urlsOf(image)) expect(url).toMatch(/^https:\/\/cdn\.example\.org\/league\/[\w.-]+$/);
      const redirected = await server.app.inject({ method: 'GET', url: news.image });
      expect(redirected.headers.location).toBe(image.url);
    } finally {
      await server.close();
      await s3.stop();
    }
  });

  it('stay relative when neither is set', async () => {
    const server = await createTestServer();
    try {
      const news = await newsWithImage(server);
      const image = (await appGet(server, `/app/v1/news/${news._id}`)).json().data.image as Image;
      expect(image.url).toBe(news.image);
      for (const url of urlsOf(image)) expect(url).toMatch(/^\/uploads\/[\w.-]+$/);
    } finally {
      await server.close();
    }
  });
});
