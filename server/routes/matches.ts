import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC, MATCH_TEXTS, NOT_FOUND } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { found } from '../errors';
import * as matches from '../repositories/matches';
import { imageUpdates, versionOf } from '../repositories/writes';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { Match, MatchBody, MatchListQuery, MatchStats, MatchStatsQuery, MatchUpdateBody } from '../schemas/matches';
import { IdParams } from '../schemas/params';
import { withSavedImages } from '../storage/saved-images';

const tags = ['matches'];

const matchRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  /** Splits the form into fields and files (the repository checks the ids inside its write). */
  const readForm = (body: MatchBody) => {
    const { teamA_Flag, teamB_Flag, stadium_image, ...fields } = body;
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
    async (request) => ok(found(await matches.findMatch(db, request.params.id), NOT_FOUND.match), GENERIC.fetched),
  );

  app.post(
    '/matches',
    { schema: { tags, summary: 'Add a match', consumes: MULTIPART, body: MatchBody, response: responses(Match) } },
    async (request) => {
      const { fields, files } = readForm(request.body);
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
        consumes: MULTIPART,
        params: IdParams,
        body: MatchUpdateBody,
        response: responses(Match),
      },
    },
    async (request) => {
      const { fields, files } = readForm(request.body);
      const { match, replacedImages } = await withSavedImages(app.images, files, async (urls) =>
        found(await matches.updateMatch(db, request.admin.id, request.params.id, fields, imageUpdates(urls, request.body.removeImages), { version: versionOf(request.body.updatedAt) }), NOT_FOUND.match),
      );
      await Promise.all(replacedImages.map((url) => app.images.remove(url)));
      return ok(match, MATCH_TEXTS.editSuccess);
    },
  );
};

export default matchRoutes;
