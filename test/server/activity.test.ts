import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerWithLookups, insertTeam, resourceClient, type Lookups } from './fixtures';
import { login, pngFile, type TestServer } from './harness';
import { fieldErrors } from './checks';
import { ACTIVITY_TEXTS } from '../../src/domain/messages';

let server: TestServer;
let lookups: Lookups;
/** A second admin, Bea Brown, an owner, who makes the changes under test (the harness admin is Ada Admin). */
let bea: { id: string; token: string };
beforeAll(async () => {
  ({ server, lookups } = await createServerWithLookups());
  const res = await server.request({ method: 'POST', url: '/admin/admins', payload: { firstName: 'Bea', lastName: 'Brown', email: 'bea@test.local', password: 'first-password-12', role: 'owner' } });
  const first = (await login(server.app, 'bea@test.local', 'first-password-12', { remoteAddress: '10.23.1.1' })).json().token;
  const chosen = await server.app.inject({
    method: 'PUT',
    url: '/admin/profile/password',
    headers: { authorization: `Bearer ${first}` },
    payload: { currentPassword: 'first-password-12', newPassword: 'bea-own-password', repeatPassword: 'bea-own-password' },
  });
  bea = { id: res.json().data._id, token: chosen.json().data.token };
});
afterAll(() => server.close());

/** Bea's calls: her token instead of the harness admin's. */
const beaServer = () => ({ ...server, request: (options: Parameters<TestServer['request']>[0]) => server.request({ ...options, headers: { ...options.headers, authorization: `Bearer ${bea.token}` } }) });
const teams = resourceClient(beaServer, '/admin/teams');
const videos = resourceClient(beaServer, '/admin/videos');
const news = resourceClient(beaServer, '/admin/news');
const players = resourceClient(beaServer, '/admin/player');
const matches = resourceClient(beaServer, '/admin/matches');
const notifications = resourceClient(beaServer, '/admin/notifications');
const slides = resourceClient(beaServer, '/admin/slides');
const beaCall = (method: 'PUT' | 'DELETE', url: string, payload?: object) => beaServer().request({ method, url, payload });

