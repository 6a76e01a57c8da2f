import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { GENERIC, NOT_FOUND, PLAYER_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { found } from '../errors';
import * as players from '../repositories/players';
import { optionalText } from '../repositories/values';
import { versionOf } from '../repositories/writes';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { Player, PlayerBody, PlayerListQuery, PlayerStats, PlayerUpdateBody } from '../schemas/players';
import { withSavedImages } from '../storage/saved-images';

const tags = ['players'];

/** The spec has no player delete: players are listed, shown, added and edited. */
const playerRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const fieldsOf = (body: Static<typeof PlayerBody>) => ({
    name: body.name.trim(),
    age: body.age === '' ? null : body.age,
    playingRole: optionalText(body.playingRole),
    videoUrl: optionalText(body.videoUrl),
    teamId: optionalText(body.team_id),
    bowlingId: optionalText(body.bowling),
    battingId: optionalText(body.batting),
    battingOrderId: optionalText(body.battingOrder),
  });

  app.get(
    '/player',
    { schema: { tags, summary: 'List players (search: name; filters: team_id, playingRole)', querystring: PlayerListQuery, response: responses(Page(Player)) } },
    async (request) => ok(await players.listPlayers(db, request.query), GENERIC.fetched),
  );

  // A static path: Fastify's router prefers it to '/player/:id' whatever the order of registration.
  app.get(
    '/player/stats',
    { schema: { tags, summary: 'Stat figures over all players: total', response: responses(PlayerStats) } },
    async () => ok(await players.playerStats(db), GENERIC.fetched),
  );

  app.get(
    '/player/:id',
    { schema: { tags, summary: 'One player', params: IdParams, response: responses(Player) } },
    async (request) => ok(found(await players.findPlayer(db, request.params.id), NOT_FOUND.player), GENERIC.fetched),
  );

  app.post(
    '/player',
    { schema: { tags, summary: 'Add a player', consumes: MULTIPART, body: PlayerBody, response: responses(Player) } },
    async (request) => {
      const player = await withSavedImages(app.images, { image: request.body.image }, ({ image }) =>
        players.createPlayer(db, request.admin.id, { ...fieldsOf(request.body), image }),
      );
      return ok(player, PLAYER_TEXTS.createSuccess);
    },
  );

  app.put(
    '/player/:id',
    {
      schema: {
        tags,
        summary: 'Edit a player (an absent field keeps its value, an empty one clears it)',
        consumes: MULTIPART,
        params: IdParams,
        body: PlayerUpdateBody,
        response: responses(Player),
      },
    },
    async (request) => {
      const { record, replaced } = await withSavedImages(app.images, { image: request.body.image }, async ({ image }) =>
        found(await players.updatePlayer(db, request.admin.id, request.params.id, { ...fieldsOf(request.body), image }, { version: versionOf(request.body.updatedAt) }), NOT_FOUND.player),
      );
      await app.images.remove(replaced);
      return ok(record, PLAYER_TEXTS.editSuccess);
    },
  );
};

export default playerRoutes;
