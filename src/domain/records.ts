/** Records as the API answers them, where the server and the screens read the same shape. */
import type { Role } from './access';

/** One changed field of an activity-log entry. */
export interface ActivityChange {
  field: string;
  before: unknown;
  after: unknown;
  /**
   * A reference's change: the ids of the records it named, `before` and `after` holding their names
   * as they were then (entries written before names were kept hold the ids there, and none of these).
   */
  beforeId?: string | null;
  afterId?: string | null;
}

/** An activity-log entry: who changed what, and how. */
export interface ActivityEntryRecord {
  _id: string;
  at: string;
  admin: { _id: string; firstName: string; lastName: string } | null;
  /** The app user whose own write it is (no admin then); `name` null once they deleted their account. */
  fan: { _id: string; name: string | null } | null;
  action: string;
  resource: string;
  recordId: string | null;
  recordLabel: string | null;
  changes: ActivityChange[];
}

/** One of an admin's open sessions, as `GET /admin/profile/sessions` answers it. */
export interface AdminSessionRecord {
  _id: string;
  /** The browser that signed in (its User-Agent, shortened); empty when it sent none. */
  device: string;
  address: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  /** The session making the call. */
  current: boolean;
}

/** An admin account; never its password hash. */
export interface AdminAccountRecord {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** What the admin may do (src/domain/access.ts). */
  role: Role;
  isActive: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

/** A registration's government ID whole (`POST /admin/registrations/{id}/government-id`): every other answer holds the number masked. */
export interface GovernmentIdRecord {
  GovernmentIdType: string | null;
  GovernmentIdNumber: string | null;
}