interface Entry {
  _id: string;
  at: string;
  admin: { _id: string; firstName: string; lastName: string } | null;
  action: string;
  resource: string;
  recordId: string | null;
  recordLabel: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

const log = async (query = ''): Promise<{ docs: Entry[]; totalDocs: number }> => {
  const res = await server.request({ method: 'GET', url: `/admin/activity${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const newest = async () => (await log('?limit=1')).docs[0];
const total = async () => (await log()).totalDocs;
const byBea = { _id: '', firstName: 'Bea', lastName: 'Brown' };
beforeAll(() => {
  byBea._id = bea.id;
});

/** Runs a write and answers the entries it added (newest first). */
async function entriesOf(write: () => Promise<unknown>): Promise<Entry[]> {
  const before = await total();
  await write();
  const after = await log(`?limit=${Math.max(1, (await total()) - before)}`);
  return after.totalDocs === before ? [] : after.docs;
}

describe('the activity log', () => {
  it('records a create, an update with each changed field (an image by both addresses) and a delete, with the admin as named then', async () => {
    let team: { _id: string; logo: string } = { _id: '', logo: '' };
    const [created] = await entriesOf(async () => (team = await teams.create({ name: 'Mumbai Chargers', sport: lookups.cricket, logo: await pngFile() })));
    expect(created).toMatchObject({ admin: byBea, action: 'create', resource: 'teams', recordId: team._id, recordLabel: 'Mumbai Chargers', changes: [] });

    const [updated] = await entriesOf(async () => {
      const res = await teams.put(team._id, { name: 'Mumbai Strikers', sport: lookups.cricket, coach: 'Ravi', logo: await pngFile({ color: '#00ff00' }) });
      expect(res.statusCode, res.body).toBe(200);
    });
    const logoAfter = (await (await teams.get(team._id)).json()).data.logo;
    expect(updated).toMatchObject({ admin: byBea, action: 'update', recordLabel: 'Mumbai Strikers' });
    expect(updated.changes).toEqual([
      { field: 'name', before: 'Mumbai Chargers', after: 'Mumbai Strikers' },
      { field: 'coach', before: null, after: 'Ravi' },
      { field: 'logo', before: team.logo, after: logoAfter },
    ]);

    // A later rename of Bea leaves what she did under the name she had then.
    await server.request({ method: 'PUT', url: `/admin/admins/${bea.id}`, payload: { firstName: 'Beatrice' } });
    const [deleted] = await entriesOf(() => teams.remove(team._id));
    expect(deleted).toMatchObject({ admin: { ...byBea, firstName: 'Beatrice' }, action: 'delete', recordId: team._id, recordLabel: 'Mumbai Strikers' });
    expect((await log(`?resource=teams&recordId=${team._id}`)).docs.map((entry) => [entry.action, entry.admin?.firstName])).toEqual([
      ['delete', 'Beatrice'],
      ['update', 'Bea'],
      ['create', 'Bea'],
    ]);
    await server.request({ method: 'PUT', url: `/admin/admins/${bea.id}`, payload: { firstName: 'Bea' } });
  });

  it('records video flags, news (rich text compared as text), players, matches, notifications and slides', async () => {
    const video = await videos.create({ title: 'Final over', category: 'Practice', videoUrl: 'https://example.org/v', image: await pngFile() });
    expect(video.user_id._id).toBe(bea.id);
    const [featured] = await entriesOf(() => beaCall('PUT', `/admin/videos/${video._id}/set-remove-featured`, { value: true }));
    expect(featured).toMatchObject({ admin: byBea, action: 'update', resource: 'videos', recordLabel: 'Final over', changes: [{ field: 'isFeatured', before: false, after: true }] });
    const [magic] = await entriesOf(() => beaCall('PUT', `/admin/videos/${video._id}/set-remove-Magic-Moment`, {}));
    expect(magic.changes).toEqual([{ field: 'isMagicMoment', before: false, after: true }]);
    // The uploader stays the admin who uploaded it, whoever edits it.
    await server.request({ method: 'PUT', url: `/admin/videos/${video._id}/set-remove-featured`, payload: { value: false } });
    expect((await videos.get(video._id)).json().data.user_id).toMatchObject({ _id: bea.id, firstName: 'Bea' });

    const article = await news.create({ title: 'Chargers win', small_description: 'A last-over finish.', description: '<p>The <b>final</b> ball.</p>', 'tags[]': ['Final'] });
    const [edited] = await entriesOf(() => news.put(article._id, { title: 'Chargers win', small_description: 'A last-over finish.', description: '<p>The <i>last</i> ball.</p>', 'tags[]': ['Final'] }));
    expect(edited.changes).toEqual([{ field: 'description', before: 'The final ball.', after: 'The last ball.' }]);

    const chargers = await insertTeam(server.db, { name: 'Chargers', sportId: lookups.cricket });
    const kings = await insertTeam(server.db, { name: 'Kings', sportId: lookups.cricket });
    const player = await players.create({ name: 'Rohit Verma', age: 31, team_id: chargers });
    const [playerEdit] = await entriesOf(() => players.put(player._id, { name: 'Rohit Verma', age: 32, team_id: kings }));
    expect(playerEdit).toMatchObject({ resource: 'player', recordLabel: 'Rohit Verma' });
    expect(playerEdit.changes).toEqual([
      { field: 'age', before: 31, after: 32 },
      { field: 'team', before: 'Chargers', after: 'Kings', beforeId: chargers, afterId: kings },
    ]);

    const match = await matches.create({ matchDate: '2025-03-14', stadium: lookups.stadium, teamA: chargers, teamB: kings, result: 'Draw', title: 'Final' });
    const [matchEdit] = await entriesOf(() => matches.put(match._id, { matchDate: '2025-03-14', stadium: lookups.stadium, teamA: chargers, teamB: kings, result: 'Team A Won', title: 'Final' }));
    expect(matchEdit).toMatchObject({ resource: 'matches', recordLabel: 'Final', changes: [{ field: 'result', before: 'Draw', after: 'Team A Won' }] });

    const [notified] = await entriesOf(() => notifications.create({ title: 'Gates open', body: 'Gates open at six tonight.' }));
    expect(notified).toMatchObject({ admin: byBea, action: 'create', resource: 'notifications', recordLabel: 'Gates open' });

    const one = await slides.create({ image: await pngFile() });
    const two = await slides.create({ image: await pngFile() });
    const [reordered] = await entriesOf(() => beaCall('PUT', '/admin/slides/order', { ids: [two._id, one._id] }));
    expect(reordered).toMatchObject({ action: 'reorder', resource: 'slides', changes: [{ field: 'order', before: [one._id, two._id], after: [two._id, one._id] }] });
    const [slideGone] = await entriesOf(() => slides.remove(one._id));
    expect(slideGone).toMatchObject({ action: 'delete', resource: 'slides', recordId: one._id, recordLabel: one.image });
  });

  it('records registration edits, status single and bulk (one entry each), and deletes', async () => {
    const [asha, ravi] = await server.db
      .insertInto('registrations')
      .values([{ first_name: 'Asha', last_name: 'Patil', status: 'pending' }, { first_name: 'Ravi', last_name: 'Kumar', status: 'pending' }])
      .returning('id')
      .execute();
    const [single] = await entriesOf(() => beaCall('PUT', `/admin/registrations/${asha.id}/status`, { status: 'approved' }));
    expect(single).toMatchObject({ admin: byBea, resource: 'registrations', recordId: asha.id, recordLabel: 'Asha Patil', changes: [{ field: 'status', before: 'pending', after: 'approved' }] });
    const bulk = await entriesOf(() => beaCall('PUT', '/admin/registrations/status', { ids: [asha.id, ravi.id], status: 'rejected' }));
    expect(bulk.map((entry) => [entry.recordLabel, entry.changes])).toEqual(
      expect.arrayContaining([
        ['Asha Patil', [{ field: 'status', before: 'approved', after: 'rejected' }]],
        ['Ravi Kumar', [{ field: 'status', before: 'pending', after: 'rejected' }]],
      ]),
    );
    expect(bulk).toHaveLength(2);
    const [edit] = await entriesOf(() => beaCall('PUT', `/admin/registrations/${ravi.id}`, { firstName: 'Ravi', phone: '9876543210' }));
    expect(edit.changes).toEqual([{ field: 'phone', before: null, after: '9876543210' }]);
    const [gone] = await entriesOf(() => beaCall('DELETE', `/admin/registrations/${ravi.id}`));
    expect(gone).toMatchObject({ action: 'delete', recordLabel: 'Ravi Kumar' });
  });

  it("names a changed reference's records by their names then, with their ids: a player's team, a match's stadium, a registration's place", async () => {
    const lions = await insertTeam(server.db, { name: 'Lions', sportId: lookups.cricket });
    const tigers = await insertTeam(server.db, { name: 'Tigers', sportId: lookups.cricket });
    const player = await players.create({ name: 'Kiran Rao', age: 24, team_id: lions });
    const [moved] = await entriesOf(() => players.put(player._id, { name: 'Kiran Rao', age: 24, team_id: tigers }));
    expect(moved.changes).toEqual([{ field: 'team', before: 'Lions', after: 'Tigers', beforeId: lions, afterId: tigers }]);
    const [released] = await entriesOf(() => players.put(player._id, { name: 'Kiran Rao', age: 24, team_id: '' }));
    expect(released.changes).toEqual([{ field: 'team', before: 'Tigers', after: null, beforeId: tigers, afterId: null }]);
    // A team renamed later leaves the entries as they were written.
    await teams.put(tigers, { name: 'Bengal Tigers', sport: lookups.cricket });
    expect((await log(`?resource=player&recordId=${player._id}&limit=2`)).docs.map((entry) => entry.changes)).toEqual([released.changes, moved.changes]);

    const eden = (await server.db.selectFrom('stadiums').select('id').where('name', '=', 'Eden Gardens').executeTakeFirstOrThrow()).id;
    const match = await matches.create({ matchDate: '2025-04-01', stadium: lookups.stadium, teamA: lions, teamB: tigers, result: 'Draw', title: 'Derby' });
    const [matchMoved] = await entriesOf(() => matches.put(match._id, { matchDate: '2025-04-01', stadium: eden, teamA: tigers, teamB: lions, result: 'Draw', title: 'Derby' }));
    expect(matchMoved.changes).toEqual([
      { field: 'stadium', before: 'Wankhede Stadium', after: 'Eden Gardens', beforeId: lookups.stadium, afterId: eden },
      { field: 'teamA', before: 'Lions', after: 'Bengal Tigers', beforeId: lions, afterId: tigers },
      { field: 'teamB', before: 'Bengal Tigers', after: 'Lions', beforeId: tigers, afterId: lions },
    ]);

    const state = (await server.db.insertInto('states').values({ name: 'Maharashtra' }).returning('id').executeTakeFirstOrThrow()).id;
    const district = (await server.db.insertInto('districts').values({ name: 'Pune', state_id: state }).returning('id').executeTakeFirstOrThrow()).id;
    const [pune, baramati] = await server.db.insertInto('cities').values([{ name: 'Pune City', district_id: district }, { name: 'Baramati', district_id: district }]).returning('id').execute();
    const { id } = await server.db
      .insertInto('registrations')
      .values({ first_name: 'Meera', last_name: 'Joshi', status: 'pending', state_id: state, district_id: district, city_id: pune.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [placed] = await entriesOf(() => beaCall('PUT', `/admin/registrations/${id}`, { firstName: 'Meera', state, district, city: baramati.id }));
    expect(placed.changes).toEqual([{ field: 'city', before: 'Pune City', after: 'Baramati', beforeId: pune.id, afterId: baramati.id }]);
    const csv = await server.request({ method: 'GET', url: `/admin/activity/export.csv?resource=registrations&recordId=${id}` });
    expect(csv.body).toContain('city: Pune City → Baramati');
    expect(csv.body).not.toContain(baramati.id);
  });

  it('writes no entry for a refused write, a missing record or a stale edit (409)', async () => {
    const team = { id: await insertTeam(server.db, { name: 'Royals', sportId: lookups.cricket }) };
    const current = (await teams.get(team.id)).json().data;
    await teams.put(team.id, { name: 'Royals II', sport: lookups.cricket, updatedAt: current.updatedAt });
    const refusals = await entriesOf(async () => {
      expect((await teams.put(team.id, { name: 'Royals III', sport: lookups.cricket, updatedAt: current.updatedAt })).statusCode).toBe(409);
      expect((await teams.put(team.id, { name: 'R', sport: lookups.cricket })).statusCode).toBe(400);
      expect((await teams.post({ name: 'Valid name', sport: '6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00' })).statusCode).toBe(400);
      expect((await teams.remove('6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00')).statusCode).toBe(404);
      expect((await beaCall('PUT', '/admin/slides/order', { ids: [] })).statusCode).toBe(400);
      expect((await beaCall('PUT', '/admin/registrations/status', { ids: ['6f1c1f4e-8f43-4c0e-9d7c-2a4b8e1e9f00'], status: 'approved' })).statusCode).toBe(404);
      expect((await server.request({ method: 'PUT', url: `/admin/admins/${server.admin.id}`, payload: { isActive: false } })).statusCode).toBe(400);
    });
    expect(refusals).toEqual([]);
  });

  it('records admin accounts and sign-ins, refused ones too', async () => {
    const [reset] = await entriesOf(() => server.request({ method: 'PUT', url: `/admin/admins/${bea.id}`, payload: { password: 'reset-password-12' } }));
    expect(reset).toMatchObject({ admin: { firstName: 'Ada' }, action: 'passwordReset', resource: 'admins', recordId: bea.id, recordLabel: 'Bea Brown', changes: [] });
    const [refused] = await entriesOf(() => login(server.app, 'bea@test.local', 'not-the-password', { remoteAddress: '10.23.1.2' }));
    expect(refused).toMatchObject({ admin: byBea, action: 'signInRefused', recordId: bea.id });
    const [unknown] = await entriesOf(() => login(server.app, 'nobody@test.local', 'not-the-password', { remoteAddress: '10.23.1.3' }));
    expect(unknown).toMatchObject({ admin: null, action: 'signInRefused', recordId: null, recordLabel: 'nobody@test.local' });
    const [signedIn] = await entriesOf(() => login(server.app, 'bea@test.local', 'reset-password-12', { remoteAddress: '10.23.1.4' }));
    expect(signedIn).toMatchObject({ admin: byBea, action: 'signIn' });
    expect((await server.request({ method: 'GET', url: `/admin/admins/${bea.id}` })).json().data.lastSignInAt).toBe(signedIn.at);
  });

  it('filters by admin, resource, action, time and label, newest first, with the page shape', async () => {
    const mine = await log(`?adminId=${bea.id}&limit=100`);
    expect(mine.docs.every((entry) => entry.admin?._id === bea.id)).toBe(true);
    expect(mine.totalDocs).toBe(mine.docs.length);
    const ids = mine.docs.map((entry) => Number(entry._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await log('?resource=slides&action=reorder')).docs.map((entry) => entry.action)).toEqual(['reorder']);
    expect((await log('?search=chargers%20w')).docs.map((entry) => entry.recordLabel)).toEqual(['Chargers win', 'Chargers win']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await log(`?from=${encodeURIComponent(future)}`)).totalDocs).toBe(0);
    expect((await log(`?to=${encodeURIComponent(future)}&action=signIn`)).totalDocs).toBeGreaterThan(0);
    const csv = await server.request({ method: 'GET', url: '/admin/activity/export.csv?resource=slides&action=reorder' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,Bea Brown,Reordered,App Slides,,,"order: .+ → .+"$/);
    for (const bad of ['?adminId=not-an-id', '?from=yesterday', '?resource=planets', '?action=erase']) {
      const res = await server.request({ method: 'GET', url: `/admin/activity${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
    // Said in words, not the validator's.
    expect(fieldErrors(await server.request({ method: 'GET', url: '/admin/activity?resource=planets' }))).toEqual({ resource: ACTIVITY_TEXTS.resourceInvalid });
    expect(fieldErrors(await server.request({ method: 'GET', url: '/admin/activity?action=erase' }))).toEqual({ action: ACTIVITY_TEXTS.actionInvalid });
  });

  it('is append-only: no call changes or deletes an entry, and the database refuses it too', async () => {
    const [entry] = (await log('?limit=1')).docs;
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect((await server.request({ method, url: `/admin/activity/${entry._id}`, payload: {} })).statusCode).toBe(404);
    }
    await expect(server.db.updateTable('activity').set({ record_label: 'forged' }).where('id', '=', Number(entry._id)).execute()).rejects.toThrow(/append-only/);
    await expect(server.db.deleteFrom('activity').execute()).rejects.toThrow(/append-only/);
    expect(await newest()).toEqual(entry);
  });
});
