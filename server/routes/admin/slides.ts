import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SLIDE_TEXTS, slides } from '../../../src/domain/entities/slides';
import type { Db } from '../../db/connection';
import { badRequest } from '../../errors';
import { reorderSlides } from '../../repositories/slides';
import { ok, responses } from '../../schemas/envelope';
import { SlideOrderBody } from '../../schemas/slides';
import { writes } from '../../auth/route-access';

/** The slides' own route: the carousel's order (their list, create and delete are declared, routes/admin/declared.ts). */
const slideRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.put(
    '/slides/order',
    {
      config: writes(slides.name),
      schema: {
        tags: ['slides'],
        summary: 'Save the carousel order: every current slide id once, first shown first (one transaction)',
        body: SlideOrderBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      if (!(await reorderSlides(db, request.admin.id, request.body.ids))) throw badRequest({ ids: SLIDE_TEXTS.orderMismatch });
      return ok(null, SLIDE_TEXTS.orderSaved);
    },
  );
};

export default slideRoutes;
