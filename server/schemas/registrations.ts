import { Type, type Static } from 'typebox';
import { REGISTRATION_STATUSES } from '../../src/domain/enums';
import { REGISTRATION_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { NamedRef, Nullable } from './refs';

const text = Nullable(Type.String());
const day = Nullable(Type.String({ format: 'date', description: 'YYYY-MM-DD' }));

export const RegistrationPlayer = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: text,
  dob: day,
  playingRole: text,
  battingStyle: text,
  bowlingStyle: text,
  photo: text,
});

export const Registration = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: text,
  email: text,
  phone: text,
  DOB: day,
  GovernmentIdType: text,
  GovernmentIdNumber: text,
  state: Nullable(NamedRef),
  district: Nullable(NamedRef),
  city: Nullable(NamedRef),
  area: text,
  pinCode: text,
  address: text,
  playingRole: text,
  battingStyle: text,
  status: Type.String({ description: `${REGISTRATION_STATUSES.join(', ')}, or another value shown as not approved` }),
  createdAt: Type.String({ format: 'date-time' }),
  players: Type.Array(RegistrationPlayer),
});
export type Registration = Static<typeof Registration>;

export const RegistrationListQuery = ListQuery(['firstName', 'createdAt'], {
  status: Type.Optional(Type.Enum(REGISTRATION_STATUSES)),
});

/**
 * JSON edit. An absent field keeps its value, a blank one clears it. `email` is declared as plain
 * text so a blank e-mail (clearing it) passes; its format is still checked by the rule when given.
 */
export const RegistrationUpdateBody = formBody(REGISTRATION_RULES, { email: Type.Optional(Type.String()) });
export type RegistrationUpdateBody = Static<typeof RegistrationUpdateBody>;

/** `?state=` / `?district=`: only the children of that record; without it, all. */
export const DistrictQuery = Type.Object({ state: Type.Optional(Type.String({ description: 'State id' })) });
export const CityQuery = Type.Object({ district: Type.Optional(Type.String({ description: 'District id' })) });
