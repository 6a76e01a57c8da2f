/** The league's fixed enumerations. The server validates against these and the forms offer them. */

export const VIDEO_CATEGORIES = ['Match Highlights', 'Practice', 'Interview', 'Tutorial', 'Other'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];

export const NEWS_TAGS = ['World Cup', 'Final', 'Cricket', 'Sports', 'Breaking News', 'Analysis'] as const;
export type NewsTag = (typeof NEWS_TAGS)[number];

export const PLAYER_ROLES = ['Batsman', 'Bowler', 'All-rounder'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

export const MATCH_RESULTS = ['Team A Won', 'Team B Won', 'Draw', 'No Result'] as const;
export type MatchResult = (typeof MATCH_RESULTS)[number];

/** Registration status: 'approved' and 'pending' are named; anything else shows red; missing is pending. */
export const REGISTRATION_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const DEFAULT_REGISTRATION_STATUS: RegistrationStatus = 'pending';

/** Turns an enumeration into react-admin SelectInput choices. */
export const toChoices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

/**
 * What an activity-log entry records: a record created, changed or deleted, the slides reordered, a
 * sign-in; a registration's government ID shown whole (`reveal`), the registrations exported as CSV.
 */
export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'reorder', 'passwordReset', 'passwordChange', 'signIn', 'signInRefused', 'signOut', 'sessionEnd', 'sessionsEnd', 'send', 'schedule', 'cancel', 'retry', 'sendEnded', 'publish', 'unpublish', 'autoPublish', 'autoUnpublish', 'redact', 'reveal', 'export', 'totpOn', 'totpOff', 'recoveryCodeUsed', 'secondFactorReset', 'secondFactorRefused', 'passkeyAdd', 'passkeyRemove', 'passkeySignIn'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The resources the activity log names beside the declared entities admins write (the admin app's resource names): admins, and the app's users, whom admins only deactivate or reactivate and who delete themselves. */
export const ACTIVITY_RESOURCES = ['admins', 'users'] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];
