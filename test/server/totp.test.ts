/**
 * A second factor by TOTP: set-up from the profile, the sign-in's second step with its ticket, the
 * recovery codes, turning it off, the league's policy and the operator's reset. The codes are made as
 * an authenticator app makes them, from the otpauth:// URI the server answers, at the server's clock
 * (moved by the tests: a code belongs to a 30-second step, a ticket lasts 5 minutes).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askRunningServer, openAdminSocket, type AdminServices } from '../../server/admin-socket';
import { hashPassword } from '../../server/auth/passwords';
import { createAdmin } from '../../server/repositories/admins';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_ATTEMPTS_PER_ADMIN, SECOND_FACTOR_TICKET_MINUTES } from '../../src/domain/limits';
import { AUTH, TWO_FACTOR_TEXTS } from '../../src/domain/messages';
import { createTestServer, login, type TestServer } from './harness';

/** Starts at the real time: session tokens' lifetimes are checked against it, tickets' and codes' against this. */
const now = { t: new Date() };
/** Moves the server's clock on: a TOTP code is one 30-second step's. */
const later = (seconds: number) => (now.t = new Date(now.t.getTime() + seconds * 1000));

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => now.t } });
});
afterAll(() => server.close());

const PASSWORD = 'a long enough password';
let admins = 0;
/** Each test its own admin and address: sign-in limits count per e-mail and per address. */
/** An owner: the policy is the owners' to read and change (every role has its own second factor). */
async function newAdmin() {
  admins += 1;
  const email = `two-factor-${admins}@test.local`;
  const admin = await createAdmin(server.db, { email, passwordHash: await hashPassword(PASSWORD), firstName: 'Tess', lastName: `Factor${admins}`, role: 'owner' });
  const remoteAddress = `10.0.43.${admins}`;
  const token = (await login(server.app, email, PASSWORD, { remoteAddress })).json().token as string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, remoteAddress, headers: { authorization: `Bearer ${token}` } });
  return { id: admin.id, email, remoteAddress, token, call };
}
type Admin = Awaited<ReturnType<typeof newAdmin>>;

const codeAt = (totp: TOTP) => totp.generate({ timestamp: now.t.getTime() });

