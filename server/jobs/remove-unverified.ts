/**
 * The job that removes a fan's account whose e-mail was not verified within its link's lifetime
 * (VERIFY_LINK_DAYS), so an address somebody typed and never opened is free again. One job per
 * sign-up that waits for its link, due when the link lapses (repositories/verification.ts writes it
 * with the account); opening the link removes it. A server that sends no mail keeps such accounts:
 * there nothing waits for a link, and the fan may be using the account.
 */
import { removeUnverified, type UnverifiedPayload } from '../repositories/verification';
import type { Job } from './job';

export const removeUnverifiedJob: Job<UnverifiedPayload> = {
  name: 'remove-unverified',
  key: ({ userId }) => `unverified:${userId}`,
  handler:
    ({ db, images, verifyingEmails }) =>
    async (job) => {
      if (!verifyingEmails) return { done: true };
      const photos = await removeUnverified(db, String(job.payload.userId ?? ''), removeUnverifiedJob);
      // After the commit, as a fan's own deletion removes them.
      await Promise.all(photos.map((url) => images.remove(url)));
      return { done: true };
    },
};
