import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GENERIC, NOT_FOUND, REGISTRATION_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { badRequest, notFound } from '../errors';
import { locationErrors } from '../repositories/locations';
import * as registrations from '../repositories/registrations';
import { ok, responses } from '../schemas/envelope';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import { Registration, RegistrationListQuery, RegistrationUpdateBody } from '../schemas/registrations';

const tags = ['registrations'];

/** Registrations come from the mobile app: here they are listed, read, edited and deleted (no create). */
const registrationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const found = <T>(registration: T | undefined): T => {
    if (!registration) throw notFound(NOT_FOUND.registration);
    return registration;
  };

  app.get(
    '/registrations',
    {
      schema: {
        tags,
        summary: 'List registrations (search by first name, filter by status)',
        querystring: RegistrationListQuery,
        response: responses(Page(Registration)),
      },
    },
    async (request) => ok(await registrations.listRegistrations(db, request.query), GENERIC.fetched),
  );

  app.get(
    '/registrations/:id',
    { schema: { tags, summary: 'One registration with its players', params: IdParams, response: responses(Registration) } },
    async (request) => ok(found(await registrations.findRegistration(db, request.params.id)), GENERIC.fetched),
  );

  app.put(
    '/registrations/:id',
    {
      schema: {
        tags,
        summary: 'Edit a registration (district must lie in the state, city in the district)',
        params: IdParams,
        body: RegistrationUpdateBody,
        response: responses(Registration),
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = found(await registrations.findLocation(db, id));
      const changes = registrations.changesFrom(request.body);
      // Fields not sent keep their value, so the check runs on the location as it will be stored.
      const errors = await locationErrors(db, {
        state: changes.state === undefined ? current.state : changes.state,
        district: changes.district === undefined ? current.district : changes.district,
        city: changes.city === undefined ? current.city : changes.city,
      });
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      return ok(found(await registrations.updateRegistration(db, id, changes)), GENERIC.updated);
    },
  );

  app.delete(
    '/registrations/:id',
    { schema: { tags, summary: 'Delete a registration and its players', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const { photos } = found(await registrations.deleteRegistration(db, request.params.id));
      await Promise.all(photos.map((photo) => app.images.remove(photo)));
      return ok(null, REGISTRATION_TEXTS.deleteSuccess);
    },
  );
};

export default registrationRoutes;
