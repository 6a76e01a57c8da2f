/**
 * Who may do what: the four admin roles, and the access an entity (or one of its fields) declares.
 * The server enforces it on every admin route; the admin app reads the same rules through
 * `authProvider.canAccess`, and the fake provider answers as the server does.
 */

export const ROLES = ['owner', 'editor', 'moderator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What an admin created without a role is given, and what the create form has chosen. */
export const DEFAULT_ROLE: Role = 'editor';

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  editor: 'Editor',
  moderator: 'Moderator',
  viewer: 'Viewer',
};

/** Which roles may read a resource (list, show, stats) and which may write it (create, edit, delete and its own actions). */
export interface Access {
  read: readonly Role[];
  write: readonly Role[];
}

/** The league's content: editors write it, every role reads it. An entity that declares no access has this. */
export const CONTENT_ACCESS: Access = { read: ['owner', 'editor', 'moderator', 'viewer'], write: ['owner', 'editor'] };

/** Fans and their personal data (app users, registrations): moderators' work; editors and viewers do not see it. */
export const PEOPLE_ACCESS: Access = { read: ['owner', 'moderator'], write: ['owner', 'moderator'] };

/** The league's running: its admins and roles, the activity log, backups. */
export const OWNER_ACCESS: Access = { read: ['owner'], write: ['owner'] };

/** What every signed-in admin may do: their own profile (name, password). */
export const SIGNED_IN_ACCESS: Access = { read: ROLES, write: ROLES };

/**
 * Resources that are not entities, by the name the admin app and the activity log use. The
 * dashboard is read by every role; its cards of people (users, registrations) only by those who
 * read people (the server leaves them out of the others' answer). The lookups (sports, stadiums,
 * places) are the forms' reference lists.
 */
export const RESOURCE_ACCESS = {
  admins: OWNER_ACCESS,
  activity: OWNER_ACCESS,
  backups: OWNER_ACCESS,
  profile: SIGNED_IN_ACCESS,
  dashboard: { read: ROLES, write: [] },
  lookups: CONTENT_ACCESS,
} as const satisfies Record<string, Access>;

export type AccessResource = keyof typeof RESOURCE_ACCESS;

export type AccessAction = 'read' | 'write';

export const may = (role: Role | undefined, access: Access, action: AccessAction): boolean =>
  role !== undefined && access[action].includes(role);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** A 403's message: which roles are needed ('This needs the owner or moderator role'). */
export const roleNeeded = (roles: readonly Role[]): string =>
  `This needs the ${roles.length > 1 ? `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}` : roles[0]} role`;
