/**
 * Draft and scheduled publishing in the API's shapes (entities declaring `publishing: true`, see
 * src/domain/publishing.ts): what every record answers, what a write and the publish, unpublish and
 * schedule calls take, and the list's filters.
 */
import { Type } from 'typebox';
import { PUBLISH_STATES, PUBLISHING_TEXTS } from '../../src/domain/publishing';
import { withInvalidMessage } from './invalid-message';
import { OrBlank } from './or-blank';
import { Nullable } from './refs';

const Instant = (description: string) => Type.String({ format: 'date-time', description });

/** What every record of a publishing entity answers. */
export const PublishingProperties = {
  status: Type.Enum(PUBLISH_STATES, { description: 'draft: the app does not see it; scheduled: it goes live at publishAt; published: the app sees it' }),
  publishAt: Nullable(Instant('When it goes (or went) live, to the minute, UTC; null when published at once, and for a draft')),
  unpublishAt: Nullable(Instant('When it comes down (becomes a draft again), to the minute, UTC; null when it stays up')),
};

/** An instant a write sends: the rule reads it (a 400 names a value that is no instant), none as null or ''. */
const SentInstant = (description: string) => Type.Optional(Nullable(Type.String({ description })));

/** What a create or edit may send (a multipart form sends '' for none). */
export const PublishingBody = {
  status: withInvalidMessage(
    Type.Optional(
      Nullable(
        OrBlank(
          Type.Enum(PUBLISH_STATES, {
            description:
              'published: live now (a create without status or publishAt is); draft: kept from the app (a live record is taken down); scheduled: live at publishAt',
          }),
        ),
      ),
    ),
    PUBLISHING_TEXTS.statusInvalid,
  ),
  publishAt: SentInstant('An ISO instant: in the future, the record is scheduled for it; past or now, it is published. Kept to the minute, UTC'),
  unpublishAt: SentInstant('An ISO instant after publishAt (and in the future): the record comes down then. Kept to the minute, UTC'),
};

/** `POST …/{id}/schedule`: when it goes live and, if ever, comes down. */
export const ScheduleBody = Type.Object({
  publishAt: PublishingBody.publishAt,
  unpublishAt: PublishingBody.unpublishAt,
});

/** The list's filters: by state, and the overdue flag. */
export const PublishingFilters = {
  status: withInvalidMessage(Type.Optional(Type.Enum(PUBLISH_STATES, { description: 'Only records in this state' })), PUBLISHING_TEXTS.statusInvalid),
  overdue: withInvalidMessage(
    Type.Optional(Type.Union([Type.Boolean(), Type.Enum(['true', 'false'])], { description: 'true: scheduled records whose time passed over a minute ago without going live; false: every other' })),
    PUBLISHING_TEXTS.overdueInvalid,
  ),
};
