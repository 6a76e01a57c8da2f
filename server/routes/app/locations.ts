/**
 * The places a registration's form chooses from, public: `GET /app/v1/states`, then
 * `GET /app/v1/districts?state=<id>` and `GET /app/v1/cities?district=<id>`, each sorted by name
 * (the admins' lists' repository). Limited per address as the app's other reads are, with an ETag
 * (a 304 for the list the phone holds) and the reads' Cache-Control.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { APP_TEXTS } from '../../../src/domain/app';
import { APP_REGISTRATION_TEXTS } from '../../../src/domain/app-registrations';
import type { Db } from '../../db/connection';
import { listLocations } from '../../repositories/locations';
import { ErrorEnvelope } from '../../schemas/envelope';
import { withInvalidMessage } from '../../schemas/invalid-message';
import { NamedList } from '../../schemas/refs';
import { etagOf, sendAnswer } from '../../http/answers';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const Parent = (description: string, message: string) => withInvalidMessage(Type.String({ pattern: UUID, description }), message);
const DistrictQuery = Type.Object({ state: Parent('The _id of a state from /app/v1/states', APP_REGISTRATION_TEXTS.stateQueryInvalid) });
const CityQuery = Type.Object({ district: Parent('The _id of a district from /app/v1/districts', APP_REGISTRATION_TEXTS.districtQueryInvalid) });
const listResponses = {
  200: Type.Object({ success: Type.Boolean(), data: NamedList, message: Type.String() }),
  304: Type.Null(),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
};

/** A list with its ETag: a phone asking with the one it holds gets a 304. */
function sendList(request: FastifyRequest, reply: FastifyReply, list: { _id: string; name: string }[]) {
  const body = JSON.stringify({ success: true, data: list, message: APP_TEXTS.fetched });
  return sendAnswer(request, reply, { body, etag: etagOf(body) });
}

const locationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['app'];
  const { limit } = app.appReads;

  app.get('/states', { onRequest: limit, helmet: false, schema: { tags, summary: 'States, by name', security: [], response: listResponses } }, async (request, reply) =>
    sendList(request, reply, await listLocations(db, 'states')),
  );

  app.get(
    '/districts',
    { onRequest: limit, helmet: false, schema: { tags, summary: "A state's districts, by name", security: [], querystring: DistrictQuery, response: listResponses } },
    async (request, reply) => sendList(request, reply, await listLocations(db, 'districts', request.query.state)),
  );

  app.get(
    '/cities',
    { onRequest: limit, helmet: false, schema: { tags, summary: "A district's cities, by name", security: [], querystring: CityQuery, response: listResponses } },
    async (request, reply) => sendList(request, reply, await listLocations(db, 'cities', request.query.district)),
  );
};

export default locationRoutes;
