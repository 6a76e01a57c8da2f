/**
 * Registrations' own shapes: each record's players (added to the declared record), the status
 * tabs' counts and the CSV export (over the list's own search and filters), and the status
 * workflow's bodies. The record, the list query and the edit body come from the declaration
 * (src/domain/entities/registrations.ts, see schemas/declared.ts).
 */
import { Type, type Static } from 'typebox';
import { registrations } from '../../src/domain/entities/registrations';
import { REGISTRATION_STATUSES } from '../../src/domain/enums';
import { MAX_BULK_IDS } from '../../src/domain/limits';
import { NOTICE_STATES, NOTICE_STATUSES } from '../../src/domain/push';
import { VALIDATION } from '../../src/domain/messages';
import { addOwnProperties, detailSchema, listQuerySchema } from './declared';
import { Nullable } from './refs';
import { withInvalidMessage } from './invalid-message';
import { Stats } from './stats';

const text = Nullable(Type.String());
const day = Nullable(Type.String({ format: 'date', description: 'YYYY-MM-DD' }));

/** The push telling the fan the decision (repositories/notices.ts); null where none was meant (a registration no fan sent, or still undecided). */
const RegistrationNotice = Type.Object(
  {
    status: Type.Enum(NOTICE_STATUSES, { description: 'The decision it tells' }),
    state: Type.Enum(NOTICE_STATES, { description: 'not-configured: push is not set up, so the fan was not told' }),
    targeted: Type.Integer({ description: "The fan's linked devices" }),
    sent: Type.Integer(),
    failed: Type.Integer(),
    gone: Type.Integer({ description: 'Devices FCM says no longer exist (removed)' }),
    pending: Type.Integer(),
    message: text,
  },
  { description: 'Whether the fan was told of the decision, and on how many devices' },
);

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

// Every registration is answered with its players, in the order the mobile app sent them, and who sent it.
addOwnProperties(registrations, {
  players: Type.Array(RegistrationPlayer, { description: 'The players it registers, in order' }),
  submittedBy: Nullable(
    Type.Object({ _id: Type.String(), name: Type.String() }, { description: "The fan who sent it from the app; null for the demo's, an admin's, and a deleted fan's (anonymised)" }),
  ),
  notice: Nullable(RegistrationNotice),
});

/** `POST /admin/registrations/{id}/government-id`: the number whole, with its type. */
export const GovernmentId = Type.Object({
  GovernmentIdType: text,
  GovernmentIdNumber: Nullable(Type.String({ description: 'As stored; the records answer it masked' })),
});

/** A registration as the API answers it (the declared record with its players and submitter). */
export const Registration = detailSchema(registrations);

/** The list's search and filters (status, places, playing role), as the declaration makes them. */
const { page: _page, limit: _limit, sort: _sort, order: _order, status, ...searchAndFilters } = listQuerySchema(registrations).properties;

/** `GET /admin/registrations/stats`: the list's search and filters, without its status tab. */
export const RegistrationStatsQuery = Type.Object(searchAndFilters);

/** The status tabs' counts over the registrations the search and filters select. */
export const RegistrationStats = Stats({
  total: 'Registrations the search and filters select (every status)',
  pending: 'Of those, pending ones (a missing status counts as pending)',
  approved: 'Of those, approved ones',
  rejected: 'Of those, rejected ones',
});
export type RegistrationStats = Static<typeof RegistrationStats>;

/** `GET /admin/registrations/export.csv`: the list's search, status and filters, every matching row. */
export const RegistrationExportQuery = Type.Object({ ...searchAndFilters, status });

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

/** `?state=` / `?district=`: only the children of that record; without it, all. */
export const DistrictQuery = Type.Object({ state: Type.Optional(Type.String({ description: 'State id' })) });
export const CityQuery = Type.Object({ district: Type.Optional(Type.String({ description: 'District id' })) });
