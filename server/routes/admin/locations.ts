import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { listLocations } from '../../repositories/locations';
import { ok, responses } from '../../schemas/envelope';
import { NamedList } from '../../schemas/refs';
import { CityQuery, DistrictQuery } from '../../schemas/registrations';
import { reads } from '../../auth/route-access';

const tags = ['lookups'];

/** The registration form's cascading dropdowns: plain lists sorted by name, optionally under a parent. */
const locationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/state',
    { config: reads('lookups'), schema: { tags, summary: 'States', response: responses(NamedList) } },
    async () => ok(await listLocations(db, 'states'), GENERIC.fetched),
  );

  app.get(
    '/district',
    { config: reads('lookups'), schema: { tags, summary: 'Districts, all or of one state', querystring: DistrictQuery, response: responses(NamedList) } },
    async (request) => ok(await listLocations(db, 'districts', request.query.state), GENERIC.fetched),
  );

  app.get(
    '/city',
    { config: reads('lookups'), schema: { tags, summary: 'Cities, all or of one district', querystring: CityQuery, response: responses(NamedList) } },
    async (request) => ok(await listLocations(db, 'cities', request.query.district), GENERIC.fetched),
  );
};

export default locationRoutes;
