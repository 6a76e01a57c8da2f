import { Type, type Static } from 'typebox';
import { NEWS_TAGS } from '../../src/domain/enums';
import { NEWS_THIS_WEEK_DAYS } from '../../src/domain/limits';
import { NEWS_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { Nullable } from './refs';
import { RemoveImages } from './remove-images';
import { Stats } from './stats';
import { UpdatedAt, VersionField } from './version';

export const News = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String({ description: 'Sanitized HTML' }),
  small_description: Type.String(),
  tags: Type.Array(Type.String()),
  category: Nullable(Type.String()),
  image: Nullable(Type.String({ description: '/uploads/… or an external https URL' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: UpdatedAt,
});
export type News = Static<typeof News>;

/** `GET /admin/news/stats`: the News Management stat cards, over every article. */
export const NewsStats = Stats({
  total: 'All articles',
  thisWeek: `Articles created in the last ${NEWS_THIS_WEEK_DAYS} days`,
  categories: 'Distinct categories (articles without one are not a category)',
});
export type NewsStats = Static<typeof NewsStats>;

export const NewsListQuery = ListQuery(['title', 'createdAt'], {
  tags: Type.Optional(Type.Enum(NEWS_TAGS, { description: 'Articles carrying this tag' })),
});

/**
 * Create and update take the same form; an absent image keeps the current one. Tags arrive as
 * repeated `tags[]` (or `tags`); one tag alone is read as a list of one. Update also takes
 * `removeImages` (see schemas/remove-images.ts).
 */
const newsExtra = {
  tags: Type.Optional(Type.Array(Type.Enum(NEWS_TAGS))),
  category: Type.Optional(Type.String({ description: 'Free text; absent keeps the current one' })),
};
export const NewsBody = formBody(NEWS_RULES, newsExtra);
export const NewsUpdateBody = formBody(NEWS_RULES, { ...newsExtra, ...VersionField, removeImages: RemoveImages(['image']) });
