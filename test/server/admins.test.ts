import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, AUTH, PROFILE_TEXTS, VALIDATION } from '../../src/domain/messages';
import { fieldErrors } from './checks';
import { createTestServer, login as loginFrom, TEST_ADMIN, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: bearer(token) });

let count = 0;
let address = 0;
/** Each sign-in from its own address, so this file's many sign-ins stay under the per-address limit. */
const login = (app: TestServer['app'], email: string, password: string) => loginFrom(app, email, password, { remoteAddress: `10.23.0.${++address}` });

/** Another admin (an owner unless told), added through the API, who has chosen their own password: answers their id and a token. */
async function addAdmin(firstName = 'Bea', lastName = 'Brown', role = 'owner') {
  const email = `admin${++count}@test.local`;
  const res = await server.request({ method: 'POST', url: '/admin/admins', payload: { firstName, lastName, email, password: 'first-password-12', role } });
  expect(res.statusCode, res.body).toBe(200);
  const first = (await login(server.app, email, 'first-password-12')).json().token as string;
  const chosen = await as(first, 'PUT', '/admin/profile/password', {
    currentPassword: 'first-password-12',
    newPassword: 'own-password-1234',
    repeatPassword: 'own-password-1234',
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { id: res.json().data._id as string, email, token: chosen.json().data.token as string };
}

describe('admin accounts', () => {
  it('adds an admin, lists them with search, never with a hash', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/admin/admins',
      payload: { firstName: ' Carla ', lastName: 'Cruz', email: 'carla@test.local', password: 'a-first-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: ADMIN_TEXTS.createSuccess });
    expect(Object.keys(res.json().data).sort()).toEqual(['_id', 'createdAt', 'email', 'firstName', 'isActive', 'lastName', 'lastSignInAt', 'role']);
    expect(res.json().data).toMatchObject({ firstName: 'Carla', lastName: 'Cruz', email: 'carla@test.local', role: 'editor', isActive: true, lastSignInAt: null });

    const list = await server.request({ method: 'GET', url: '/admin/admins?search=carla%20cruz' });
    expect(list.json().data).toMatchObject({ totalDocs: 1, page: 1, docs: [{ email: 'carla@test.local' }] });
    expect(list.body).not.toContain('argon2');
  });

  it('refuses a duplicate e-mail, a short password and a missing name at the field, adding nobody', async () => {
    const before = (await server.request({ method: 'GET', url: '/admin/admins' })).json().data.totalDocs;
    const attempts = [
      [{ firstName: 'X', lastName: 'Y', email: TEST_ADMIN.email.toUpperCase(), password: 'long-enough-pass' }, { email: VALIDATION.emailTaken }],
      [{ firstName: 'X', lastName: 'Y', email: 'x@test.local', password: 'short-pass' }, { password: VALIDATION.passwordTooShort }],
      [{ lastName: 'Y', email: 'x@test.local', password: 'long-enough-pass' }, { firstName: VALIDATION.firstNameRequired }],
      [{ firstName: '  ', lastName: 'Y', email: 'x@test.local', password: 'long-enough-pass' }, { firstName: VALIDATION.firstNameRequired }],
    ] as const;
    for (const [payload, errors] of attempts) {
      const res = await server.request({ method: 'POST', url: '/admin/admins', payload });
      expect(fieldErrors(res)).toEqual(errors);
    }
    expect((await server.request({ method: 'GET', url: '/admin/admins' })).json().data.totalDocs).toBe(before);
  });

  it('takes an e-mail pasted with spaces around it, stored without them; refuses one that is none with its message', async () => {
    const padded = await server.request({ method: 'POST', url: '/admin/admins', payload: { firstName: 'Pia', lastName: 'Das', email: '  Pia.Das@test.local ', password: 'long-enough-pass' } });
    expect(padded.statusCode, padded.body).toBe(200);
    expect(padded.json().data.email).toBe('Pia.Das@test.local');
    const none = await server.request({ method: 'POST', url: '/admin/admins', payload: { firstName: 'Pia', lastName: 'Das', email: 'pia das', password: 'long-enough-pass' } });
    expect(fieldErrors(none)).toEqual({ email: VALIDATION.emailInvalid });
  });

  it('holds a new admin to choosing their own password before anything else', async () => {
    await server.request({ method: 'POST', url: '/admin/admins', payload: { firstName: 'Dev', lastName: 'Das', email: 'dev@test.local', password: 'first-password-12' } });
    const signIn = (await login(server.app, 'dev@test.local', 'first-password-12')).json();
    expect(signIn.user).toMatchObject({ firstName: 'Dev', mustChangePassword: true });

    const blocked = await as(signIn.token, 'GET', '/admin/videos');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ success: false, code: 'auth.password_change_required', message: AUTH.choosePasswordFirst });
    expect((await as(signIn.token, 'GET', '/admin/profile')).statusCode).toBe(200);

    const mismatch = await as(signIn.token, 'PUT', '/admin/profile/password', {
      currentPassword: 'first-password-12',
      newPassword: 'own-password-1234',
      repeatPassword: 'own-password-5678',
    });
    expect(fieldErrors(mismatch)).toEqual({ repeatPassword: VALIDATION.passwordsDiffer });

    const chosen = await as(signIn.token, 'PUT', '/admin/profile/password', {
      currentPassword: 'first-password-12',
      newPassword: 'own-password-1234',
      repeatPassword: 'own-password-1234',
    });
    expect(chosen.json()).toMatchObject({ success: true, message: PROFILE_TEXTS.passwordChanged });
    expect((await as(chosen.json().data.token, 'GET', '/admin/videos')).statusCode).toBe(200);
    expect((await login(server.app, 'dev@test.local', 'own-password-1234')).json().user.mustChangePassword).toBeUndefined();
  });

  it('deactivation ends the sessions at once and refuses the sign-in with its message; reactivation lets them back', async () => {
    const bea = await addAdmin();
    expect((await as(bea.token, 'GET', '/admin/teams')).statusCode).toBe(200);

    const off = await server.request({ method: 'PUT', url: `/admin/admins/${bea.id}`, payload: { isActive: false } });
    expect(off.json()).toMatchObject({ success: true, message: ADMIN_TEXTS.deactivated, data: { isActive: false } });
    const next = await as(bea.token, 'GET', '/admin/teams');
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(AUTH.accountDeactivated);

    const refused = await login(server.app, bea.email, 'own-password-1234');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH.accountDeactivated);
    // A wrong password does not tell whether the account exists or is deactivated.
    expect((await login(server.app, bea.email, 'not-her-password')).json().message).toBe(AUTH.invalidCredentials);

    await server.request({ method: 'PUT', url: `/admin/admins/${bea.id}`, payload: { isActive: true } });
    // The old session stays ended; a new sign-in works.
    expect((await as(bea.token, 'GET', '/admin/teams')).statusCode).toBe(401);
    const back = await login(server.app, bea.email, 'own-password-1234');
    expect((await as(back.json().token, 'GET', '/admin/teams')).statusCode).toBe(200);
  });

  it('refuses deactivating yourself, changing nothing', async () => {
    const self = await server.request({ method: 'PUT', url: `/admin/admins/${server.admin.id}`, payload: { isActive: false } });
    expect(fieldErrors(self)).toEqual({ isActive: ADMIN_TEXTS.cannotDeactivateSelf });
    expect((await server.request({ method: 'GET', url: `/admin/admins/${server.admin.id}` })).json().data.isActive).toBe(true);
  });

  it('answers a change that changes nothing ({} or only dropped fields) with the record as it is, logging nothing', async () => {
    const { id } = await addAdmin('Nia', 'Null');
    const before = (await server.request({ method: 'GET', url: `/admin/admins/${id}` })).json().data;
    const entries = async () => (await server.request({ method: 'GET', url: '/admin/activity?resource=admins' })).json().total;
    const logged = await entries();
    for (const payload of [{}, { role: before.role, unknown: 1 }]) {
      const res = await server.request({ method: 'PUT', url: `/admin/admins/${id}`, payload });
      expect([res.statusCode, res.json().data], JSON.stringify(payload)).toEqual([200, before]);
    }
    expect(await entries()).toBe(logged);
  });

  it('resets another admin\'s password: their sessions end, the new one signs in and must be replaced', async () => {
    const gus = await addAdmin('Gus', 'Green');
    const reset = await server.request({ method: 'PUT', url: `/admin/admins/${gus.id}`, payload: { password: 'reset-password-12' } });
    expect(reset.json()).toMatchObject({ success: true, message: ADMIN_TEXTS.passwordReset });
    expect((await as(gus.token, 'GET', '/admin/teams')).json().message).toBe(AUTH.sessionExpired);
    expect((await login(server.app, gus.email, 'own-password-1234')).statusCode).toBe(401);
    const signIn = (await login(server.app, gus.email, 'reset-password-12')).json();
    expect(signIn.user.mustChangePassword).toBe(true);
    const short = await server.request({ method: 'PUT', url: `/admin/admins/${gus.id}`, payload: { password: 'too-short' } });
    expect(fieldErrors(short)).toEqual({ password: VALIDATION.passwordTooShort });
  });

  it('changes your own name and password: other sessions end, this one goes on with the fresh token', async () => {
    const hal = await addAdmin('Hal', 'Hughes');
    const other = (await login(server.app, hal.email, 'own-password-1234')).json().token as string;
    const named = await as(hal.token, 'PUT', '/admin/profile', { firstName: 'Hallie', lastName: 'Hughes-Hart' });
    expect(named.json()).toMatchObject({ message: PROFILE_TEXTS.nameSaved, data: { firstName: 'Hallie', lastName: 'Hughes-Hart' } });
    const wrong = await as(hal.token, 'PUT', '/admin/profile/password', { currentPassword: 'not-it-at-all', newPassword: 'newer-password-12', repeatPassword: 'newer-password-12' });
    expect(fieldErrors(wrong)).toEqual({ currentPassword: VALIDATION.currentPasswordWrong });
    const changed = await as(hal.token, 'PUT', '/admin/profile/password', {
      currentPassword: 'own-password-1234',
      newPassword: 'newer-password-12',
      repeatPassword: 'newer-password-12',
    });
    expect(changed.json().data.user).toMatchObject({ firstName: 'Hallie', lastName: 'Hughes-Hart' });
    expect((await as(other, 'GET', '/admin/teams')).statusCode).toBe(401);
    expect((await as(changed.json().data.token, 'GET', '/admin/teams')).statusCode).toBe(200);
    // An older password shorter than today's minimum still signs in until it is changed.
    expect((await login(server.app, TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it('keeps one admin active when the last two deactivate each other at once', async () => {
    const ivy = await addAdmin('Ivy', 'Iyer');
    const jon = await addAdmin('Jon', 'Jones');
    const everyone = (await server.request({ method: 'GET', url: '/admin/admins?limit=100&isActive=true' })).json().data.docs as { _id: string }[];
    for (const { _id } of everyone) {
      if (_id !== ivy.id && _id !== jon.id) expect((await as(ivy.token, 'PUT', `/admin/admins/${_id}`, { isActive: false })).statusCode).toBe(200);
    }
    const [one, two] = await Promise.all([
      as(ivy.token, 'PUT', `/admin/admins/${jon.id}`, { isActive: false }),
      as(jon.token, 'PUT', `/admin/admins/${ivy.id}`, { isActive: false }),
    ]);
    expect([one, two].filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = one.statusCode === 200 ? two : one;
    expect(refused.statusCode === 401 ? refused.json().message : fieldErrors(refused).isActive).toBe(
      refused.statusCode === 401 ? AUTH.accountDeactivated : ADMIN_TEXTS.lastActiveAdmin,
    );
    const active = await server.db.selectFrom('admins').select('id').where('is_active', '=', true).execute();
    expect(active).toHaveLength(1);
  });
});
