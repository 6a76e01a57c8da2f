import { Type, type Static } from 'typebox';
import { NOTIFICATION_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { Nullable } from './refs';

export const Notification = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  body: Type.String(),
  image: Nullable(Type.String({ description: '/uploads/… URL' })),
  logo: Nullable(Type.String({ description: 'The same URL as image (the spec reads both)' })),
  isActive: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = ListQuery(['title', 'createdAt']);

/** The spec's form sends the picture as `logo`; `image` is accepted too, under the same rule. */
export const NotificationCreateBody = formBody({ ...NOTIFICATION_RULES, image: NOTIFICATION_RULES.logo });
