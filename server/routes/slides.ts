import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GENERIC, NOT_FOUND } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { notFound } from '../errors';
import * as slides from '../repositories/slides';
import { ok, responses } from '../schemas/envelope';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { Slide, SlideCreateBody, SlideListQuery } from '../schemas/slides';
import { withSavedImages } from '../storage/saved-images';

const tags = ['slides'];

/** Home-screen slides: images only, created and deleted (no edit). */
const slideRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/slides',
    {
      schema: {
        tags,
        summary: 'List slides (search by a piece of the id or the image address)',
        querystring: SlideListQuery,
        response: responses(Page(Slide)),
      },
    },
    async (request) => ok(await slides.listSlides(db, request.query), GENERIC.fetched),
  );

  app.post(
    '/slides',
    {
      schema: {
        tags,
        summary: 'Add a slide',
        consumes: ['multipart/form-data'],
        body: SlideCreateBody,
        response: responses(Slide),
      },
    },
    async (request) => {
      const slide = await withSavedImages(app.images, { image: request.body.image }, (stored) =>
        slides.createSlide(db, stored.image!),
      );
      return ok(slide, GENERIC.created);
    },
  );

  app.delete(
    '/slides/:id',
    { schema: { tags, summary: 'Delete a slide and its image', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const slide = await slides.deleteSlide(db, request.params.id);
      if (!slide) throw notFound(NOT_FOUND.slide);
      await app.images.remove(slide.image);
      return ok(null, GENERIC.deleted);
    },
  );
};

export default slideRoutes;
