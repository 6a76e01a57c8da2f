import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { GENERIC, NOT_FOUND, TEAM_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { found } from '../errors';
import * as teams from '../repositories/teams';
import { optionalText } from '../repositories/values';
import { imageUpdates, versionOf } from '../repositories/writes';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { Team, TeamCreateBody, TeamDetail, TeamListQuery, TeamStats, TeamUpdateBody } from '../schemas/teams';
import { withSavedImages } from '../storage/saved-images';

const tags = ['teams'];

const teamRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const fieldsOf = (body: Static<typeof TeamCreateBody>) => ({
    name: body.name.trim(),
    sportId: body.sport.trim(),
    coach: optionalText(body.coach),
    isActive: body.isActive,
  });

  app.get(
    '/teams',
    { schema: { tags, summary: 'List teams (search: name or coach; filters: isActive, sport)', querystring: TeamListQuery, response: responses(Page(Team)) } },
    async (request) => ok(await teams.listTeams(db, request.query), GENERIC.fetched),
  );

  // A static path: Fastify's router prefers it to '/teams/:id' whatever the order of registration.
  app.get(
    '/teams/stats',
    { schema: { tags, summary: 'Stat figures over all teams: total, active, with a coach', response: responses(TeamStats) } },
    async () => ok(await teams.teamStats(db), GENERIC.fetched),
  );

  // The spec's team detail screen spells the path with a capital S.
  for (const path of ['/teams/:id', '/Teams/:id']) {
    app.get(
      path,
      { schema: { tags, summary: 'One team with its players', params: IdParams, response: responses(TeamDetail) } },
      async (request) => ok(found(await teams.findTeam(db, request.params.id), NOT_FOUND.team), GENERIC.fetched),
    );
  }

  app.post(
    '/teams',
    { schema: { tags, summary: 'Add a team', consumes: MULTIPART, body: TeamCreateBody, response: responses(TeamDetail) } },
    async (request) => {
      const team = await withSavedImages(app.images, { logo: request.body.logo }, ({ logo }) =>
        teams.createTeam(db, request.admin.id, { ...fieldsOf(request.body), logo }),
      );
      return ok(team, TEAM_TEXTS.createSuccess);
    },
  );

  app.put(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Edit a team (an absent logo, coach or flag keeps the current one; removeImages ["logo"] removes the logo)',
        consumes: MULTIPART,
        params: IdParams,
        body: TeamUpdateBody,
        response: responses(TeamDetail),
      },
    },
    async (request) => {
      const { logo, removeImages } = request.body;
      const { record, replaced } = await withSavedImages(app.images, { logo }, async (urls) =>
        found(await teams.updateTeam(db, request.admin.id, request.params.id, { ...fieldsOf(request.body), ...imageUpdates(urls, removeImages) }, { version: versionOf(request.body.updatedAt) }), NOT_FOUND.team),
      );
      await app.images.remove(replaced);
      return ok(record, TEAM_TEXTS.editSuccess);
    },
  );

  app.delete(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team (its players stay, without a team)',
        params: IdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { image: logo } = found(await teams.deleteTeam(db, request.admin.id, request.params.id), NOT_FOUND.team);
      await app.images.remove(logo);
      return ok(null, TEAM_TEXTS.deleteSuccess);
    },
  );
};

export default teamRoutes;
