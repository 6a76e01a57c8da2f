/**
 * Wall-clock times in a named time zone (IANA, 'Asia/Kolkata'), as the league plays them: the
 * instant a day and time of day there names. Intl knows the zones and their summer times, so no
 * table of offsets is kept here.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether the runtime knows the zone ('UTC', 'Europe/London'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(zone: string, at: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant of a day ('2026-05-01') at a time of day ('19:30') on the zone's clock: the offset is
 * read at a first guess and again at the instant it gives, so a summer-time change between the two
 * is followed (a time the change skips or repeats takes one of the offsets around it).
 */
export function zonedInstant(day: string, time: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  return new Date(wall - offsetAt(zone, wall - offsetAt(zone, wall)));
}
