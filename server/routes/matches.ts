import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC, MATCH_TEXTS, NOT_FOUND } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { badRequest, notFound } from '../errors';
import * as matches from '../repositories/matches';
import { imageUpdates, versionOf } from '../repositories/writes';
import { ok, responses } from '../schemas/envelope';
import { Page } from '../schemas/list';
import { Match, MatchBody, MatchListQuery, MatchStats, MatchStatsQuery, MatchUpdateBody } from '../schemas/matches';
import { IdParams } from '../schemas/params';
import { withSavedImages } from '../storage/saved-images';

const tags = ['matches'];
const multipart = ['multipart/form-data'];

const matchRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const found = <T>(match: T | undefined): T => {
    if (!match) throw notFound(NOT_FOUND.match);
    return match;
  };

  /** Splits the form into fields and files, and refuses ids that name no record (before any file is written). */
  const readForm = async (body: MatchBody) => {
    const { teamA_Flag, teamB_Flag, stadium_image, ...fields } = body;
    const errors = await matches.matchReferenceErrors(db, fields);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return { fields, files: { teamA_Flag, teamB_Flag, stadium_image } };
  };

  app.get(
    '/matches',
    {
      schema: {
        tags,
        summary: 'List matches (search by stadium name, filter by result, match-date range, upcoming or played)',
        querystring: MatchListQuery,
        response: responses(Page(Match)),
      },
    },
    async (request) => ok(await matches.listMatches(db, request.query, new Date()), GENERIC.fetched),
  );

  // A static path: Fastify's router prefers it to '/matches/:id' whatever the order of registration.
  app.get(
    '/matches/stats',
    {
      schema: {
        tags,
        summary: 'Counts for the list tabs: all, upcoming and played, over the matches the search and filters select',
        querystring: MatchStatsQuery,
        response: responses(MatchStats),
      },
    },
    async (request) => ok(await matches.matchStats(db, request.query, new Date()), GENERIC.fetched),
  );

  app.get(
    '/matches/:id',
    { schema: { tags, summary: 'One match', params: IdParams, response: responses(Match) } },
    async (request) => ok(found(await matches.findMatch(db, request.params.id)), GENERIC.fetched),
  );

  app.post(
    '/matches',
    { schema: { tags, summary: 'Add a match', consumes: multipart, body: MatchBody, response: responses(Match) } },
    async (request) => {
      const { fields, files } = await readForm(request.body);
      const match = await withSavedImages(app.images, files, (images) => matches.createMatch(db, request.admin.id, fields, images));
      return ok(match, MATCH_TEXTS.createSuccess);
    },
  );

  app.put(
    '/matches/:id',
    {
      schema: {
        tags,
        summary: 'Edit a match (an absent image keeps the current one; removeImages names those to remove)',
        consumes: multipart,
        params: IdParams,
        body: MatchUpdateBody,
        response: responses(Match),
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request.body);
      const { match, replacedImages } = await withSavedImages(app.images, files, async (urls) =>
        found(await matches.updateMatch(db, request.admin.id, request.params.id, fields, imageUpdates(urls, request.body.removeImages), { version: versionOf(request.body.updatedAt) })),
      );
      await Promise.all(replacedImages.map((url) => app.images.remove(url)));
      return ok(match, MATCH_TEXTS.editSuccess);
    },
  );
};

export default matchRoutes;
