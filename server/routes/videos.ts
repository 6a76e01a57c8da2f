import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GENERIC, NOT_FOUND, VIDEO_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { found } from '../errors';
import * as videos from '../repositories/videos';
import { versionOf } from '../repositories/writes';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { FlagBody, Video, VideoCreateBody, VideoListQuery, VideoUpdateBody } from '../schemas/videos';
import { withSavedImages } from '../storage/saved-images';

const tags = ['videos'];

const videoRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/videos',
    { schema: { tags, summary: 'List videos', querystring: VideoListQuery, response: responses(Page(Video)) } },
    async (request) => ok(await videos.listVideos(db, request.query), GENERIC.fetched),
  );

  app.get(
    '/videos/:id',
    { schema: { tags, summary: 'One video', params: IdParams, response: responses(Video) } },
    async (request) => ok(found(await videos.findVideo(db, request.params.id), NOT_FOUND.video), GENERIC.fetched),
  );

  app.post(
    '/videos',
    { schema: { tags, summary: 'Add a video', consumes: MULTIPART, body: VideoCreateBody, response: responses(Video) } },
    async (request) => {
      const { title, category, videoUrl, image } = request.body;
      const video = await withSavedImages(app.images, { image }, (stored) =>
        videos.createVideo(db, request.admin.id, { title, category, videoUrl, image: stored.image }),
      );
      return ok(video, VIDEO_TEXTS.createSuccess);
    },
  );

  app.put(
    '/videos/:id',
    {
      schema: {
        tags,
        summary: 'Edit a video (an absent image keeps the current one)',
        consumes: MULTIPART,
        params: IdParams,
        body: VideoUpdateBody,
        response: responses(Video),
      },
    },
    async (request) => {
      const { title, category, videoUrl, image } = request.body;
      const { record, replaced } = await withSavedImages(app.images, { image }, async (stored) =>
        found(await videos.updateVideo(db, request.admin.id, request.params.id, { title, category, videoUrl, image: stored.image }, { version: versionOf(request.body.updatedAt) }), NOT_FOUND.video),
      );
      await app.images.remove(replaced);
      return ok(record, VIDEO_TEXTS.editSuccess);
    },
  );

  app.delete(
    '/videos/:id',
    { schema: { tags, summary: 'Delete a video', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const { image } = found(await videos.deleteVideo(db, request.admin.id, request.params.id), NOT_FOUND.video);
      await app.images.remove(image);
      return ok(null, VIDEO_TEXTS.deleted);
    },
  );

  app.put(
    '/videos/:id/set-remove-featured',
    { schema: { tags, summary: 'Set the featured flag to `value`, or flip it when the body is empty', params: IdParams, body: FlagBody, response: responses(Video) } },
    async (request) => {
      const video = found(await videos.setVideoFlag(db, request.admin.id, request.params.id, 'is_featured', request.body?.value), NOT_FOUND.video);
      return ok(video, video.isFeatured ? VIDEO_TEXTS.featuredOn : VIDEO_TEXTS.featuredOff);
    },
  );

  app.put(
    '/videos/:id/set-remove-Magic-Moment',
    {
      schema: { tags, summary: 'Set the magic-moment flag to `value`, or flip it when the body is empty', params: IdParams, body: FlagBody, response: responses(Video) },
    },
    async (request) => {
      const video = found(await videos.setVideoFlag(db, request.admin.id, request.params.id, 'is_magic_moment', request.body?.value), NOT_FOUND.video);
      return ok(video, video.isMagicMoment ? VIDEO_TEXTS.magicOn : VIDEO_TEXTS.magicOff);
    },
  );
};

export default videoRoutes;
