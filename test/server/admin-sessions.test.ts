/**
 * Sessions end when the admin's row or the session's changes, although servers keep the signed-in admin in memory:
 * at once on the server that made the change, however it was written, and within a second on a
 * server sharing the database (PostgreSQL), also right after the notification channel was lost.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../src/domain/messages';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase, type OpenDatabase } from '../../server/db/connection';
import { createAdmin, setAdminPassword } from '../../server/repositories/admins';
import { endAdminSessions } from '../../server/repositories/admin-sessions';
import { adminSessionToken, createTestServer, type TestServer } from './harness';
import { usesPostgres } from './process';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let admins = 0;
/** An admin of its own, signed in a minute ago, whose session has just been used (so the server keeps it). */
async function signedInAdmin() {
  const email = `session-${++admins}@test.local`;
  const { id } = await createAdmin(server.db, { email, passwordHash: await hashPassword('a long enough password'), firstName: 'Sam' });
  await server.db.updateTable('admins').set({ password_changed_at: sql<Date>`now() - interval '1 hour'` }).where('id', '=', id).execute();
  const token = await adminSessionToken(server, id, { issuedAt: Math.floor(Date.now() / 1000) - 60 });
  const list = () => server.app.inject({ method: 'GET', url: '/admin/videos', headers: { authorization: `Bearer ${token}` } });
  expect((await list()).statusCode).toBe(200);
  expect((await list()).statusCode).toBe(200);
  return { id, email, list };
}

describe('on the server that ends a session', () => {
  it('refuses it at once after a password reset', async () => {
    const { email, list } = await signedInAdmin();
    await setAdminPassword(server.db, email, await hashPassword('another long password'));
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
  });

  it('refuses it at once when the row changes by hand-written SQL, inside a transaction', async () => {
    const { id, list } = await signedInAdmin();
    await server.db.transaction().execute(async (trx) => {
      await sql`update admins set password_changed_at = now() + interval '1 minute' where id = ${id}`.execute(trx);
    });
    expect((await list()).statusCode).toBe(401);
  });

  it('refuses it at once when its session is ended', async () => {
    const { id, list } = await signedInAdmin();
    await endAdminSessions(server.db, id, id, {}, 'sessionsEnd');
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.session_ended', message: AUTH.sessionExpired });
  });

  it('refuses it at once when the admin is removed', async () => {
    const { id, list } = await signedInAdmin();
    await server.db.deleteFrom('admins').where('id', '=', id).execute();
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.required', message: AUTH.unauthorized });
  });

  it('keeps sessions of other admins', async () => {
    const kept = await signedInAdmin();
    const { email } = await signedInAdmin();
    await setAdminPassword(server.db, email, await hashPassword('another long password'));
    expect((await kept.list()).statusCode).toBe(200);
  });
});

describe.runIf(usesPostgres)('on another server sharing the database', () => {
  let other: OpenDatabase;
  beforeAll(async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    other = await openDatabase({ url: url.toString() });
  });
  afterAll(() => other.close());

  it('refuses it within a second after a reset there', async () => {
    const { email, list } = await signedInAdmin();
    await setAdminPassword(other.db, email, await hashPassword('another long password'));
    await expect.poll(async () => (await list()).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('refuses it within a second after its session is ended there (a sign-out on another server)', async () => {
    const { id, list } = await signedInAdmin();
    await endAdminSessions(other.db, id, id, {}, 'sessionsEnd');
    await expect.poll(async () => (await list()).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('refuses it within a second when the change lands while this server cannot hear the database', async () => {
    const { email, list } = await signedInAdmin();
    // Cut this server's listening connection; the change is made before it reconnects.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(other.db);
    await setAdminPassword(other.db, email, await hashPassword('another long password'));
    await expect.poll(async () => (await list()).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('keeps honouring live sessions once it hears the database again', async () => {
    const { list } = await signedInAdmin();
    await expect.poll(async () => (await list()).statusCode, { timeout: 5000 }).toBe(200);
  });
});
