/**
 * Roles on every admin route. The routes are the server's own list (`app.adminRoutes`, filled as
 * each is registered), so a route added later is called here without an edit; a route without an
 * access rule stops the server from starting (checked below), which fails every test.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleNeeded, type Role } from '../../src/domain/access';
import { rolesFor, type AccessRule } from '../../src/domain/declared';
import { ADMIN_TEXTS } from '../../src/domain/messages';
import { requireAccessRules, type AdminRoute } from '../../server/auth/route-access';
import { ensureAdmin } from '../../server/auth/accounts';
import { hashPassword } from '../../server/auth/passwords';
import { up as rolesMigration } from '../../server/db/migrations/0021_admin_roles';
import { openDatabase, type OpenDatabase } from '../../server/db/connection';
import { changeAdmin, createAdmin } from '../../server/repositories/admins';
import { fieldErrors } from './checks';
import { adminSessionToken, createTestServer, freshDatabase, login, type TestServer } from './harness';
import { usesPostgres } from './process';

let server: TestServer;
const PASSWORD = 'a long enough password';
const tokens = {} as Record<Role, string>;
const ids = {} as Record<Role, string>;
let address = 0;

/** An admin holding `role` who has chosen their own password, signed in. */
async function adminWith(role: Role, email = `${role}-${randomUUID()}@test.local`) {
  const { id } = await createAdmin(server.db, { email, passwordHash: await hashPassword(PASSWORD), firstName: role, lastName: 'Tester', role });
  const token = (await login(server.app, email, PASSWORD, { remoteAddress: `10.43.0.${++address}` })).json().token as string;
  return { id, token };
}

const call = (token: string, method: string, url: string, payload?: object) =>
  server.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });

beforeAll(async () => {
  server = await createTestServer();
  tokens.owner = await server.token();
  ids.owner = server.admin.id;
  for (const role of ROLES.filter((role) => role !== 'owner')) ({ id: ids[role], token: tokens[role] } = await adminWith(role));
});
afterAll(() => server.close());

/**
 * What the issue's table says each role may do, by the route's address alone (written apart from
 * the declarations, so a declaration that drifts from it fails): people's data is the owner's and
 * the moderator's; admins and the activity log the owner's; the rest is content, which every role
 * reads and owners and editors write; everyone has their own profile and signs out.
 */
function issueAllows(role: Role, method: string, url: string): boolean {
  const area = url.split('/')[2].toLowerCase();
  const write = !['GET', 'HEAD'].includes(method);
  if (role === 'owner' || area === 'profile' || area === 'logout') return true;
  if (area === 'admins' || area === 'activity') return false;
  if (area === 'users' || area === 'registrations') return role === 'moderator';
  return write ? role === 'editor' : true;
}

