import { Type, type Static } from 'typebox';
import { REGISTRATION_STATUSES } from '../../src/domain/enums';
import { MAX_BULK_IDS } from '../../src/domain/limits';
import { VALIDATION } from '../../src/domain/messages';
import { REGISTRATION_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { NamedRef, Nullable } from './refs';
import { withInvalidMessage } from './invalid-message';
import { Stats } from './stats';
import { UpdatedAt, VersionField } from './version';

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
  updatedAt: UpdatedAt,
  players: Type.Array(RegistrationPlayer),
});
export type Registration = Static<typeof Registration>;

/** The list's filters besides its status tab: location ids (a malformed one finds nobody) and playing role. */
const registrationFilters = {
  state: Type.Optional(Type.String({ description: 'State id' })),
  district: Type.Optional(Type.String({ description: 'District id' })),
  city: Type.Optional(Type.String({ description: 'City id' })),
  playingRole: Type.Optional(Type.String({ description: 'Playing role, e.g. Batsman' })),
};

const search = Type.Optional(Type.String({ description: 'Case-insensitive search over first name, last name, full name, e-mail and phone' }));

const statusFilter = withInvalidMessage(
  Type.Optional(Type.Enum(REGISTRATION_STATUSES, { description: 'pending also finds registrations without a status' })),
  VALIDATION.statusInvalid,
);

export const RegistrationListQuery = ListQuery(['firstName', 'createdAt'], { status: statusFilter, ...registrationFilters });

/** `GET /admin/registrations/stats`: the list's search and filters, without its status tab. */
export const RegistrationStatsQuery = Type.Object({ search, ...registrationFilters });

/** The status tabs' counts over the registrations the search and filters select. */
export const RegistrationStats = Stats({
  total: 'Registrations the search and filters select (every status)',
  pending: 'Of those, pending ones (a missing status counts as pending)',
  approved: 'Of those, approved ones',
  rejected: 'Of those, rejected ones',
});
export type RegistrationStats = Static<typeof RegistrationStats>;

/** `GET /admin/registrations/export.csv`: the list's search, status and filters, every matching row. */
export const RegistrationExportQuery = Type.Object({ search, status: statusFilter, ...registrationFilters });

const newStatus = withInvalidMessage(
  Type.Enum(REGISTRATION_STATUSES, { description: REGISTRATION_STATUSES.join(', ') }),
  VALIDATION.statusInvalid,
);

export const RegistrationStatusBody = Type.Object({ status: newStatus });
export type RegistrationStatusBody = Static<typeof RegistrationStatusBody>;

export const RegistrationBulkStatusBody = Type.Object({
  ids: withInvalidMessage(Type.Array(Type.String(), { minItems: 1, maxItems: MAX_BULK_IDS, description: 'Registration ids' }), VALIDATION.idsInvalid),
  status: newStatus,
});
export type RegistrationBulkStatusBody = Static<typeof RegistrationBulkStatusBody>;

export const BulkStatusResult = Type.Object({ changed: Type.Integer({ minimum: 0, description: 'How many registrations now hold the status' }) });

/**
 * JSON edit. An absent field keeps its value, a blank one clears it. `email` is declared as plain
 * text so a blank e-mail (clearing it) passes; its format is still checked by the rule when given.
 */
export const RegistrationUpdateBody = formBody(REGISTRATION_RULES, { email: Type.Optional(Type.String()), ...VersionField });
export type RegistrationUpdateBody = Static<typeof RegistrationUpdateBody>;

/** `?state=` / `?district=`: only the children of that record; without it, all. */
export const DistrictQuery = Type.Object({ state: Type.Optional(Type.String({ description: 'State id' })) });
export const CityQuery = Type.Object({ district: Type.Optional(Type.String({ description: 'District id' })) });
