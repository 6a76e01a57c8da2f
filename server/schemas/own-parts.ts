/**
 * What an entity's own code adds to each of its records' shape, by the name its declaration gives
 * (`ownParts`); schemas/declared.ts adds it to the record, and repositories/own-parts.ts reads it.
 */
import { Type, type TProperties } from 'typebox';
import type { OwnPartsName } from '../../src/domain/entity';
import { DELIVERY_STATES, NOTICE_STATES, NOTICE_STATUSES } from '../../src/domain/push';
import { Nullable } from './refs';

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

/** A registration's player as the admin API answers it (the app's read answers its photo with its sizes). */
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

const Delivery = Type.Object(
  {
    state: Type.Union(DELIVERY_STATES.map((state) => Type.Literal(state))),
    sendAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When a scheduled send starts (UTC, to the minute)' }),
    targeted: Type.Integer({ description: 'Devices it was sent to' }),
    sent: Type.Integer(),
    failed: Type.Integer(),
    gone: Type.Integer({ description: 'Devices FCM says no longer exist (removed)' }),
    pending: Type.Integer(),
    reasons: Type.Record(Type.String(), Type.Integer(), { description: "Failures by FCM's error code" }),
    message: Type.Union([Type.String(), Type.Null()], { description: 'Why it was not sent or stopped, for the admin' }),
  },
  { description: 'Push delivery through FCM' },
);

export const OWN_PROPERTIES: Record<OwnPartsName, TProperties> = {
  registrationParts: {
    players: Type.Array(RegistrationPlayer, { description: 'The players it registers, in order' }),
    submittedBy: Nullable(
      Type.Object({ _id: Type.String(), name: Type.String() }, { description: "The fan who sent it from the app; null for the demo's, an admin's, and a deleted fan's (anonymised)" }),
    ),
    notice: Nullable(RegistrationNotice),
  },
  notificationDelivery: { delivery: Delivery },
};
