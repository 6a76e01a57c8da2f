/**
 * The database's tables as Kysely sees them. Columns are snake_case; repositories map rows
 * to the API's field names, so the wire format never leaks into SQL.
 */
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type * as entities from '../../src/domain/entities';
import type { ActivityChange } from '../../src/domain/records';
import type { Role } from '../../src/domain/access';

type Id = Generated<string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AdminTable {
  id: Id;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: CreatedAt;
  password_changed_at: Generated<Date>;
  is_active: Generated<boolean>;
  last_sign_in_at: Date | null;
  must_change_password: Generated<boolean>;
  // ---- roles (migration 0021): one of ROLES; 'editor' when none is given.
  role: Generated<Role>;
}

/** One change made through the API (migration 0009); never updated or deleted. */
export interface ActivityTable {
  id: GeneratedAlways<number>;
  at: Generated<Date>;
  admin_id: string | null;
  admin_first_name: Generated<string>;
  admin_last_name: Generated<string>;
  /** The app user whose own write this is (migration 0017); their name is read from their account. */
  fan_id: Generated<string | null>;
  action: string;
  resource: string;
  record_id: string | null;
  record_label: string | null;
  changes: ColumnType<ActivityChange[], string, never>;
}


export interface NamedLookupTable {
  id: Id;
  name: string;
  created_at: CreatedAt;
}

export interface BowlingStyleTable {
  id: Id;
  style: string;
  created_at: CreatedAt;
}

export interface BattingHeadednessTable {
  id: Id;
  battings_type: string;
  description: string | null;
  created_at: CreatedAt;
}

export interface BattingOrderTable {
  id: Id;
  order: number;
  position: string;
  created_at: CreatedAt;
}

export interface DistrictTable extends NamedLookupTable {
  state_id: string;
}

export interface CityTable extends NamedLookupTable {
  district_id: string;
}

export interface RegistrationPlayerTable {
  id: Id;
  registration_id: string;
  position: number;
  first_name: string;
  last_name: string | null;
  dob: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  playing_role: string | null;
  batting_style: string | null;
  bowling_style: string | null;
  photo: string | null;
}

/** Trigger-kept row counts of the large lists, whole and per value of an enumerated filter (0006). */
export interface ListCountTable {
  list: string;
  /** '' for the whole list. */
  filter: string;
  value: string;
  total: number;
}

/** Keys every server on the database shares, e.g. the session-signing secret (0008). */
export interface ServerSecretTable {
  name: string;
  value: string;
}

