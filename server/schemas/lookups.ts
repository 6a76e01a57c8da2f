/** The reference lists behind the forms' dropdowns, also used as populated references on players and teams. */
import { Type, type Static, type TSchema } from 'typebox';
import type { LookupName } from '../../src/domain/lookups';
import { NamedRef } from './refs';

export const Sport = NamedRef;
export type Sport = Static<typeof Sport>;

export const Stadium = NamedRef;
export type Stadium = Static<typeof Stadium>;

export const BowlingStyle = Type.Object({ _id: Type.String(), style: Type.String() });
export type BowlingStyle = Static<typeof BowlingStyle>;

export const BattingHeadedness = Type.Object({
  _id: Type.String(),
  battingsType: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
});
export type BattingHeadedness = Static<typeof BattingHeadedness>;

export const BattingOrder = Type.Object({ _id: Type.String(), order: Type.Integer(), position: Type.String() });
export type BattingOrder = Static<typeof BattingOrder>;

/** Each lookup's record, by its resource name (src/domain/lookups.ts): its route's items and a populated reference to it. */
export const LOOKUP_RECORDS = {
  sport: Sport,
  stadium: Stadium,
  'bowling-style': BowlingStyle,
  'batting-headedness': BattingHeadedness,
  'batting-order': BattingOrder,
  state: NamedRef,
  district: NamedRef,
  city: NamedRef,
} satisfies Record<LookupName, TSchema>;
