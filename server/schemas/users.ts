import { Type, type Static } from 'typebox';
import { ListQuery } from './list';
import { Nullable } from './refs';
import { Stats } from './stats';

/** An app user (the mobile app's accounts; admins are separate). */
export const AppUser = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  age: Nullable(Type.Integer()),
  isActive: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AppUser = Static<typeof AppUser>;

export const UserListQuery = ListQuery(['name', 'createdAt'], {
  isActive: Type.Optional(Type.Boolean({ description: 'true: active users only; false: inactive ones' })),
});

export const UserStats = Stats({ total: 'All app users' });
export type UserStats = Static<typeof UserStats>;
