import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VIDEO_TEXTS, videos } from '../../../src/domain/entities/videos';
import type { Db } from '../../db/connection';
import { found } from '../../errors';
import { setVideoFlag } from '../../repositories/videos';
import { recordSchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { IdParams } from '../../schemas/params';
import { FlagBody } from '../../schemas/videos';
import { writes } from '../../auth/route-access';

const tags = ['videos'];

/** The videos' own routes: the featured and magic-moment flags (their list, detail and writes are declared, routes/admin/declared.ts). */
const videoRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const Video = recordSchema(videos);
  const flagRoute = (path: string, flag: 'is_featured' | 'is_magic_moment', summary: string, said: (video: Record<string, unknown>) => string) =>
    app.put(path, { config: writes(videos.name), schema: { tags, summary, params: IdParams, body: FlagBody, response: responses(Video) } }, async (request) => {
      const video = found(await setVideoFlag(db, request.admin.id, request.params.id, flag, request.body?.value), VIDEO_TEXTS.notFound);
      return ok(video, said(video));
    });

  flagRoute('/videos/:id/set-remove-featured', 'is_featured', 'Set the featured flag to `value`, or flip it when the body is empty', (video) =>
    video.isFeatured ? VIDEO_TEXTS.featuredOn : VIDEO_TEXTS.featuredOff,
  );
  flagRoute('/videos/:id/set-remove-Magic-Moment', 'is_magic_moment', 'Set the magic-moment flag to `value`, or flip it when the body is empty', (video) =>
    video.isMagicMoment ? VIDEO_TEXTS.magicOn : VIDEO_TEXTS.magicOff,
  );
};

export default videoRoutes;
