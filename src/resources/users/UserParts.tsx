/** What the user screens share: the record type, and its age, source and last sign-in as shown. */
import type { RaRecord } from 'react-admin';
import { formatDate } from '../../common';
import { GENERIC, USER_TEXTS } from '../../domain';
import { USER_SOURCE_LABELS, type UserSource } from '../../domain/fans';

export type AppUser = RaRecord & {
  name: string;
  email: string;
  age?: number | null;
  isActive: boolean;
  /** 'app': signed up in the app; 'demo': the demo league's. */
  source?: UserSource | null;
  lastSignInAt?: string | null;
  createdAt: string;
};

export const ageOf = (user: Pick<AppUser, 'age'>) => (user.age === null || user.age === undefined ? GENERIC.notAvailable : String(user.age));

export const sourceOf = (user: Pick<AppUser, 'source'>) => (user.source ? USER_SOURCE_LABELS[user.source] : GENERIC.notAvailable);
export const lastSignInOf = (user: Pick<AppUser, 'lastSignInAt'>) => (user.lastSignInAt ? formatDate(user.lastSignInAt) : USER_TEXTS.never);
