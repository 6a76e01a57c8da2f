import { Type, type Static } from 'typebox';
import { SLIDE_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';

export const Slide = Type.Object({
  _id: Type.String(),
  image: Type.String({ description: '/uploads/… URL' }),
  position: Type.Integer({ description: 'Place in the app carousel, lowest first' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Slide = Static<typeof Slide>;

/** Sorted by `position` (ascending) unless asked otherwise. */
export const SlideListQuery = ListQuery(['position', 'createdAt']);

export const SlideCreateBody = formBody(SLIDE_RULES);

export const SlideOrderBody = Type.Object(
  { ids: Type.Array(Type.String(), { description: 'Every current slide id, once each, first shown first', maxItems: 10_000 }) },
  { additionalProperties: false },
);