type Snake<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}` : S;
type ColumnName<K extends string, F> = F extends { column: infer C extends string } ? C : F extends { kind: 'ref' } ? `${Snake<K>}_id` : Snake<K>;
/**
 * A required text is never empty in the table; images (a required one too: older rows and bulk
 * loads may lack it) and references may be; a sequence number comes from the database, as does a
 * text's default.
 */
type ColumnValue<F> = F extends { sequence: true }
  ? Generated<number>
  : F extends { kind: 'number' }
  ? number | null
  : F extends { kind: 'datetime' }
    ? F extends { required: true }
      ? ColumnType<Date, Date | string, Date | string>
      : ColumnType<Date | null, Date | string | null, Date | string | null>
  : F extends { many: true }
    ? Generated<string[]>
  : F extends { kind: 'boolean' }
    ? Generated<boolean>
  // A text with a default is never none: the table's column takes it when a row is added without one.
  : F extends { kind: 'text' | 'choice'; default: string }
    ? Generated<string>
    : F extends { required: true; kind: 'text' | 'longtext' | 'richtext' | 'url' | 'email' | 'choice' | 'date' }
      ? string
      : string | null;

/**
 * A declared entity's table (src/domain/entities), its columns named as `columnOf` names them;
 * `updated_at` only where the entity is versioned, and the creator's admin id where it keeps one.
 */
export type DeclaredTable<E extends { fields: object; versioned: boolean }> = { id: Id; created_at: CreatedAt } & (E extends { versioned: true }
  ? { updated_at: Generated<Date> }
  : unknown) & {
    [K in keyof E['fields'] & string as ColumnName<K, E['fields'][K]>]: ColumnValue<E['fields'][K]>;
  } & (E extends { creator?: infer C extends string } ? (string extends C ? unknown : { [K in Snake<C>]: string | null }) : unknown) & {
    [K in keyof E['fields'] & string as E['fields'][K] extends { plainText: true } ? `${Snake<K>}_text` : never]: GeneratedAlways<string>;
  };

type Declared = (typeof entities)[keyof typeof entities];
/** Every declared entity's table, by name. */
type TableName<E> = E extends { table?: infer T } ? Exclude<T, undefined> : never;
export type DeclaredTables = { [E in Declared as TableName<E>]: DeclaredTable<E> };

export interface Database extends DeclaredTables {
  admins: AdminTable;
  sports: NamedLookupTable;
  stadiums: NamedLookupTable;
  bowling_styles: BowlingStyleTable;
  batting_headedness: BattingHeadednessTable;
  batting_orders: BattingOrderTable;
  states: NamedLookupTable;
  districts: DistrictTable;
  cities: CityTable;
  registration_players: RegistrationPlayerTable;
  list_counts: ListCountTable;
  server_secrets: ServerSecretTable;
  activity: ActivityTable;
  devices: DeviceTable;
  sends: SendTable;
  deliveries: DeliveryTable;
  registration_notices: RegistrationNoticeTable;
  notice_deliveries: NoticeDeliveryTable;
  jobs: JobTable;
  app_removals: AppRemovalTable;
  image_sizes: ImageSizesTable;
  fan_credentials: FanCredentialTable;
  fan_sessions: FanSessionTable;
  password_resets: PasswordResetTable;
  email_verifications: EmailVerificationTable;
  // ---- sessions (migration 0024) ----
  admin_sessions: AdminSessionTable;
  fan_refresh_tokens: FanRefreshTokenTable;
  // ---- end sessions ----
  // ---- A second factor (0022_admin_totp) ----
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodeTable;
  settings: SettingTable;
  // ---- Passkeys (0023_admin_passkeys) ----
  admin_passkeys: AdminPasskeyTable;
  admin_passkey_challenges: AdminPasskeyChallengeTable;
  /** A registration also keeps the fan who sent it from the app (migration 0015). */
  registrations: DeclaredTables['registrations'] & { user_id: Generated<string | null> };
}

/** A record that left what the fans' app sees, kept for the app's sync (migration 0013). */
export interface AppRemovalTable {
  /** The record's table. */
  resource: string;
  record_id: string;
  /** The transaction that removed it (xid8, as text). */
  xid: ColumnType<string, never, never>;
  removed_at: ColumnType<Date, never, never>;
}

/** A stored original's size and its smaller WebP copies (migration 0014, storage/image-sizes.ts). */
export interface ImageSizesTable {
  /** The original's stored name (`/uploads/<name>`). */
  name: string;
  width: number;
  height: number;
  /** The copies, narrowest first, by stored name. */
  sizes: ColumnType<{ width: number; name: string }[], string, string>;
  created_at: Generated<Date>;
}

type Instant = ColumnType<Date, Date | string, Date | string>;
type MaybeInstant = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A fan's phone, as the app registered it (routes/app/devices.ts). */
export interface DeviceTable {
  id: Id;
  token: string;
  platform: string;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  /** The fan signed in on it when it registered; null when nobody was, or they signed out (migration 0015). */
  user_id: Generated<string | null>;
}

/** A fan's password, apart from the users' table the admins' list reads (migration 0015). */
export interface FanCredentialTable {
  user_id: string;
  password_hash: string;
  password_changed_at: Generated<Date>;
}

/** One signed-in phone of a fan: a fan token names its row, and is refused once the row is gone (migration 0015). */
export interface FanSessionTable {
  id: Id;
  user_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
}

/** A password-reset link, kept as its token's SHA-256 (migration 0015). */
export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  /** A digest of the password hash and e-mail the link was mailed for (migration 0020): any change to either spends it. */
  bound_to: string | null;
}

/** A sign-up's e-mail verification link, kept as its token's SHA-256; one per account (migration 0018). */
export interface EmailVerificationTable {
  token_hash: string;
  user_id: string;
  expires_at: Date;
}

/** A notification's send: its delivery state and counts (jobs/send-notification.ts). */
export interface SendTable {
  notification_id: string;
  state: string;
  send_at: MaybeInstant;
  message: string | null;
  targeted: Generated<number>;
  sent: Generated<number>;
  failed: Generated<number>;
  gone: Generated<number>;
  reasons: ColumnType<Record<string, number>, string | undefined, string>;
  cursor: string | null;
  started_at: MaybeInstant;
  ended_at: MaybeInstant;
}

/** One notification to one device: pending until FCM answers for good. */
export interface DeliveryTable {
  notification_id: string;
  device_id: string;
  token: string;
  platform: string;
  state: Generated<string>;
  reason: string | null;
  attempts: Generated<number>;
  next_at: Instant;
}

/** The push telling a fan the decision on their registration (migration 0016). */
export interface RegistrationNoticeTable {
  registration_id: string;
  status: string;
  state: string;
  message: string | null;
  targeted: Generated<number>;
  sent: Generated<number>;
  failed: Generated<number>;
  gone: Generated<number>;
  cursor: string | null;
  started_at: MaybeInstant;
  ended_at: MaybeInstant;
}

/** A registration's notice to one of its fan's devices. */
export interface NoticeDeliveryTable {
  registration_id: string;
  device_id: string;
  token: string;
  platform: string;
  state: Generated<string>;
  reason: string | null;
  attempts: Generated<number>;
  next_at: Instant;
}

/** Background work any server may pick up (repositories/jobs.ts, run by jobs/runner.ts). */
export interface JobTable {
  id: GeneratedAlways<number>;
  kind: string;
  key: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  run_at: Instant;
  lease_until: MaybeInstant;
  locked_by: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
}

// ---- sessions (migration 0024) ----------------------------------------------------------------

/** One admin sign-in: the admin's token names its row, and is refused once it is ended or expired. */
export interface AdminSessionTable {
  id: Id;
  admin_id: string;
  created_at: Generated<Date>;
  /** Written at most once a minute (auth/admin-sessions.ts). */
  last_used_at: Generated<Date>;
  /** The browser's User-Agent, cut to a bounded length. */
  device: Generated<string>;
  address: Generated<string>;
  expires_at: Instant;
  ended_at: MaybeInstant;
}

/** A fan's refresh token, kept as its SHA-256; a fan session is one family of them. */
export interface FanRefreshTokenTable {
  token_hash: string;
  /** The order tokens were given in. */
  seq: GeneratedAlways<string>;
  session_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Instant;
  used_at: MaybeInstant;
}
// ---- end sessions -----------------------------------------------------------------------------
// ---- A second factor (0022_admin_totp) ------------------------------------------------------

/** An admin's TOTP: the secret awaiting its first code, the confirmed one, and the last time step accepted. */
export interface AdminTotpTable {
  admin_id: string;
  pending_secret: string | null;
  secret: string | null;
  enabled_at: Date | null;
  /** Kept as bigint; PGlite and pg answer it as a string. */
  last_step: ColumnType<string | null, string | number | null, string | number | null>;
}

/** A recovery code's SHA-256 digest; used once. */
export interface AdminRecoveryCodeTable {
  admin_id: string;
  code_hash: string;
  used_at: Date | null;
}

/** The league's settings, one JSON value per name (`requireSecondFactor`). */
export interface SettingTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

// ---- Admins' passkeys (migration 0023) -------------------------------------------------------

/** One admin's registered WebAuthn credential (repositories/passkeys.ts). */
export interface AdminPasskeyTable {
  /** The credential id, base64url. */
  id: string;
  admin_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** bigint: read back as a string. */
  counter: ColumnType<string, number, number>;
  transports: ColumnType<string[], string, string>;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

/** A ceremony's challenge until it is answered or expires. */
export interface AdminPasskeyChallengeTable {
  challenge: string;
  /** 'register', 'sign-in' or 'second-factor'. */
  purpose: string;
  admin_id: string | null;
  expires_at: Instant;
}