describe('roles on every admin route', () => {
  it('finds the admin routes, each with a rule or public', () => {
    const routes = server.app.adminRoutes;
    expect(routes.length).toBeGreaterThan(50);
    // Only the sign-in's own steps are public: every one of them lies under /admin/login.
    const open = routes.filter((route) => !route.access).map((route) => route.url);
    expect(open).toContain('/admin/login');
    expect(open.filter((url) => !url.startsWith('/admin/login'))).toEqual([]);
  });

  it('lets each role through where the rule and the issue allow it, and refuses the rest with a 403 naming the roles needed', async () => {
    const failures: string[] = [];
    for (const route of server.app.adminRoutes.filter((item): item is Required<AdminRoute> => item.access !== undefined)) {
      const url = route.url.replace(/:\w+/g, randomUUID());
      const roles = rolesFor(route.access)!;
      for (const role of ROLES) {
        const allowed = roles.includes(role);
        if (allowed !== issueAllows(role, route.method, route.url)) failures.push(`${role} ${route.method} ${route.url}: the rule says ${allowed}, the issue's table ${!allowed}`);
        // An empty body: an allowed call is refused by its own checks (400, 404), and changes nothing.
        // Signing out ends the token's session: it is called with a session of its own.
        const token = route.url === '/admin/logout' ? await adminSessionToken(server, ids[role]) : tokens[role];
        const res = await call(token, route.method, url, ['POST', 'PUT'].includes(route.method) ? {} : undefined);
        if (allowed && res.statusCode === 403) failures.push(`${role} ${route.method} ${route.url}: 403 ${res.body}`);
        if (!allowed && res.statusCode !== 403) failures.push(`${role} ${route.method} ${route.url}: ${res.statusCode}, not 403`);
        if (!allowed && route.method !== 'HEAD' && res.json().message !== roleNeeded(roles)) failures.push(`${role} ${route.method} ${route.url}: ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('says in the API document which roles may call each admin operation', async () => {
    const { paths } = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { description?: string }>> };
    const unsaid = server.app.adminRoutes
      .filter((route) => route.access && route.method !== 'HEAD')
      .filter((route) => !paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.description?.includes(`Roles: ${rolesFor(route.access!)!.join(', ')}.`));
    expect(unsaid).toEqual([]);
  });

  it('needs the owner or moderator role for a government ID and the registrations CSV', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const reveal = await call(tokens[role], 'POST', `/admin/registrations/${randomUUID()}/government-id`);
      expect([reveal.statusCode, reveal.json()]).toEqual([403, { success: false, code: 'auth.forbidden', message: 'This needs the owner or moderator role' }]);
      expect((await call(tokens[role], 'GET', '/admin/registrations/export.csv')).statusCode).toBe(403);
    }
    const csv = await call(tokens.moderator, 'GET', '/admin/registrations/export.csv');
    expect([csv.statusCode, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
  });

  it("answers a viewer's and an editor's dashboard without people's figures or rows", async () => {
    const sent = { firstName: 'Dee', lastName: 'Dash', email: 'dee@test.local', phone: '9000000001' };
    await sql`insert into registrations (first_name, last_name, email, phone) values (${sent.firstName}, ${sent.lastName}, ${sent.email}, ${sent.phone})`.execute(server.db);
    const owner = (await call(tokens.owner, 'GET', '/admin/dashboard')).json().data;
    expect(owner.totals.registrations.total).toBe(1);
    expect(owner.recentRegistrations).toHaveLength(1);
    for (const role of ['viewer', 'editor'] as const) {
      const res = await call(tokens[role], 'GET', '/admin/dashboard');
      expect(res.statusCode).toBe(200);
      const { totals, series, recentRegistrations } = res.json().data;
      expect([totals.registrations.total, totals.users.total, recentRegistrations]).toEqual([0, 0, []]);
      expect(series.every((day: { registrations: number; users: number }) => day.registrations === 0 && day.users === 0)).toBe(true);
      expect(totals.videos).toEqual(owner.totals.videos);
      expect(res.body).not.toContain(sent.email);
    }
  });

  it('refuses to register an admin route that says nothing of who may call it, names no declared resource or field, or lets no role through', async () => {
    const configs: { access?: AccessRule }[] = [{}, { access: { resource: 'nothing-here', action: 'read' } }, { access: { resource: 'registrations', action: 'read', field: 'noField' } }, { access: { resource: 'dashboard', action: 'write' } }];
    for (const config of configs) {
      const app = Fastify();
      const starting = (async () => {
        await app.register(async (scope) => {
          requireAccessRules(scope, []);
          scope.get('/admin/x', { config }, async () => 'x');
        });
        await app.ready();
      })();
      await expect(starting).rejects.toThrow(/GET \/admin\/x has no access rule/);
      await app.close();
    }
  });
});

describe('admins and their roles', () => {
  it('answers the role of every admin, filters by it, and makes an admin added without one an editor', async () => {
    const added = await call(tokens.owner, 'POST', '/admin/admins', { firstName: 'Ed', lastName: 'Itor', email: 'ed@test.local', password: 'a-first-password' });
    expect(added.json().data.role).toBe('editor');
    const viewers = (await call(tokens.owner, 'GET', '/admin/admins?role=viewer')).json().data;
    expect(viewers.docs.map((admin: { _id: string; role: string }) => [admin._id, admin.role])).toEqual([[ids.viewer, 'viewer']]);
    const bad = await call(tokens.owner, 'GET', '/admin/admins?role=admin');
    expect([bad.statusCode, bad.json().message]).toEqual([400, ADMIN_TEXTS.roleInvalid]);
    const badCreate = await call(tokens.owner, 'POST', '/admin/admins', { firstName: 'X', lastName: 'Y', email: 'xy@test.local', password: 'a-first-password', role: 'superuser' });
    expect(fieldErrors(badCreate)).toEqual({ role: ADMIN_TEXTS.roleInvalid });
    const me = (await call(tokens.moderator, 'GET', '/admin/profile')).json().data;
    expect(me.role).toBe('moderator');
  });

  it("applies a role change from the admin's next call, and logs it", async () => {
    const { id, token } = await adminWith('viewer');
    expect((await call(token, 'POST', `/admin/videos/${randomUUID()}/publish`)).statusCode).toBe(403);
    const changed = await call(tokens.owner, 'PUT', `/admin/admins/${id}`, { role: 'editor' });
    expect([changed.statusCode, changed.json().data.role]).toEqual([200, 'editor']);
    // The same token, the next call: the role is read with the session, not carried in the token.
    expect((await call(token, 'POST', `/admin/videos/${randomUUID()}/publish`)).statusCode).toBe(404);
    const demoted = await call(tokens.owner, 'PUT', `/admin/admins/${id}`, { role: 'viewer' });
    expect(demoted.statusCode).toBe(200);
    expect((await call(token, 'POST', `/admin/videos/${randomUUID()}/publish`)).json()).toEqual({ success: false, code: 'auth.forbidden', message: 'This needs the owner or editor role' });

    const log = (await call(tokens.owner, 'GET', `/admin/activity?resource=admins&recordId=${id}&action=update`)).json().data.docs;
    expect(log.map((entry: { changes: unknown[] }) => entry.changes)).toEqual([
      [{ field: 'role', before: 'editor', after: 'viewer' }],
      [{ field: 'role', before: 'viewer', after: 'editor' }],
    ]);
  });

  it('never leaves the league without an active owner', async () => {
    const self = await call(tokens.owner, 'PUT', `/admin/admins/${ids.owner}`, { role: 'editor' });
    expect(fieldErrors(self)).toEqual({ role: ADMIN_TEXTS.lastActiveOwner });
    expect((await call(tokens.owner, 'GET', `/admin/admins/${ids.owner}`)).json().data.role).toBe('owner');

    // Two owners: either may demote the other, but not both at once.
    const second = await adminWith('owner');
    const [one, two] = await Promise.all([
      call(tokens.owner, 'PUT', `/admin/admins/${second.id}`, { role: 'viewer' }),
      call(second.token, 'PUT', `/admin/admins/${ids.owner}`, { role: 'viewer' }),
    ]);
    // The one that came second is refused: as the last owner's demotion (400), or, when its guard read its role
    // after the first had landed, as no longer an owner (403).
    const answers = [one, two].map((res) => [res.statusCode, res.json().message]);
    expect(answers.filter(([status]) => status === 200)).toHaveLength(1);
    expect(answers.filter(([status]) => status !== 200)).toSatisfy((refused: unknown[][]) =>
      refused.length === 1 && [`400 ${ADMIN_TEXTS.lastActiveOwner}`, `403 ${roleNeeded(['owner'])}`].includes(refused[0].join(' ')),
    );
    const owners = (await call(one.statusCode === 200 ? tokens.owner : second.token, 'GET', '/admin/admins?role=owner&isActive=true')).json().data;
    expect(owners.totalDocs).toBe(1);

    // The remaining owner cannot be deactivated by another owner once they are the last.
    const survivor = one.statusCode === 200 ? { id: ids.owner, token: tokens.owner } : { id: second.id, token: second.token };
    const third = await adminWith('owner');
    await call(survivor.token, 'PUT', `/admin/admins/${third.id}`, { isActive: false });
    const last = await call(survivor.token, 'PUT', `/admin/admins/${survivor.id}`, { role: 'moderator' });
    expect(fieldErrors(last)).toEqual({ role: ADMIN_TEXTS.lastActiveOwner });
  });
});

describe.runIf(usesPostgres)('a role changed on another server sharing the database', () => {
  let other: OpenDatabase;
  beforeAll(async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    other = await openDatabase({ url: url.toString() });
  });
  afterAll(() => other.close());

  it("holds here within a second, although this server keeps the admin's session in memory", async () => {
    const { id, token } = await adminWith('editor');
    const publish = () => call(token, 'POST', `/admin/videos/${randomUUID()}/publish`);
    expect((await publish()).statusCode).toBe(404);
    await changeAdmin(other.db, ids.owner, id, { role: 'viewer' });
    await expect.poll(async () => (await publish()).statusCode, { timeout: 1000, interval: 20 }).toBe(403);
  });
});

describe('the first admin', () => {
  it('is an owner, made as `npm start` makes it', async () => {
    const database = await freshDatabase();
    try {
      const { admin } = await ensureAdmin(database.db, { email: 'first@x.local', password: 'a long first password' });
      expect((await database.db.selectFrom('admins').select('role').where('id', '=', admin.id).executeTakeFirstOrThrow()).role).toBe('owner');
    } finally {
      await database.close();
    }
  });
});

describe('migration 0021', () => {
  it("makes every existing admin an owner, an admin added without a role an editor, and refuses any other role", async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      // The admins as they were before roles: 'admin' for all, and the default 'admin'.
      await sql`alter table admins drop constraint admins_role_check, alter column role set default 'admin'`.execute(db);
      await sql`insert into admins (email, password_hash, first_name, last_name) values ('a@x.local', 'x', 'A', ''), ('b@x.local', 'x', 'B', '')`.execute(db);
      await rolesMigration(db);
      const roles = await sql<{ role: string }>`select role from admins order by email`.execute(db);
      expect(roles.rows.map((row) => row.role)).toEqual(['owner', 'owner']);
      const added = await sql<{ role: string }>`insert into admins (email, password_hash, first_name, last_name) values ('c@x.local', 'x', 'C', '') returning role`.execute(db);
      expect(added.rows[0].role).toBe('editor');
      await expect(sql`update admins set role = 'admin'`.execute(db)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
