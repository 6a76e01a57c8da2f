/** Query and response shapes shared by every paged list. */
import { Type, type TProperties, type TSchema } from 'typebox';
import { DEFAULT_PAGE_SIZE, EXACT_TOTAL_LIMIT, MAX_PAGE_SIZE } from '../../src/domain/limits';
import { VALIDATION } from '../../src/domain/messages';
import { WholeNumber } from './numbers';
import { withInvalidMessage } from './invalid-message';

const SORT_ORDERS = ['asc', 'desc'] as const;

/** A range filter's bound: a calendar day ('2025-03-14') or an instant ('2025-03-14T18:30:00.000Z'). */
export const DayOrInstant = (description: string) =>
  Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })], { description }));

/**
 * `page`, `limit`, `search`, `sort` (one of the resource's sortable fields), `order`, plus the
 * resource's exact filters. A `limit` above the maximum is capped rather than refused.
 */
export const ListQuery = <S extends string[], F extends TProperties = Record<never, never>>(
  sortable: readonly [...S],
  filters: F = {} as F,
) =>
  Type.Object({
    page: Type.Optional(WholeNumber(1, { default: 1, description: '1-based page number' })),
    limit: Type.Optional(
      WholeNumber(1, { default: DEFAULT_PAGE_SIZE, description: `Page size, at most ${MAX_PAGE_SIZE}` }),
    ),
    search: Type.Optional(Type.String({ description: 'Case-insensitive text search' })),
    sort: withInvalidMessage(Type.Optional(Type.Enum(sortable, { description: 'Field to sort by (default createdAt)' })), VALIDATION.sortInvalid(sortable)),
    order: Type.Optional(Type.Enum(SORT_ORDERS, { description: 'Default desc (newest first)' })),
    ...filters,
  });

export const Page = <T extends TSchema>(doc: T) =>
  Type.Object({
    docs: Type.Array(doc),
    totalDocs: Type.Integer(),
    totalIsEstimate: Type.Optional(
      Type.Literal(true, { description: `Present when totalDocs is an estimate: a search with more than ${EXACT_TOTAL_LIMIT} hits` }),
    ),
    limit: Type.Integer(),
    page: Type.Integer(),
    totalPages: Type.Integer(),
    prevPage: Type.Union([Type.Integer(), Type.Null()]),
    nextPage: Type.Union([Type.Integer(), Type.Null()]),
  });
