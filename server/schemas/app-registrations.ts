/** A registration as the fan who sent it reads it (`/app/v1/registrations`). */
import { Type, type Static } from 'typebox';
import { RegistrationPlayer } from './own-parts';
import { appRef, documentAs, Image as AppImage } from './app';
import { NamedRef, Nullable } from './refs';

const text = Nullable(Type.String());
const day = Nullable(Type.String({ description: 'YYYY-MM-DD' }));
const Image = Nullable(appRef(AppImage));

export const FanRegistration = documentAs(
  'Registration',
  Type.Object({
  _id: Type.String(),
  status: Type.String({ description: 'pending until the league decides: approved or rejected' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  firstName: Type.String(),
  lastName: text,
  email: text,
  phone: text,
  DOB: day,
  GovernmentIdType: text,
  GovernmentIdNumber: text,
  state: Nullable(NamedRef),
  district: Nullable(NamedRef),
  city: Nullable(NamedRef),
  area: text,
  pinCode: text,
  address: text,
  playingRole: text,
  battingStyle: text,
  players: Type.Array(Type.Object({ ...RegistrationPlayer.properties, photo: Image })),
  }),
);
export type FanRegistration = Static<typeof FanRegistration>;
