/**
 * An entity's own parts reach its records through its declaration, whatever else was loaded: this
 * file imports no entity's own module (no route, no registrations repository, no fake provider),
 * so parts that only a module's import added would be missing here.
 */
import { describe, expect, it } from 'vitest';
import { recordSchema } from '../../server/schemas/declared';
import { notifications } from '../../src/domain/entities/notifications';
import { registrations } from '../../src/domain/entities/registrations';
import { fakeActivity } from '../../src/providers/fakeActivity';
import { declaredFake } from '../../src/providers/fakeDeclared';
import type { Tables } from '../../src/providers/fakeTables';

const createdAt = '2026-05-01T10:00:00.000Z';
const player = { _id: 'p1', firstName: 'Asha', lastName: 'Patil', dob: '2001-02-03', playingRole: 'Batter', battingStyle: null, bowlingStyle: null, photo: null };

describe("an entity's own parts, with only the declared modules loaded", () => {
  it("the API's record shape carries a registration's players, sender and notice, and a notification's delivery", () => {
    expect(Object.keys(recordSchema(registrations).properties)).toEqual(expect.arrayContaining(['players', 'submittedBy', 'notice']));
    expect(Object.keys(recordSchema(notifications).properties)).toContain('delivery');
  });

  it('the fake answers them with each record', () => {
    const tables: Tables = {
      registrations: [{ _id: 'r1', createdAt, updatedAt: createdAt, firstName: 'Asha', players: [player], userId: 'u1' }],
      notifications: [{ _id: 'n1', createdAt, title: 'Rain delay' }],
      users: [{ _id: 'u1', createdAt, name: 'Meera Joshi' }],
    };
    const fake = declaredFake(tables, () => '', () => 'x1', () => 'a1', fakeActivity(tables, () => ({ _id: 'a1', firstName: 'Ada', lastName: 'Admin' })));
    expect(fake.record(registrations, tables.registrations[0])).toMatchObject({ players: [player], submittedBy: { _id: 'u1', name: 'Meera Joshi' }, notice: null });
    expect(fake.record(notifications, tables.notifications[0])).toMatchObject({ delivery: { state: 'not-configured', pending: 0, message: null } });
  });
});
