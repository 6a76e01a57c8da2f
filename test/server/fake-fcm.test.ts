/**
 * The fake FCM (test/fcm/fake-fcm.ts) answers as Google does: its token endpoint takes only an
 * assertion signed with the credentials file's key, and messages:send answers each scripted
 * outcome with FCM's status, error shape, errorCode and Retry-After. Google's own client library,
 * when installed, gets its token there once its token requests are redirected (it ignores token_uri).
 */
import { readFile } from 'node:fs/promises';
import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFcm, type FakeFcm, type FcmOutcome } from '../fcm/fake-fcm';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

let fake: FakeFcm;
let credentials: { private_key: string; client_email: string; token_uri: string };

beforeAll(async () => {
  fake = await startFakeFcm();
  credentials = JSON.parse(await readFile(fake.credentialsFile, 'utf8'));
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function assertion(claims: { aud?: string; scope?: string; key?: string } = {}): Promise<string> {
  const key = await importPKCS8(claims.key ?? credentials.private_key, 'RS256');
  return new SignJWT({ scope: claims.scope ?? SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(credentials.client_email)
    .setAudience(claims.aud ?? credentials.token_uri)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

function askToken(jwt: string): Promise<Response> {
  return fetch(fake.tokenUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwt }),
  });
}

async function accessToken(): Promise<string> {
  const res = await askToken(await assertion());
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function sendTo(token: string | undefined, bearer: string | undefined, project = fake.projectId): Promise<Response> {
  return fetch(`${fake.url}/v1/projects/${project}/messages:send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify({ message: { token, notification: { title: 'Match moved', body: 'Now at 3 pm' } } }),
  });
}

async function fcmError(res: Response) {
  return ((await res.json()) as { error: { code: number; status: string; message: string; details: { errorCode?: string }[] } }).error;
}

describe('token endpoint', () => {
  it('issues an access token for an assertion signed with the credentials key', async () => {
    const before = fake.tokensIssued;
    const res = await askToken(await assertion());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ access_token: expect.any(String), expires_in: 3599, token_type: 'Bearer' });
    expect(fake.tokensIssued).toBe(before + 1);
    // An assertion for Google's own address is refused: Crease must sign for the file's token_uri.
    expect((await askToken(await assertion({ aud: 'https://oauth2.googleapis.com/token' }))).status).toBe(400);
  });

  it('refuses an assertion signed with another key, for another audience or scope, or while refusing', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const bad = [
      await assertion({ key: otherKey }),
      await assertion({ aud: 'https://oauth2.example/token' }),
      await assertion({ scope: 'https://www.googleapis.com/auth/userinfo.email' }),
      'not.a.jwt',
    ];
    for (const jwt of bad) {
      const res = await askToken(jwt);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    fake.refuseCredentials(true);
    expect((await askToken(await assertion())).status).toBe(400);
  });
});

describe('messages:send', () => {
  const cases: [FcmOutcome, number, string, string | undefined][] = [
    ['unregistered', 404, 'NOT_FOUND', 'UNREGISTERED'],
    ['invalid-token', 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
    ['quota', 429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'],
    ['unavailable', 503, 'UNAVAILABLE', 'UNAVAILABLE'],
    ['internal', 500, 'INTERNAL', 'INTERNAL'],
    ['refused', 401, 'UNAUTHENTICATED', undefined],
  ];

  it('accepts a message with a name under the project, and counts it', async () => {
    const bearer = await accessToken();
    const res = await sendTo('phone-1', bearer);
    expect(res.status).toBe(200);
    expect((await res.json()) as { name: string }).toEqual({ name: expect.stringMatching(/^projects\/crease-test\/messages\/\d+$/) });
    await sendTo('phone-1', bearer);
    expect(fake.accepted.get('phone-1')).toBe(2);
    expect(fake.received.map(({ token, outcome, message }) => [token, outcome, message.notification.title])).toEqual([
      ['phone-1', 'accept', 'Match moved'],
      ['phone-1', 'accept', 'Match moved'],
    ]);
  });

  it.each(cases)('answers %s with %i %s and errorCode %s', async (outcome, code, status, errorCode) => {
    const bearer = await accessToken();
    fake.script('phone-2', outcome);
    fake.retryAfterSeconds = 7;
    const res = await sendTo('phone-2', bearer);
    expect(res.status).toBe(code);
    const error = await fcmError(res);
    expect(error).toMatchObject({ code, status });
    expect(error.details[0]?.errorCode).toBe(errorCode);
    expect(res.headers.get('retry-after')).toBe(outcome === 'quota' ? '7' : null);
    if (outcome === 'invalid-token') expect(error.message).toContain('registration token');
    expect(fake.accepted.has('phone-2')).toBe(false);
    fake.retryAfterSeconds = 1;
  });

  it('plays a script in order, the last outcome repeating', async () => {
    const bearer = await accessToken();
    fake.script('phone-3', ['quota', 'accept']);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sendTo('phone-3', bearer)).status);
    expect(statuses).toEqual([429, 200, 200]);
    expect(fake.accepted.get('phone-3')).toBe(2);
    expect(fake.received.map((r) => r.outcome)).toEqual(['quota', 'accept', 'accept']);
  });

  it('answers unscripted tokens with the default, which may depend on the token', async () => {
    const bearer = await accessToken();
    fake.setDefault((token) => (token.startsWith('gone') ? 'unregistered' : 'accept'));
    expect((await sendTo('gone-1', bearer)).status).toBe(404);
    expect((await sendTo('here-1', bearer)).status).toBe(200);
    fake.setDefault('unavailable');
    expect((await sendTo('here-1', bearer)).status).toBe(503);
  });

  it('refuses a send without a bearer it issued, or while refusing credentials', async () => {
    const bearer = await accessToken();
    fake.script('phone-4', ['quota', 'accept']);
    for (const res of [await sendTo('phone-4', undefined), await sendTo('phone-4', 'ya29.made-up')]) {
      expect(res.status).toBe(401);
      expect(await fcmError(res)).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    }
    fake.refuseCredentials(true);
    expect((await sendTo('phone-4', bearer)).status).toBe(401);
    fake.refuseCredentials(false);
    // Refused sends did not use up the token's script.
    expect((await sendTo('phone-4', bearer)).status).toBe(429);
    expect(fake.received.map((r) => r.outcome)).toEqual(['refused', 'refused', 'refused', 'quota']);
  });

  it('refuses a message without a token, another project, and unknown paths', async () => {
    const bearer = await accessToken();
    const missing = await sendTo(undefined, bearer);
    expect(missing.status).toBe(400);
    expect(await fcmError(missing)).toMatchObject({ status: 'INVALID_ARGUMENT', details: [{ errorCode: 'INVALID_ARGUMENT' }] });
    const other = await sendTo('phone-5', bearer, 'someone-else');
    expect(other.status).toBe(403);
    expect(await fcmError(other)).toMatchObject({ status: 'PERMISSION_DENIED', details: [{ errorCode: 'SENDER_ID_MISMATCH' }] });
    expect((await fetch(`${fake.url}/v1/nothing`)).status).toBe(404);
  });

  it('waits latencyMs before answering', async () => {
    const bearer = await accessToken();
    fake.latencyMs = 100;
    const started = performance.now();
    expect((await sendTo('phone-6', bearer)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    fake.latencyMs = 0;
  });
});
