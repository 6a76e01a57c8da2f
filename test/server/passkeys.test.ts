/**
 * Passkeys on the server, end to end with a software authenticator (soft-authenticator.ts): adding one
 * from the profile, signing in with it without a password and as the second step, and every refusal
 * (a used, expired or foreign challenge, an unknown or another admin's passkey, the limits).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { createAdmin } from '../../server/repositories/admins';
import { resetSecondFactors, setRequiresSecondFactor } from '../../server/repositories/second-factors';
import { LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ATTEMPTS_PER_MINUTE, PASSKEY_CHALLENGE_MINUTES, PASSKEYS_PER_ADMIN } from '../../src/domain/limits';
import { AUTH, PASSKEY_TEXTS } from '../../src/domain/messages';
import { createTestServer, login, type TestServer } from './harness';
import { SoftAuthenticator } from './soft-authenticator';

const HOST = 'crease.test';
const ORIGIN = `http://${HOST}`;

let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let server: TestServer;
let address = 0;
/** A fresh client address, so one test's attempts do not count against another's per-address limit. */
const nextAddress = () => `10.43.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(() => server.close());

const call = (options: InjectOptions & { token?: string; ip?: string }) =>
  server.app.inject({
    ...options,
    remoteAddress: options.ip ?? nextAddress(),
    headers: { host: HOST, ...(options.token && { authorization: `Bearer ${options.token}` }), ...options.headers },
  });

/** A new admin with their own session. */
async function newAdmin(name: string) {
  const email = `${name}-${Date.now()}@test.local`;
  const admin = await createAdmin(server.db, { email, passwordHash: await hashPassword('a long password'), firstName: name });
  const res = await login(server.app, email, 'a long password', { remoteAddress: nextAddress() });
  return { id: admin.id, email, token: res.json().data.token as string };
}

async function addPasskey(token: string, authenticator = new SoftAuthenticator(HOST, ORIGIN), name = 'Laptop') {
  const options = await call({ method: 'POST', url: '/admin/profile/passkeys/options', token });
  expect(options.statusCode, options.body).toBe(200);
  const res = await call({ method: 'POST', url: '/admin/profile/passkeys', token, payload: { name, response: authenticator.register(options.json().data.challenge) } });
  return { res, authenticator };
}

const signInOptions = async (ip?: string, ticket?: string) => {
  const res = await call({ method: 'POST', url: '/admin/login/passkey/options', payload: ticket ? { ticket } : {}, ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { challenge: string; allowCredentials?: { id: string }[]; rpId: string };
};

const signInWith = (response: unknown, extra: { ticket?: string; ip?: string } = {}) =>
  call({ method: 'POST', url: '/admin/login/passkey', payload: { response, ...(extra.ticket && { ticket: extra.ticket }) }, ip: extra.ip });

async function activityOf(adminId: string) {
  const res = await server.request({ method: 'GET', url: `/admin/activity?resource=admins&recordId=${adminId}&limit=50` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.docs as { action: string; changes: unknown[] }[];
}

describe('adding a passkey', () => {
  it('registers one from the profile, lists it without its key, and logs it by name', async () => {
    const ada = await newAdmin('Ada');
    const { res } = await addPasskey(ada.token, undefined, '  Work laptop ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: PASSKEY_TEXTS.addSucceeded, data: { name: 'Work laptop', lastUsedAt: null } });
    const list = await call({ method: 'GET', url: '/admin/profile/passkeys', token: ada.token });
    expect(list.json().data).toEqual([{ id: res.json().data.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    const added = (await activityOf(ada.id)).find((entry) => entry.action === 'passkeyAdd');
    expect(added?.changes).toEqual([{ field: 'passkey', before: null, after: 'Work laptop' }]);
    expect(JSON.stringify(await activityOf(ada.id))).not.toContain('publicKey');
  });

  it('offers the RP ID of the address the admin app is served from and excludes the passkeys already added', async () => {
    const bo = await newAdmin('Bo');
    const { authenticator } = await addPasskey(bo.token);
    const options = await call({ method: 'POST', url: '/admin/profile/passkeys/options', token: bo.token });
    expect(options.json().data).toMatchObject({ rp: { id: HOST }, user: { name: bo.email }, excludeCredentials: [{ id: authenticator.credentialId }] });
  });

  it('refuses an answer to a used, expired or another admin\'s challenge, a wrong origin, a blank name and a second copy', async () => {
    const cy = await newAdmin('Cy');
    const dee = await newAdmin('Dee');
    const authenticator = new SoftAuthenticator(HOST, ORIGIN);
    const challengeOf = async (token: string) => (await call({ method: 'POST', url: '/admin/profile/passkeys/options', token })).json().data.challenge as string;
    const add = (token: string, response: unknown, name = 'Key') => call({ method: 'POST', url: '/admin/profile/passkeys', token, payload: { name, response } });

    // Dee's challenge answered in Cy's session.
    const deeChallenge = await challengeOf(dee.token);
    expect((await add(cy.token, authenticator.register(deeChallenge))).json()).toMatchObject({ success: false, message: PASSKEY_TEXTS.challengeInvalid });
    // A challenge expires.
    const late = await challengeOf(cy.token);
    offset = (PASSKEY_CHALLENGE_MINUTES * 60 + 1) * 1000;
    const expired = await add(cy.token, authenticator.register(late));
    offset = 0;
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSKEY_TEXTS.challengeInvalid);
    // Made for another site.
    const phished = await add(cy.token, authenticator.register(await challengeOf(cy.token), { origin: 'http://evil.test', rpId: 'evil.test' }));
    expect(phished.json()).toMatchObject({ success: false, message: PASSKEY_TEXTS.notVerified });
    // A blank name changes nothing, and its challenge is still good.
    const challenge = await challengeOf(cy.token);
    const blank = await add(cy.token, authenticator.register(challenge), '   ');
    expect(blank.json()).toMatchObject({ success: false, errors: { name: PASSKEY_TEXTS.nameRequired } });
    expect((await add(cy.token, authenticator.register(challenge))).statusCode).toBe(200);
    // Used once only.
    const again = await add(cy.token, authenticator.register(challenge));
    expect(again.json().message).toBe(PASSKEY_TEXTS.challengeInvalid);
    // The same credential a second time (the browser excludes it; a script may not).
    const copy = await add(cy.token, authenticator.register(await challengeOf(cy.token)));
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe(PASSKEY_TEXTS.alreadyRegistered);
    const list = await call({ method: 'GET', url: '/admin/profile/passkeys', token: cy.token });
    expect(list.json().data).toHaveLength(1);
  });

  it(`keeps at most ${PASSKEYS_PER_ADMIN} passkeys per admin`, async () => {
    const eve = await newAdmin('Eve');
    for (let i = 0; i < PASSKEYS_PER_ADMIN; i++) expect((await addPasskey(eve.token, undefined, `Key ${i}`)).res.statusCode).toBe(200);
    const more = await call({ method: 'POST', url: '/admin/profile/passkeys/options', token: eve.token });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PASSKEY_TEXTS.tooMany);
  });

  it("removes the admin's own passkey, logs it, and answers 404 for another admin's", async () => {
    const fay = await newAdmin('Fay');
    const gus = await newAdmin('Gus');
    const { res } = await addPasskey(fay.token, undefined, 'Phone');
    const id = encodeURIComponent(res.json().data.id);
    expect((await call({ method: 'DELETE', url: `/admin/profile/passkeys/${id}`, token: gus.token })).statusCode).toBe(404);
    const removed = await call({ method: 'DELETE', url: `/admin/profile/passkeys/${id}`, token: fay.token });
    expect(removed.json()).toEqual({ success: true, data: null, message: PASSKEY_TEXTS.removed });
    expect((await call({ method: 'GET', url: '/admin/profile/passkeys', token: fay.token })).json().data).toEqual([]);
    expect((await activityOf(fay.id)).find((entry) => entry.action === 'passkeyRemove')?.changes).toEqual([{ field: 'passkey', before: 'Phone', after: null }]);
  });
});

describe('signing in with a passkey, without a password', () => {
  it('answers a session as the password sign-in does, and logs it', async () => {
    const hal = await newAdmin('Hal');
    const { authenticator } = await addPasskey(hal.token, undefined, 'Phone');
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: HOST, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await signInWith(authenticator.authenticate(options.challenge));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: AUTH.loginSuccess, user: { _id: hal.id, email: hal.email }, data: { token: body.token, user: body.user } });
    const profile = await call({ method: 'GET', url: '/admin/profile', token: body.token });
    expect(profile.json().data.email).toBe(hal.email);
    expect((await activityOf(hal.id)).find((entry) => entry.action === 'passkeySignIn')?.changes).toEqual([{ field: 'passkey', before: null, after: 'Phone' }]);
    const [listed] = (await call({ method: 'GET', url: '/admin/profile/passkeys', token: body.token })).json().data;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, an expired or registration challenge, an unknown passkey, no user verification and a deactivated admin', async () => {
    const ivy = await newAdmin('Ivy');
    const { authenticator } = await addPasskey(ivy.token);

    const answer = authenticator.authenticate((await signInOptions()).challenge);
    expect((await signInWith(answer)).statusCode).toBe(200);
    const replay = await signInWith(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(PASSKEY_TEXTS.challengeInvalid);

    const late = await signInOptions();
    offset = (PASSKEY_CHALLENGE_MINUTES * 60 + 1) * 1000;
    const expired = await signInWith(authenticator.authenticate(late.challenge));
    offset = 0;
    expect(expired.json().message).toBe(PASSKEY_TEXTS.challengeInvalid);

    const registration = (await call({ method: 'POST', url: '/admin/profile/passkeys/options', token: ivy.token })).json().data.challenge;
    expect((await signInWith(authenticator.authenticate(registration))).json().message).toBe(PASSKEY_TEXTS.challengeInvalid);

    const stranger = new SoftAuthenticator(HOST, ORIGIN);
    const unknown = await signInWith(stranger.authenticate((await signInOptions()).challenge));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(PASSKEY_TEXTS.unknownPasskey);

    const elsewhere = await signInWith(authenticator.authenticate((await signInOptions()).challenge, { origin: 'http://evil.test' }));
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toBe(PASSKEY_TEXTS.notVerified);
    expect((await activityOf(ivy.id)).map((entry) => entry.action)).toContain('signInRefused');

    // A passkey that does not verify its user is one factor: not enough without the password.
    const joe = await newAdmin('Joe');
    const { authenticator: presenceOnly } = await addPasskey(joe.token, new SoftAuthenticator(HOST, ORIGIN, false));
    expect((await signInWith(presenceOnly.authenticate((await signInOptions()).challenge))).statusCode).toBe(401);

    await server.db.updateTable('admins').set({ is_active: false }).where('id', '=', ivy.id).execute();
    const deactivated = await signInWith(authenticator.authenticate((await signInOptions()).challenge));
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json().message).toBe(AUTH.accountDeactivated);
  });

  it('counts answers against the per-address sign-in limit, and per passkey from any address', async () => {
    const kim = await newAdmin('Kim');
    const { authenticator } = await addPasskey(kim.token);
    const ip = nextAddress();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await signInWith({ bad: true }, { ip })).statusCode).toBe(400);
    const limited = await signInWith(authenticator.authenticate((await signInOptions()).challenge), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH.tooManyAttempts);

    const lee = await newAdmin('Lee');
    const { authenticator: target } = await addPasskey(lee.token);
    const guess = { ...target.authenticate('bm90LWEtY2hhbGxlbmdl'), response: { ...target.authenticate('x').response, signature: 'AAAA' } };
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ACCOUNT; i++) expect((await signInWith(guess)).statusCode).toBe(400);
    const perPasskey = await signInWith(target.authenticate((await signInOptions()).challenge));
    expect(perPasskey.statusCode).toBe(429);
    expect(perPasskey.json().message).toBe(AUTH.tooManyAccountAttempts);
  });
});

describe('a passkey as the second step', () => {
  it("takes the admin's own passkey with the password step's ticket, and refuses another admin's", async () => {
    const max = await newAdmin('Max');
    const ned = await newAdmin('Ned');
    const { authenticator: maxKey } = await addPasskey(max.token);
    const { authenticator: nedKey } = await addPasskey(ned.token);
    // The password alone now earns a ticket, not a session.
    const password = await login(server.app, max.email, 'a long password', { remoteAddress: nextAddress() });
    expect(password.json()).toMatchObject({ success: true, data: { secondFactor: ['passkey'], ticket: expect.any(String) } });
    expect(password.json().token).toBeUndefined();
    const { ticket } = password.json().data as { ticket: string };

    const options = await signInOptions(undefined, ticket);
    expect(options.allowCredentials?.map((allowed) => allowed.id)).toEqual([maxKey.credentialId]);
    const foreign = await signInWith(nedKey.authenticate(options.challenge), { ticket });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe(PASSKEY_TEXTS.unknownPasskey);

    // A second step's challenge is no password-less sign-in's, and the other way round.
    expect((await signInWith(maxKey.authenticate((await signInOptions(undefined, ticket)).challenge))).json().message).toBe(PASSKEY_TEXTS.challengeInvalid);
    expect((await signInWith(maxKey.authenticate((await signInOptions()).challenge), { ticket })).json().message).toBe(PASSKEY_TEXTS.challengeInvalid);

    const res = await signInWith(maxKey.authenticate((await signInOptions(undefined, ticket)).challenge), { ticket });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user._id).toBe(max.id);
  });

  it("satisfies the league's policy, and the last one stays while the policy holds", async () => {
    const quin = await newAdmin('Quin');
    await setRequiresSecondFactor(server.db, server.admin.id, true);
    try {
      // Held by the policy, the admin may still add a passkey, and then goes on.
      expect((await call({ method: 'GET', url: '/admin/videos', token: quin.token })).statusCode).toBe(403);
      const { res } = await addPasskey(quin.token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await call({ method: 'GET', url: '/admin/videos', token: quin.token })).statusCode).toBe(200);
      const last = await call({ method: 'DELETE', url: `/admin/profile/passkeys/${encodeURIComponent(res.json().data.id)}`, token: quin.token });
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe(PASSKEY_TEXTS.lastFactor);
    } finally {
      await setRequiresSecondFactor(server.db, server.admin.id, false);
    }
  });

  it("goes with the operator's reset of the admin's second factors", async () => {
    const pat = await newAdmin('Pat');
    await addPasskey(pat.token);
    expect(await resetSecondFactors(server.db, pat.email)).toBe(pat.id);
    const password = await login(server.app, pat.email, 'a long password', { remoteAddress: nextAddress() });
    expect(password.json().data.token).toEqual(expect.any(String));
  });

  it('refuses a forged ticket or a session token in its place', async () => {
    const oz = await newAdmin('Oz');
    const forged = await call({ method: 'POST', url: '/admin/login/passkey/options', payload: { ticket: oz.token } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(PASSKEY_TEXTS.ticketInvalid);
  });
});
