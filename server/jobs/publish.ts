/**
 * The job that puts a scheduled record live at its `publishAt` and takes a live one down at its
 * `unpublishAt` (news, videos, slides: entities declaring `publishing: true`). One job per record,
 * keyed by its entity and id, due at the record's next time (repositories/publishing.ts writes it with
 * the record). It re-reads the row, locked, and changes only what is due by the server's clock: a record
 * rescheduled, published or taken down by an admin meanwhile is left as it is, and a second run of the
 * same job changes nothing. The runner polls every second, so a record goes live within seconds of its
 * minute, on whichever server is up; a restart finds the job in the database.
 */
import { entityNamed } from '../../src/domain/declared';
import { publishDue, type PublishPayload } from '../repositories/publishing';
import type { Job } from './job';

export const publishJob: Job<PublishPayload> = {
  name: 'publish',
  key: ({ entity, id }) => `publish:${entity}:${id}`,
  handler:
    ({ db }) =>
    async (job, { clock }) => {
      const entity = entityNamed(String(job.payload.entity ?? ''));
      if (!entity?.publishing) return { done: true };
      const next = await publishDue(db, entity, String(job.payload.id ?? ''), clock.now());
      // A record live until its `unpublishAt` keeps its job, due then.
      return next ? { runAt: next } : { done: true };
    },
};
