/** What the user screens share: the record type and its age as shown. */
import type { RaRecord } from 'react-admin';
import { GENERIC } from '../../domain';

export type AppUser = RaRecord & {
  name: string;
  email: string;
  age?: number | null;
  isActive: boolean;
  createdAt: string;
};

export const ageOf = (user: Pick<AppUser, 'age'>) => (user.age === null || user.age === undefined ? GENERIC.notAvailable : String(user.age));
