/**
 * A push job: one message to a set of devices through FCM, in two rounds:
 * - every device once, in id order, behind a cursor: the answers are recorded a few hundred at a
 *   time, and the cursor moves past each device only with its answer. A server killed mid-send
 *   resumes after the cursor, and re-sends only what FCM took and the record had not yet caught;
 * - then the deliveries that failed for a passing reason, each when its backoff (or FCM's
 *   Retry-After) is over, until an hour after the send started; past that they count as failed.
 * A refused credential stops the send. The job's lease keeps every other server off it.
 * What is sent, to whom, and where the answers go is the store's: a notification's send to every
 * device (send-notification.ts), or a registration's notice to its fan's phones (notify-registration.ts).
 */
import { PUSH_TEXTS } from '../../src/domain/push';
import type { PushMessage, SendOutcome } from '../push/fcm';
import type { DeliveryResult, Recipient } from '../repositories/push-rounds';
import type { ClaimedJob, JobHandler, JobServices } from './job';

/** One send's state, recipients and answers, as its own tables keep them; each step is its own transaction. */
export interface PushStore {
  /** Starts a due send (counts its devices); false when it is no longer to be sent. */
  begin(now: Date): Promise<boolean>;
  /** The message, and when the send started (its retries end an hour after). */
  toRun(): Promise<{ message: PushMessage; startedAt: Date | null }>;
  /** Where the first round stands: every device up to it has its answer recorded. */
  cursor(): Promise<string | null>;
  /** The first round: the next devices after `after`, in id order. */
  devicesAfter(after: string | null, limit: number): Promise<Recipient[]>;
  /** Retries: the next pending deliveries after `after` that are due, in device order. */
  dueRetriesAfter(after: string | null, now: Date, limit: number): Promise<Recipient[]>;
  /** Records answers (with the first round's new cursor). */
  record(results: readonly DeliveryResult[], cursor?: string): Promise<void>;
  /** When the next pending delivery may be tried; undefined when none is pending. */
  nextPending(): Promise<Date | undefined>;
  /** Credentials refused: everything not yet answered fails with `reason`. */
  stop(reason: string, message: string, now: Date): Promise<void>;
  /** Nothing left pending (or `stopped`): the final state. */
  end(now: Date, stopped?: 'failed'): Promise<void>;
}

const RETRY_WINDOW_MS = 60 * 60_000;
/** Answers recorded together: with two such writes at most unfinished, what a kill can leave sent but unrecorded. */
export const RECORD_EVERY = 250;
/** Recipients read at a time. */
const BATCH_SIZE = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/** A delivery's record after FCM's answer: a transient failure waits its turn, or fails once the hour is up. */
function resultOf(recipient: Recipient, outcome: Exclude<SendOutcome, { kind: 'refused' }>, now: Date, deadline: number): DeliveryResult {
  const base = { recipient, nextAt: now };
  switch (outcome.kind) {
    case 'sent':
      return { ...base, state: 'sent', reason: null };
    case 'gone':
      return { ...base, state: 'gone', reason: outcome.reason };
    case 'retry': {
      const backoff = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** recipient.attempts);
      const at = now.getTime() + Math.max(backoff, outcome.retryAfterMs ?? 0);
      return at > deadline ? { ...base, state: 'failed', reason: outcome.reason } : { ...base, state: 'pending', reason: outcome.reason, nextAt: new Date(at) };
    }
    default:
      return { ...base, state: 'failed', reason: outcome.reason };
  }
}

interface Round {
  /** The next recipients after the one given (null: from the start), in device order. */
  next(after: string | null): Promise<Recipient[]>;
  /** Records answers for a prefix of the round, up to and including `last`. */
  record(results: DeliveryResult[], last: string): Promise<void>;
}

/** `concurrency`: messages in flight at once. */
export function pushJob({ sender, concurrency }: NonNullable<JobServices['fcm']>, storeOf: (job: ClaimedJob) => PushStore): JobHandler {

  return async (job, context) => {
    const { clock } = context;
    const store = storeOf(job);
    if (!(await store.begin(clock.now()))) return { done: true };
    const { message, startedAt } = await store.toRun();
    const deadline = (startedAt ?? clock.now()).getTime() + RETRY_WINDOW_MS;

    let refused: string | undefined;
    let lost = false;

    /**
     * Streams one round's recipients through `concurrency` messages in flight. Answers arrive out
     * of order; they are recorded in device order, once every device before them has answered.
     */
    const run = async (round: Round, from: string | null) => {
      const queue: Recipient[] = [];
      const answers: (DeliveryResult | undefined)[] = [];
      let taken = 0;
      let answered = 0;
      let recorded = 0;
      let exhausted = false;
      let reading: Promise<void> | undefined;
      let recording = Promise.resolve();
      let writes = 0;
      let after = from;

      const read = () =>
        (reading ??= (async () => {
          if (!(await context.renew())) lost = true;
          const more = lost ? [] : await round.next(after);
          if (more.length < BATCH_SIZE) exhausted = true;
          if (more.length > 0) after = more[more.length - 1].deviceId;
          queue.push(...more);
        })().finally(() => (reading = undefined)));

      const record = (force = false) => {
        if (answered - recorded < (force ? 1 : RECORD_EVERY)) return;
        const results = answers.slice(recorded, answered) as DeliveryResult[];
        const last = queue[answered - 1].deviceId;
        recorded = answered;
        writes++;
        recording = recording.then(() => round.record(results, last)).finally(() => writes--);
      };

      const worker = async () => {
        for (;;) {
          if (refused || lost || context.stopping()) return;
          // The database behind FCM: wait rather than pile up answers a kill would lose (and send again).
          if (writes > 1) {
            await recording;
            continue;
          }
          if (taken >= queue.length) {
            if (exhausted) return;
            await read();
            continue;
          }
          // Keep the next page on its way before this one runs out.
          if (!exhausted && queue.length - taken < BATCH_SIZE / 2) void read();
          const index = taken++;
          const recipient = queue[index];
          const outcome = await sender.send(recipient.token, recipient.platform, message);
          if (outcome.kind === 'refused') {
            refused = outcome.reason;
            return;
          }
          answers[index] = resultOf(recipient, outcome, clock.now(), deadline);
          while (answers[answered]) answered++;
          record();
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await reading;
      record(true);
      await recording;
      // Stopped by refused credentials: answers past a gap (FCM took them) are recorded too, so no retry sends them again.
      const stranded = answers.slice(answered).filter((answer): answer is DeliveryResult => answer !== undefined);
      if (refused && stranded.length > 0) await store.record(stranded);
    };

    await run({ next: (after) => store.devicesAfter(after, BATCH_SIZE), record: (results, last) => store.record(results, last) }, await store.cursor());
    if (!refused && !lost) {
      const now = clock.now();
      await run({ next: (after) => store.dueRetriesAfter(after, now, BATCH_SIZE), record: (results) => store.record(results) }, null);
    }
    if (lost) return { runAt: clock.now() };
    if (refused) {
      await store.stop(refused, PUSH_TEXTS.credentialsRefused, clock.now());
      await store.end(clock.now(), 'failed');
      return { done: true };
    }
    const pendingAt = await store.nextPending();
    if (context.stopping() || pendingAt) return { runAt: pendingAt ?? clock.now() };
    await store.end(clock.now());
    return { done: true };
  };
}
