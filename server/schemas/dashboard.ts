import { Type, type Static } from 'typebox';
import { videos } from '../../src/domain/entities/videos';
import { DASHBOARD_SERIES_DAYS, DASHBOARD_TREND_DAYS } from '../../src/domain/limits';
import { recordSchema } from './declared';
import { Nullable } from './refs';

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** How many records of one kind exist, and how many were created in each rolling window before now. */
export const Counts = Type.Object({
  total: count('All records'),
  last7: count('Created in the last 7 days'),
  last30: count('Created in the last 30 days'),
  last90: count('Created in the last 90 days'),
  previous30: count(`Created in the ${DASHBOARD_TREND_DAYS} days before the last ${DASHBOARD_TREND_DAYS} (trend base)`),
});
export type Counts = Static<typeof Counts>;

export const COUNTED = ['users', 'videos', 'matches', 'notifications', 'teams', 'players', 'registrations'] as const;

export const SeriesDay = Type.Object({
  date: Type.String({ format: 'date', description: 'UTC day, YYYY-MM-DD' }),
  videos: Type.Integer(),
  registrations: Type.Integer(),
  users: Type.Integer(),
});
export type SeriesDay = Static<typeof SeriesDay>;

export const RecentRegistration = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  status: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type RecentRegistration = Static<typeof RecentRegistration>;

export const Dashboard = Type.Object({
  totals: Type.Object(Object.fromEntries(COUNTED.map((kind) => [kind, Counts])) as Record<(typeof COUNTED)[number], typeof Counts>),
  series: Type.Array(SeriesDay, { description: `One entry per UTC day, oldest first, the last ${DASHBOARD_SERIES_DAYS} days up to today` }),
  recentVideos: Type.Array(recordSchema(videos)),
  recentRegistrations: Type.Array(RecentRegistration),
});
export type Dashboard = Static<typeof Dashboard>;
