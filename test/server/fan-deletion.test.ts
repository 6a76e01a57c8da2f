/**
 * A fan who sent a registration from the app, with two players and their photos, in the admins'
 * activity log and through their account's deletion: the log names the fan as the one who sent it
 * (by name while the account exists, 'Deleted user' after), the export before deletion holds exactly
 * their own data, players included, and after deletion no table holds the fan's, the registration's
 * or the players' personal values, and the players' photos are gone from the store with their sizes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TEXTS } from '../../src/domain/messages';
import { DELETED_USER_LABEL, REDACTED } from '../../src/domain/fans';
import { recordActivity } from '../../server/repositories/activity';
import { createTestServer, multipart, pngFile, withoutSignatures, type FilePart, type TestServer } from './harness';

let server: TestServer;
let photos: FilePart[];
let address = 0;
const nextAddress = () => `10.91.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const place: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  photos = [await pngFile({ width: 420, height: 520, color: '#2e7d32', filename: 'one.png' }), await pngFile({ width: 380, height: 480, color: '#6a1b9a', filename: 'two.png' })];
  const [state] = await server.db.insertInto('states').values({ name: 'Goa' }).returning('id').execute();
  const [district] = await server.db.insertInto('districts').values({ name: 'North Goa', state_id: state.id }).returning('id').execute();
  const [city] = await server.db.insertInto('cities').values({ name: 'Mapusa', district_id: district.id }).returning('id').execute();
  Object.assign(place, { state: state.id, district: district.id, city: city.id });
});
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: { authorization: `Bearer ${token}` } });

/** Values no other row of a fresh database holds, so a search of every table finds only these. */
const people = (tag: string) => ({
  fan: { name: `Zubeida ${tag}Quartermaine`, email: `zubeida.${tag.toLowerCase()}@example.org`, age: 41, password: `${tag}-fan-password` },
  person: {
    firstName: `Yolanda${tag}`,
    lastName: `Vexleigh${tag}`,
    email: `yolanda.${tag.toLowerCase()}@example.org`,
    phone: tag === 'A' ? '9811122233' : '9844455566',
    DOB: tag === 'A' ? '1983-07-19' : '1984-08-21',
    GovernmentIdType: 'Passport',
    GovernmentIdNumber: tag === 'A' ? 'K7712390' : 'M5544321',
    area: `Angod${tag} Ward`,
    pinCode: tag === 'A' ? '403507' : '403508',
    address: `${tag} House, Feira Alta`,
    playingRole: 'All-rounder',
    battingStyle: 'Right-handed',
  },
  players: [
    { firstName: `Ottoline${tag}`, lastName: `Brackwater${tag}`, dob: tag === 'A' ? '2008-02-03' : '2008-06-07', playingRole: 'Batsman', battingStyle: 'Left-handed', bowlingStyle: null },
    { firstName: `Barnaby${tag}`, lastName: `Quillfeather${tag}`, dob: tag === 'A' ? '2009-10-11' : '2009-12-13', playingRole: 'Bowler', battingStyle: 'Right-handed', bowlingStyle: 'Leg-spin' },
  ],
});
type People = ReturnType<typeof people>;