/** Turns TOTP on for the admin as the profile does: the app's TOTP (from the URI) and the recovery codes. */
async function turnOn(admin: Admin) {
  const started = await admin.call('POST', '/admin/profile/totp');
  expect(started.statusCode).toBe(200);
  const { secret, otpauthUrl } = started.json().data as { secret: string; otpauthUrl: string };
  const totp = URI.parse(otpauthUrl) as TOTP;
  const confirmed = await admin.call('POST', '/admin/profile/totp/confirm', { code: codeAt(totp) });
  expect(confirmed.statusCode).toBe(200);
  // The code that confirmed is taken: the next sign-in needs the next step's.
  later(30);
  return { secret, totp, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

const passwordStep = (admin: Admin, remember?: boolean) => login(server.app, admin.email, PASSWORD, { remoteAddress: admin.remoteAddress, remember });
const secondStep = (admin: Admin, ticket: string, code: string) =>
  server.app.inject({ method: 'POST', url: '/admin/login/totp', payload: { ticket, code }, remoteAddress: admin.remoteAddress });
const ticketOf = async (admin: Admin) => (await passwordStep(admin)).json().data.ticket as string;
const profileWith = (token: string) => server.app.inject({ method: 'GET', url: '/admin/profile', headers: { authorization: `Bearer ${token}` } });
const entriesOf = (adminId: string) => server.db.selectFrom('activity').selectAll().where('record_id', '=', adminId).orderBy('id').execute();

describe('setting TOTP up', () => {
  it('answers a secret and its otpauth URI, and turns on only with a right code', async () => {
    const admin = await newAdmin();
    const started = await admin.call('POST', '/admin/profile/totp');
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const totp = URI.parse(otpauthUrl) as TOTP;
    expect(totp).toMatchObject({ issuer: 'Crease', label: admin.email, digits: 6, period: 30 });
    expect(totp.secret.base32).toBe(secret);

    // Started is not on: the password alone still signs in.
    expect((await admin.call('GET', '/admin/profile/totp')).json().data).toEqual({ enabled: false });
    expect((await passwordStep(admin)).json().token).toEqual(expect.any(String));

    const wrong = await admin.call('POST', '/admin/profile/totp/confirm', { code: String((Number(codeAt(totp)) + 1) % 1_000_000).padStart(6, '0') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, errors: { code: TWO_FACTOR_TEXTS.wrongCode } });
    expect((await admin.call('GET', '/admin/profile/totp')).json().data).toEqual({ enabled: false });

    const confirmed = await admin.call('POST', '/admin/profile/totp/confirm', { code: codeAt(totp) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await admin.call('GET', '/admin/profile/totp')).json().data).toEqual({ enabled: true });

    // The recovery codes are kept only as digests.
    const kept = await server.db.selectFrom('admin_recovery_codes').select('code_hash').where('admin_id', '=', admin.id).execute();
    expect(kept).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { code_hash } of kept) expect(recoveryCodes).not.toContain(code_hash);

    // On is on: set-up again first needs it turned off.
    const again = await admin.call('POST', '/admin/profile/totp');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_TEXTS.alreadyOn);
  });

  it('refuses a confirmation before any set-up', async () => {
    const admin = await newAdmin();
    const res = await admin.call('POST', '/admin/profile/totp/confirm', { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TWO_FACTOR_TEXTS.notStarted);
  });
});

describe('signing in with TOTP', () => {
  it('answers a ticket, not a session, for the password; the code then signs in', async () => {
    const admin = await newAdmin();
    const { totp } = await turnOn(admin);

    const first = await passwordStep(admin, true);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).not.toHaveProperty('token');
    expect(body.data).toEqual({ secondFactor: ['totp'], ticket: expect.any(String) });

    const second = await secondStep(admin, body.data.ticket, codeAt(totp));
    expect(second.statusCode).toBe(200);
    const session = second.json();
    expect(session.data).toEqual({ token: session.token, user: session.user });
    expect(session.user).toMatchObject({ _id: admin.id, email: admin.email });
    expect((await profileWith(session.token)).statusCode).toBe(200);
    // "Remember me" asked at the password step holds for the session the second step opens.
    const { exp, iat } = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
    expect(exp - iat).toBe(30 * 24 * 3600);
    // The sign-in is on the record once it is complete.
    expect((await entriesOf(admin.id)).map((entry) => entry.action)).toContain('signIn');
  });

  it('never takes a ticket as a bearer token', async () => {
    const admin = await newAdmin();
    await turnOn(admin);
    const ticket = await ticketOf(admin);
    const res = await profileWith(ticket);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH.unauthorized);
  });

  it('accepts a code once: the same code again is refused, even with a fresh ticket', async () => {
    const admin = await newAdmin();
    const { totp } = await turnOn(admin);
    const code = codeAt(totp);
    expect((await secondStep(admin, await ticketOf(admin), code)).statusCode).toBe(200);
    const replay = await secondStep(admin, await ticketOf(admin), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(TWO_FACTOR_TEXTS.wrongCode);
    // The next step's code is a new one.
    later(30);
    expect((await secondStep(admin, await ticketOf(admin), codeAt(totp))).statusCode).toBe(200);
  });

  it('refuses a wrong code, a code from far off, a stranger\'s ticket and a lapsed ticket', async () => {
    const admin = await newAdmin();
    const { totp } = await turnOn(admin);
    const ticket = await ticketOf(admin);

    const wrong = await secondStep(admin, ticket, String((Number(codeAt(totp)) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_TEXTS.wrongCode);
    const stale = await secondStep(admin, ticket, totp.generate({ timestamp: now.t.getTime() - 5 * 60_000 }));
    expect(stale.statusCode).toBe(401);

    const forged = await secondStep(admin, `${ticket.slice(0, -4)}AAAA`, codeAt(totp));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(TWO_FACTOR_TEXTS.ticketInvalid);
    const session = await secondStep(admin, admin.token, codeAt(totp));
    expect(session.statusCode).toBe(401);
    expect(session.json().message).toBe(TWO_FACTOR_TEXTS.ticketInvalid);

    later(SECOND_FACTOR_TICKET_MINUTES * 60 + 1);
    const lapsed = await secondStep(admin, ticket, codeAt(totp));
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json().message).toBe(TWO_FACTOR_TEXTS.ticketInvalid);
    // Refused codes are on the record, without the code.
    expect((await entriesOf(admin.id)).filter((entry) => entry.action === 'secondFactorRefused')).toHaveLength(2);
  });

  it('limits codes per admin, from any address', async () => {
    const admin = await newAdmin();
    const { totp } = await turnOn(admin);
    const ticket = await ticketOf(admin);
    for (let i = 0; i < SECOND_FACTOR_ATTEMPTS_PER_ADMIN; i++) {
      const res = await server.app.inject({ method: 'POST', url: '/admin/login/totp', payload: { ticket, code: '000000' }, remoteAddress: `10.9.${i}.1` });
      expect(res.statusCode).toBe(401);
    }
    // Even the right code, from yet another address, waits now.
    const limited = await server.app.inject({ method: 'POST', url: '/admin/login/totp', payload: { ticket, code: codeAt(totp) }, remoteAddress: '10.9.99.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TWO_FACTOR_TEXTS.tooManyCodes);
    // Another admin's second step is not held up.
    const other = await newAdmin();
    const otherTotp = (await turnOn(other)).totp;
    expect((await secondStep(other, await ticketOf(other), codeAt(otherTotp))).statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case, with or without its dash', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await turnOn(admin);
    const [first, second] = recoveryCodes;
    const signedIn = await secondStep(admin, await ticketOf(admin), first);
    expect(signedIn.statusCode).toBe(200);
    expect((await profileWith(signedIn.json().token)).statusCode).toBe(200);
    const again = await secondStep(admin, await ticketOf(admin), first);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(TWO_FACTOR_TEXTS.wrongCode);
    expect((await secondStep(admin, await ticketOf(admin), second.replace('-', '').toLowerCase())).statusCode).toBe(200);
    expect((await entriesOf(admin.id)).filter((entry) => entry.action === 'recoveryCodeUsed')).toHaveLength(2);
  });
});

describe('turning TOTP off', () => {
  it('needs the password; then the password alone signs in again', async () => {
    const admin = await newAdmin();
    await turnOn(admin);
    const wrong = await admin.call('DELETE', '/admin/profile/totp', { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: TWO_FACTOR_TEXTS.wrongPassword });
    expect((await admin.call('GET', '/admin/profile/totp')).json().data).toEqual({ enabled: true });

    const off = await admin.call('DELETE', '/admin/profile/totp', { password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await admin.call('GET', '/admin/profile/totp')).json().data).toEqual({ enabled: false });
    expect((await passwordStep(admin)).json().token).toEqual(expect.any(String));
    expect(await server.db.selectFrom('admin_recovery_codes').select('code_hash').where('admin_id', '=', admin.id).execute()).toEqual([]);

    const twice = await admin.call('DELETE', '/admin/profile/totp', { password: PASSWORD });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(TWO_FACTOR_TEXTS.notOn);
  });
});

describe('the policy', () => {
  it('holds an admin without a second factor until they set one up; an admin with one goes to the second step', async () => {
    const without = await newAdmin();
    const owner = await newAdmin();
    const { totp } = await turnOn(owner);
    expect((await without.call('GET', '/admin/admins/second-factor-policy')).json().data).toEqual({ requireSecondFactor: false });
    expect((await passwordStep(without)).json().user).not.toHaveProperty('mustSetUpSecondFactor');

    const on = await owner.call('PUT', '/admin/admins/second-factor-policy', { requireSecondFactor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ data: { requireSecondFactor: true }, message: TWO_FACTOR_TEXTS.requireOn });
    try {
      expect((await owner.call('GET', '/admin/admins/second-factor-policy')).json().data).toEqual({ requireSecondFactor: true });
      expect((await passwordStep(without)).json().user).toMatchObject({ mustSetUpSecondFactor: true });
      const second = await secondStep(owner, await ticketOf(owner), codeAt(totp));
      expect(second.json().user).not.toHaveProperty('mustSetUpSecondFactor');

      // Held: their sessions reach their profile and the set-up, nothing else, on the next call.
      const held = await without.call('GET', '/admin/news');
      expect(held.statusCode).toBe(403);
      expect(held.json().message).toBe(TWO_FACTOR_TEXTS.setUpFirst);
      expect((await without.call('GET', '/admin/profile')).statusCode).toBe(200);
      expect((await owner.call('GET', '/admin/news')).statusCode).toBe(200);
      // An admin with TOTP alone cannot turn it off while the league requires it.
      const off = await owner.call('DELETE', '/admin/profile/totp', { password: PASSWORD });
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toBe(TWO_FACTOR_TEXTS.required);

      // Set up, the admin is held back no more.
      await turnOn(without);
      expect((await without.call('GET', '/admin/news')).statusCode).toBe(200);
      const done = (await passwordStep(without)).json();
      expect(done).not.toHaveProperty('token');
      expect(done.data.secondFactor).toEqual(['totp']);

      const bad = await owner.call('PUT', '/admin/admins/second-factor-policy', { requireSecondFactor: 'yes' });
      expect(bad.statusCode).toBe(400);
    } finally {
      await owner.call('PUT', '/admin/admins/second-factor-policy', { requireSecondFactor: false });
    }
    expect((await (await newAdmin()).call('GET', '/admin/news')).statusCode).toBe(200);
    const policyEntries = await server.db.selectFrom('activity').selectAll().where('record_label', '=', TWO_FACTOR_TEXTS.policyLabel).orderBy('id').execute();
    expect(policyEntries.map((entry) => entry.changes)).toEqual([
      [{ field: 'requireSecondFactor', before: false, after: true }],
      [{ field: 'requireSecondFactor', before: true, after: false }],
    ]);
  });
});

describe('the operator\'s reset (npm run admin -- reset-2fa)', () => {
  it('removes the admin\'s factors through the running server\'s channel, on the record without a secret', async () => {
    const admin = await newAdmin();
    const { secret, recoveryCodes } = await turnOn(admin);
    const dataDir = await mkdtemp(join(tmpdir(), 'crease-reset-2fa-'));
    const close = await openAdminSocket(dataDir, { db: server.db } as AdminServices, () => {});
    try {
      const answer = await askRunningServer(dataDir, { command: 'reset-2fa', email: admin.email.toUpperCase() });
      expect(answer).toMatchObject({ ok: true, message: expect.stringContaining(admin.email.toUpperCase()) });
      const unknown = await askRunningServer(dataDir, { command: 'reset-2fa', email: 'nobody@test.local' });
      expect(unknown).toEqual({ ok: false, error: 'No admin has the e-mail nobody@test.local.' });
    } finally {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect((await passwordStep(admin)).json().token).toEqual(expect.any(String));

    // On, off, recovery codes and resets are in the log; no secret and no code is.
    await turnOn(admin);
    await admin.call('DELETE', '/admin/profile/totp', { password: PASSWORD });
    const entries = await entriesOf(admin.id);
    expect(entries.map((entry) => entry.action).filter((action) => action !== 'signIn')).toEqual(['totpOn', 'secondFactorReset', 'totpOn', 'totpOff']);
    expect(entries.find((entry) => entry.action === 'secondFactorReset')).toMatchObject({ admin_id: null, record_label: expect.stringContaining('Tess') });
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(secret);
    for (const code of recoveryCodes) expect(logged).not.toContain(code);
  });
});
