/** A match's kickoff as one instant: a zone's wall clock read right across summer time, and the two ways a match's date comes. */
import { describe, expect, it } from 'vitest';
import { kickoffOf } from '../../src/domain/entities/matches';
import { isTimeZone, zonedInstant } from '../../src/domain/zones';

describe('a time of day in a zone', () => {
  it('reads a day and a time on the zone’s clock, in and out of summer time', () => {
    expect(zonedInstant('2026-05-01', '19:30', 'Asia/Kolkata').toISOString()).toBe('2026-05-01T14:00:00.000Z');
    expect(zonedInstant('2026-01-15', '19:30', 'Europe/London').toISOString()).toBe('2026-01-15T19:30:00.000Z');
    expect(zonedInstant('2026-07-15', '19:30', 'Europe/London').toISOString()).toBe('2026-07-15T18:30:00.000Z');
    // The night the clocks go back: 00:30 is before the change, 01:30 comes twice (the first is taken or the second, never a third).
    expect(zonedInstant('2026-10-25', '00:30', 'Europe/London').toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(zonedInstant('2026-10-25', '01:30', 'Europe/London').toISOString());
    expect(zonedInstant('2026-05-01', '19:30', 'UTC').toISOString()).toBe('2026-05-01T19:30:00.000Z');
  });

  it('knows a zone name from a made-up one', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe("a match's kickoff", () => {
  it('is the date as the admin’s form sent it (an instant), whatever its time of day says', () => {
    expect(kickoffOf({ matchDate: '2026-05-01T14:00:00.000Z', matchTime: '19:30' }, 'Asia/Kolkata')?.toISOString()).toBe('2026-05-01T14:00:00.000Z');
    expect(kickoffOf({ matchDate: '2026-05-01T14:00:00.000Z', matchTime: null }, 'UTC')?.toISOString()).toBe('2026-05-01T14:00:00.000Z');
  });

  it('is a day alone at its time of day on the league’s clock, and midnight without a readable time', () => {
    expect(kickoffOf({ matchDate: '2026-05-01T00:00:00.000Z', matchTime: '19:30' }, 'Asia/Kolkata')?.toISOString()).toBe('2026-05-01T14:00:00.000Z');
    expect(kickoffOf({ matchDate: '2026-05-01T00:00:00.000Z', matchTime: '7.30pm' }, 'Asia/Kolkata')?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(kickoffOf({ matchDate: null, matchTime: '19:30' }, 'UTC')).toBeNull();
  });
});
