import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GENERIC, NOT_FOUND, SLIDE_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { badRequest, notFound } from '../errors';
import * as slides from '../repositories/slides';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { Slide, SlideCreateBody, SlideListQuery, SlideOrderBody } from '../schemas/slides';
import { withSavedImages } from '../storage/saved-images';

const tags = ['slides'];

/** Home-screen slides: images only, created, deleted and put in the carousel's order (no edit). */
const slideRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/slides',
    {
      schema: {
        tags,
        summary: 'List slides in carousel order (search by a piece of the id or the image address)',
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
        consumes: MULTIPART,
        body: SlideCreateBody,
        response: responses(Slide),
      },
    },
    async (request) => {
      const slide = await withSavedImages(app.images, { image: request.body.image }, (stored) =>
        slides.createSlide(db, request.admin.id, stored.image!),
      );
      return ok(slide, GENERIC.created);
    },
  );

  app.put(
    '/slides/order',
    {
      schema: {
        tags,
        summary: 'Save the carousel order: every current slide id once, first shown first (one transaction)',
        body: SlideOrderBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      if (!(await slides.reorderSlides(db, request.admin.id, request.body.ids))) throw badRequest({ ids: SLIDE_TEXTS.orderMismatch });
      return ok(null, SLIDE_TEXTS.orderSaved);
    },
  );

  app.delete(
    '/slides/:id',
    { schema: { tags, summary: 'Delete a slide and its image', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const slide = await slides.deleteSlide(db, request.admin.id, request.params.id);
      if (!slide) throw notFound(NOT_FOUND.slide);
      await app.images.remove(slide.image);
      return ok(null, GENERIC.deleted);
    },
  );
};

export default slideRoutes;
