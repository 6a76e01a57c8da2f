import { Type, type Static } from 'typebox';
import { VIDEO_CATEGORIES } from '../../src/domain/enums';
import { VIDEO_EDIT_RULES, VIDEO_RULES } from '../../src/domain/rules';
import { formBody } from './form';
import { ListQuery } from './list';
import { UpdatedAt, VersionField } from './version';

export const Uploader = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  role: Type.String(),
});

export const Video = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  category: Type.String(),
  videoUrl: Type.String(),
  image: Type.Union([Type.String({ description: '/uploads/… or an external https URL' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: UpdatedAt,
  user_id: Type.Union([Uploader, Type.Null()]),
  isFeatured: Type.Boolean(),
  isMagicMoment: Type.Boolean(),
});
export type Video = Static<typeof Video>;

export const VideoListQuery = ListQuery(['title', 'createdAt'], {
  category: Type.Optional(Type.Enum(VIDEO_CATEGORIES)),
});

/** `user_id` may arrive in the form (the spec's client sends it) and is ignored: the uploader comes from the token. */
export const VideoCreateBody = formBody(VIDEO_RULES);
export const VideoUpdateBody = formBody(VIDEO_EDIT_RULES, VersionField);

/**
 * The featured and magic-moment calls: `{ value: true }` or `{ value: false }` sets the flag, so two
 * quick clicks cannot cancel each other out; an empty body flips it, as the spec's client expects.
 */
// Fastify validates an absent body as null.
export const FlagBody = Type.Union([Type.Object({ value: Type.Optional(Type.Boolean({ description: 'The flag as it should be' })) }), Type.Null()]);
