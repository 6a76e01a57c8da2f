/**
 * `GET /admin/dashboard` as the admin app reads it (server/schemas/dashboard.ts is the contract):
 * totals with rolling-window counts, a per-day series, and the newest videos and registrations.
 */
import type { RaRecord } from 'react-admin';
import { fromApi } from './payload';

export const DASHBOARD_KINDS = ['users', 'videos', 'matches', 'notifications', 'teams', 'players', 'registrations'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

/** The resource each figure counts, whose read (`canAccess` list) a role needs to be shown it. */
export const DASHBOARD_RESOURCES: Record<DashboardKind, string> = {
  users: 'users',
  videos: 'videos',
  matches: 'matches',
  notifications: 'notifications',
  teams: 'teams',
  players: 'player',
  registrations: 'registrations',
};

/** How many records of one kind exist, and how many were created in each window back from now. */
export type DashboardCounts = { total: number; last7: number; last30: number; last90: number; previous30: number };

/** One UTC day of the series, oldest first. */
export type DashboardDay = { date: string; videos: number; registrations: number; users: number };
export const SERIES_KINDS = ['videos', 'registrations', 'users'] as const satisfies readonly (keyof DashboardDay)[];

export type DashboardVideo = RaRecord & { title: string; category: string; image?: string | null; createdAt: string };
export type DashboardRegistration = RaRecord & {
  name: string;
  email?: string | null;
  phone?: string | null;
  status?: string | null;
  createdAt: string;
};

export type DashboardData = {
  totals: Record<DashboardKind, DashboardCounts>;
  series: DashboardDay[];
  recentVideos: DashboardVideo[];
  recentRegistrations: DashboardRegistration[];
};

type ApiDashboard = Omit<DashboardData, 'recentVideos' | 'recentRegistrations'> & {
  recentVideos: Record<string, unknown>[];
  recentRegistrations: Record<string, unknown>[];
};

/** The API's `_id`s become react-admin `id`s so the lists can build detail links. */
export const toDashboard = (data: ApiDashboard): DashboardData => ({
  ...data,
  recentVideos: data.recentVideos.map((video) => fromApi(video) as DashboardVideo),
  recentRegistrations: data.recentRegistrations.map((registration) => fromApi(registration) as DashboardRegistration),
});