/** Signs the fan up and sends their registration from the app; answers the fan's id and token and the registration as the app reads it. */
async function fanWithRegistration({ fan, person, players }: People) {
  const signedUp = await server.app.inject({ method: 'POST', url: '/app/v1/account', payload: fan, remoteAddress: nextAddress() });
  expect(signedUp.statusCode, signedUp.body).toBe(200);
  const { token, user } = signedUp.json().data as { token: string; user: { _id: string } };
  const form = await multipart({ ...person, ...place, players: JSON.stringify(players), 'players.0.photo': photos[0], 'players.1.photo': photos[1] });
  const sent = await server.app.inject({ method: 'POST', url: '/app/v1/registrations', remoteAddress: nextAddress(), payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
  expect(sent.statusCode, sent.body).toBe(200);
  const registration = sent.json().data as { _id: string; players: { photo: { url: string } }[] };
  return { id: user._id, token, registration };
}

const logOf = async (filter: Record<string, string>) =>
  (await server.request({ method: 'GET', url: `/admin/activity?${new URLSearchParams({ ...filter, limit: '100' })}` })).json().data.docs as {
    action: string;
    admin: unknown;
    fan: { _id: string; name: string | null } | null;
    recordId: string;
    changes: unknown[];
  }[];
const csvOf = async (filter: Record<string, string>) => (await server.request({ method: 'GET', url: `/admin/activity/export.csv?${new URLSearchParams(filter)}` })).body;

/** Every row of every table, as JSON text. */
async function everyRow(): Promise<{ table: string; row: string }[]> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(server.db);
  const all: { table: string; row: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(server.db);
    all.push(...rows.map(({ row }) => ({ table: name, row })));
  }
  return all;
}

/** The stored files of one photo: the original and its sizes. */
const filesOf = (files: string[], url: string) => {
  const stem = withoutSignatures(url).replace(/^\/(uploads|media)\//, '').replace(/\.[^.]*$/, '');
  return files.filter((file) => file.startsWith(stem));
};

describe('a fan who sent a registration from the app', () => {
  it('is named in the activity log as the one who sent it, linking to their user, and no longer once they deleted their account', async () => {
    const data = people('L');
    const { id, token, registration } = await fanWithRegistration(data);
    const [created] = await logOf({ resource: 'registrations', recordId: registration._id });
    expect(created).toMatchObject({ action: 'create', admin: null, fan: { _id: id, name: data.fan.name } });
    expect(await csvOf({ recordId: registration._id })).toContain(`,${ACTIVITY_TEXTS.byFan(data.fan.name)},`);
    // An admin's decision on it stays the admin's.
    expect((await server.request({ method: 'PUT', url: `/admin/registrations/${registration._id}/status`, payload: { status: 'approved' } })).statusCode).toBe(200);
    expect((await logOf({ resource: 'registrations', recordId: registration._id }))[0]).toMatchObject({ action: 'update', admin: { _id: server.admin.id }, fan: null });

    expect((await call('DELETE', '/app/v1/account', token, { password: data.fan.password })).statusCode).toBe(200);
    const after = await logOf({ resource: 'registrations', recordId: registration._id });
    expect(after.at(-1)).toMatchObject({ action: 'create', admin: null, fan: { _id: id, name: null } });
    // The deletion is the fan's own act too, and reads as the deleted user's.
    expect((await logOf({ recordId: id })).map((entry) => [entry.action, entry.fan])).toEqual([
      ['delete', { _id: id, name: null }],
      ['redact', { _id: id, name: null }],
    ]);
    const csv = await csvOf({ recordId: registration._id });
    expect(csv).toContain(`,${DELETED_USER_LABEL},`);
    expect(csv).not.toContain(data.fan.name);
  });

  it('exports exactly their own data, players included; after deletion no table holds their, the registration’s or the players’ personal values, and the photos are gone', async () => {
    const mine = people('A');
    const theirs = people('B');
    const fan = await fanWithRegistration(mine);
    const other = await fanWithRegistration(theirs);

    const exported = (await call('GET', '/app/v1/account/export', fan.token)).json().data;
    expect(exported.account).toMatchObject({ _id: fan.id, name: mine.fan.name, email: mine.fan.email, age: mine.fan.age });
    expect(withoutSignatures(exported.registrations)).toEqual([
      {
        _id: fan.registration._id,
        ...mine.person,
        status: 'pending',
        createdAt: expect.any(String),
        players: mine.players.map((player, index) => ({
          firstName: player.firstName,
          lastName: player.lastName,
          DOB: player.dob,
          playingRole: player.playingRole,
          battingStyle: player.battingStyle,
          bowlingStyle: player.bowlingStyle,
          photo: withoutSignatures(fan.registration.players[index].photo.url),
        })),
      },
    ]);
    const text = JSON.stringify(exported);
    for (const value of [other.id, other.registration._id, theirs.fan.name, theirs.fan.email, theirs.person.GovernmentIdNumber, ...theirs.players.map((p) => p.firstName)]) expect(text).not.toContain(value);

    // An entry that holds the players' values, as an admin's note on the registration might: the value is redacted, the rest stays.
    const [first, second] = mine.players;
    await server.db.transaction().execute((trx) =>
      recordActivity(trx, server.admin.id, [
        {
          action: 'update',
          resource: 'registrations',
          recordId: fan.registration._id,
          recordLabel: `${mine.person.firstName} ${mine.person.lastName}`,
          changes: [
            { field: 'note', before: `${first.firstName} ${first.lastName}`, after: second.dob },
            { field: 'playingRole', before: 'Batsman', after: 'Bowler' },
          ],
        },
      ]),
    );

    const photoUrls = fan.registration.players.map((player) => player.photo.url);
    const filesBefore = await server.storedPrivateFiles();
    for (const url of photoUrls) expect(filesOf(filesBefore, url).length, url).toBeGreaterThan(1);

    expect((await call('DELETE', '/app/v1/account', fan.token, { password: mine.fan.password })).statusCode).toBe(200);

    const personal = [
      mine.fan.name,
      mine.fan.email,
      ...Object.entries(mine.person)
        .filter(([field]) => !['GovernmentIdType', 'playingRole', 'battingStyle'].includes(field))
        .map(([, value]) => value),
      ...mine.players.flatMap((player) => [player.firstName, player.lastName, player.dob]),
      ...photoUrls.map((url) => withoutSignatures(url).replace('/media/', '').replace(/\.[^.]*$/, '')),
    ];
    const rows = await everyRow();
    for (const { table, row } of rows) for (const value of personal) expect(row, `${table} holds ${value}: ${row}`).not.toContain(value);
    // The other fan's registration is theirs still, whole.
    const kept = rows.filter(({ table }) => table === 'registration_players').map(({ row }) => row).join('\n');
    for (const player of theirs.players) expect(kept).toContain(player.firstName);

    // The registration and its players stay for the league, anonymised: what they play names nobody.
    const registration = (await server.request({ method: 'GET', url: `/admin/registrations/${fan.registration._id}` })).json().data;
    expect(registration).toMatchObject({ firstName: DELETED_USER_LABEL, lastName: null, email: null, phone: null, DOB: null, submittedBy: null });
    expect(registration.players).toEqual(
      mine.players.map((player) => ({
        _id: expect.any(String),
        firstName: DELETED_USER_LABEL,
        lastName: null,
        dob: null,
        playingRole: player.playingRole,
        battingStyle: player.battingStyle,
        bowlingStyle: player.bowlingStyle,
        photo: null,
      })),
    );

    const filesAfter = await server.storedPrivateFiles();
    for (const url of photoUrls) expect(filesOf(filesAfter, url), url).toEqual([]);
    for (const url of other.registration.players.map((player) => player.photo.url)) expect(filesOf(filesAfter, url).length, url).toBeGreaterThan(1);

    // The log keeps the registration's entry, redacted, and records the deletion without personal data.
    const log = await logOf({ resource: 'registrations', recordId: fan.registration._id });
    expect(log.map((entry) => [entry.action, entry.fan])).toEqual([
      ['update', null],
      ['create', { _id: fan.id, name: null }],
    ]);
    const redacted = await server.db.selectFrom('activity').select(['admin_id', 'record_label', 'changes']).where('record_id', '=', fan.registration._id).orderBy('id').execute();
    expect(redacted).toEqual([
      { admin_id: null, record_label: DELETED_USER_LABEL, changes: [] },
      { admin_id: server.admin.id, record_label: DELETED_USER_LABEL, changes: [{ field: 'note', before: REDACTED, after: REDACTED }, { field: 'playingRole', before: 'Batsman', after: 'Bowler' }] },
    ]);
  });
});

it('keeps who made an entry fixed: even the redaction path cannot move an entry to another fan or to none', async () => {
  const { registration } = await fanWithRegistration(people('R'));
  const entry = await server.db.selectFrom('activity').select('id').where('record_id', '=', registration._id).executeTakeFirstOrThrow();
  await expect(
    server.db.transaction().execute(async (trx) => {
      await sql`select set_config('crease.activity_redaction', 'on', true)`.execute(trx);
      await sql`update activity set fan_id = null where id = ${entry.id}`.execute(trx);
    }),
  ).rejects.toThrow(/append-only/);
});
