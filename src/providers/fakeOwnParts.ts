/**
 * What an entity's own code adds to each record the fake answers, by the name its declaration
 * gives (`ownParts`), as the server's repositories/own-parts.ts adds it; fakeDeclared.ts reads it.
 */
import { pendingOf, type Delivery, type OwnPartsName, type RegistrationNotice } from '../domain';
import type { Row, Tables } from './fakeTables';

/** A delivery as a row keeps it; `pending` is worked out from the counts when it is answered. */
export type StoredDelivery = Omit<Delivery, 'pending'>;

/** A registration's notice to its fan, as a row keeps it; answered with `pending` worked out. */
export type StoredNotice = Omit<RegistrationNotice, 'pending'>;

export const NOT_SENT: StoredDelivery = { state: 'not-configured', sendAt: null, targeted: 0, sent: 0, failed: 0, gone: 0, reasons: {}, message: null };

const deliveryOf = (row: Row): Delivery => {
  const stored = (row.delivery as StoredDelivery | undefined) ?? NOT_SENT;
  return { ...stored, reasons: { ...stored.reasons }, pending: pendingOf(stored) };
};

const noticeOf = (row: Row): RegistrationNotice | null => {
  const stored = row.notice as StoredNotice | undefined;
  return stored ? { ...stored, pending: pendingOf(stored) } : null;
};

export type FakeOwnParts = (row: Row, tables: Tables) => Record<string, unknown>;

export const FAKE_OWN_PARTS: Record<OwnPartsName, FakeOwnParts> = {
  // A registration's players, kept on its row, and the fan who sent it (`userId`, none for the demo's).
  registrationParts: (row, tables) => {
    const fan = row.userId ? (tables.users ?? []).find((user) => user._id === row.userId) : undefined;
    return { players: row.players ?? [], submittedBy: fan ? { _id: fan._id, name: fan.name } : null, notice: noticeOf(row) };
  },
  // A row without a delivery was stored before push existed: not sent, no message.
  notificationDelivery: (row) => ({ delivery: deliveryOf(row) }),
};
