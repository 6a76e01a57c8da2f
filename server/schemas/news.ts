import { Type, type Static } from 'typebox';
import { NEWS_TAGS } from '../../src/domain/enums';
import { NEWS_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { Nullable } from './refs';

export const News = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String({ description: 'Sanitized HTML' }),
  small_description: Type.String(),
  tags: Type.Array(Type.String()),
  category: Nullable(Type.String()),
  image: Nullable(Type.String({ description: '/uploads/… or an external https URL' })),
  createdAt: Type.String({ format: 'date-time' }),
});
export type News = Static<typeof News>;

export const NewsListQuery = ListQuery(['title', 'createdAt'], {
  tags: Type.Optional(Type.Enum(NEWS_TAGS, { description: 'Articles carrying this tag' })),
});

/**
 * Create and update take the same form; an absent image keeps the current one. Tags arrive as
 * repeated `tags[]` (or `tags`); one tag alone is read as a list of one.
 */
export const NewsBody = formBody(NEWS_RULES, {
  tags: Type.Optional(Type.Array(Type.Enum(NEWS_TAGS))),
  category: Type.Optional(Type.String({ description: 'Free text; absent keeps the current one' })),
});
