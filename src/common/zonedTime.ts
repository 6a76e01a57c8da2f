/**
 * Times an admin chooses and reads in their own time zone, kept by the server in UTC to the minute:
 * a notification's send time, a news article's publish time. The datetime-local input holds the
 * admin's local time ('2026-11-27T18:30'); the API takes and answers ISO instants.
 */
import { toMinute } from '../domain';

const zonedFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** '27 Nov 2026, 18:30 GMT+5:30': in the admin's own time zone, named, since a planned time is easy to misread by hours. */
export const formatZonedTime = (iso: string) => zonedFormat.format(new Date(iso));

/** The admin's time zone as the browser names it ('Asia/Kolkata'), said beside every time they choose. */
export const adminTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as a datetime-local input shows it: the admin's local time, to the minute. */
export function localInputValue(iso: string | null | undefined) {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value as a Date (local time), or undefined when it is empty or unreadable. */
export function localInputTime(value: unknown): Date | undefined {
  const at = typeof value === 'string' && value ? new Date(value) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/** A chosen local time as the API takes it: an ISO instant in UTC, to the minute. */
export const localToInstant = (value: string) => toMinute(new Date(value)).toISOString();

/** Whether a chosen time is before the current minute (the server takes the current minute as now). */
export const isPastMinute = (at: Date, now = new Date()) => toMinute(at).getTime() < toMinute(now).getTime();
