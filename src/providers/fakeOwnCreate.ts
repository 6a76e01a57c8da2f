/**
 * The entities' own steps in their creation in the fake, by the name their declaration gives
 * (`ownCreate`), as the server's OWN_CREATE (routes/admin/declared.ts) runs them; fakeDeclared.ts reads it.
 */
import { PUSH_TEXTS, toMinute, type OwnCreateName } from '../domain';
import type { FakeEntry } from './fakeActivity';
import type { Row } from './fakeTables';
import { NOT_SENT, type StoredDelivery } from './fakeOwnParts';
import { instantOf } from './fakePush';
import { refuse } from './fakeRefusals';

/**
 * An entity's own step in its creation, as the server's OWN_CREATE runs it: given the row about to
 * be stored and the form as sent, it may refuse (nothing is stored) or change the row, and answers
 * how the log records the creation (a notification is logged as sent or scheduled).
 */
export type FakeOwnCreate = (row: Row, sent: Record<string, unknown>) => (Pick<FakeEntry, 'action'> & Partial<Pick<FakeEntry, 'changes'>>) | undefined;

/** A notification's send, as a server without FCM answers it. */
const notificationSend: FakeOwnCreate = (row, sent) => {
  const now = new Date();
  const at = sent.sendAt === undefined ? undefined : instantOf(sent.sendAt);
  if (at && at.getTime() < toMinute(now).getTime()) refuse({ sendAt: PUSH_TEXTS.sendAtPast });
  // As a server without FCM: nothing is sent or scheduled, and the log records a plain creation.
  row.delivery = { ...NOT_SENT, message: PUSH_TEXTS.notConfigured } satisfies StoredDelivery;
  return undefined;
};

export const FAKE_OWN_CREATE: Record<OwnCreateName, FakeOwnCreate> = { notificationSend };
