/**
 * Registrations' own shapes: the CSV export (over the list's own search and filters), and the
 * status workflow's bodies. The record, the list query and the edit body come from the declaration
 * (src/domain/entities/registrations.ts, see schemas/declared.ts), with each record's players,
 * sender and notice (schemas/own-parts.ts).
 */
import { Type, type Static } from 'typebox';
import { registrations } from '../../src/domain/entities/registrations';
import { REGISTRATION_STATUSES } from '../../src/domain/enums';
import { MAX_BULK_IDS } from '../../src/domain/limits';
import { VALIDATION } from '../../src/domain/messages';
import { detailSchema, listQuerySchema } from './declared';
import { Nullable } from './refs';
import { withInvalidMessage } from './invalid-message';

const text = Nullable(Type.String());

/** `POST /admin/registrations/{id}/government-id`: the number whole, with its type. */
export const GovernmentId = Type.Object({
  GovernmentIdType: text,
  GovernmentIdNumber: Nullable(Type.String({ description: 'As stored; the records answer it masked' })),
});

/** A registration as the API answers it (the declared record with its players and submitter). */
export const Registration = detailSchema(registrations);

/** The list's search and filters (status, places, playing role), as the declaration makes them. */
const { page: _page, limit: _limit, sort: _sort, order: _order, status, ...searchAndFilters } = listQuerySchema(registrations).properties;

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
