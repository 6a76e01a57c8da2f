import { Type, type Static } from 'typebox';
import { SLIDE_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';

export const Slide = Type.Object({
  _id: Type.String(),
  image: Type.String({ description: '/uploads/… URL' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Slide = Static<typeof Slide>;

export const SlideListQuery = ListQuery(['createdAt']);

export const SlideCreateBody = formBody(SLIDE_RULES);
