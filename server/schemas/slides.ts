import { Type } from 'typebox';

/** `PUT /admin/slides/order`: the carousel's order, every current slide once. */
export const SlideOrderBody = Type.Object(
  { ids: Type.Array(Type.String(), { description: 'Every current slide id, once each, first shown first', maxItems: 10_000 }) },
  { additionalProperties: false },
);
