import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { csvLine, registrationCsvCells } from '../../src/domain/csv';
import { GENERIC, NOT_FOUND, REGISTRATION_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { badRequest, HttpError, found } from '../errors';
import { locationErrors } from '../repositories/locations';
import * as registrations from '../repositories/registrations';
import { versionOf } from '../repositories/writes';
import { ok, responses } from '../schemas/envelope';
import { Page } from '../schemas/list';
import { IdParams } from '../schemas/params';
import {
  BulkStatusResult,
  Registration,
  RegistrationBulkStatusBody,
  RegistrationExportQuery,
  RegistrationListQuery,
  RegistrationStats,
  RegistrationStatsQuery,
  RegistrationStatusBody,
  RegistrationUpdateBody,
} from '../schemas/registrations';

const tags = ['registrations'];

/** Registrations come from the mobile app: here they are listed, read, edited and deleted (no create). */
const registrationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/registrations',
    {
      schema: {
        tags,
        summary: 'List registrations (search: first name, last name, e-mail, phone; filters: status, state, district, city, playing role)',
        querystring: RegistrationListQuery,
        response: responses(Page(Registration)),
      },
    },
    async (request) => ok(await registrations.listRegistrations(db, request.query), GENERIC.fetched),
  );

  // Static paths: Fastify's router prefers them to '/registrations/:id' whatever the order of registration.
  app.get(
    '/registrations/stats',
    {
      schema: {
        tags,
        summary: 'Counts for the status tabs: all, pending, approved and rejected, over the registrations the search and filters select',
        querystring: RegistrationStatsQuery,
        response: responses(RegistrationStats),
      },
    },
    async (request) => ok(await registrations.registrationStats(db, request.query), GENERIC.fetched),
  );

  app.get(
    '/registrations/export.csv',
    {
      schema: {
        tags,
        summary: 'Every registration the search, status and filters select, newest first, as CSV (RFC 4180, formulas neutralised), streamed',
        querystring: RegistrationExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const batches = registrations.exportRegistrations(db, request.query);
      async function* lines() {
        yield `\uFEFF${csvLine(REGISTRATION_TEXTS.csvColumns)}`;
        for await (const rows of batches) {
          yield rows
            .map((row) =>
              csvLine(
                registrationCsvCells({
                  firstName: row.first_name,
                  lastName: row.last_name,
                  email: row.email,
                  DOB: row.dob,
                  phone: row.phone,
                  city: row.city,
                  playingRole: row.playing_role,
                  status: row.status,
                  createdAt: row.created_at,
                  state: row.state,
                  district: row.district,
                  area: row.area,
                  pinCode: row.pin_code,
                  address: row.address,
                }),
              ),
            )
            .join('');
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${REGISTRATION_TEXTS.exportFileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );

  app.put(
    '/registrations/status',
    {
      schema: {
        tags,
        summary: 'Set the status of many registrations in one transaction: all of them, or none (404 naming the unknown ids)',
        body: RegistrationBulkStatusBody,
        response: responses(BulkStatusResult),
      },
    },
    async (request) => {
      const result = await registrations.setStatusMany(db, request.admin.id, request.body.ids, request.body.status);
      if (result.missing) throw new HttpError(404, REGISTRATION_TEXTS.notFoundIds(result.missing));
      return ok({ changed: result.changed }, GENERIC.updated);
    },
  );

  app.put(
    '/registrations/:id/status',
    {
      schema: {
        tags,
        summary: "Set one registration's status (approved, rejected or pending)",
        params: IdParams,
        body: RegistrationStatusBody,
        response: responses(Registration),
      },
    },
    async (request) => ok(found(await registrations.setStatus(db, request.admin.id, request.params.id, request.body.status), NOT_FOUND.registration), GENERIC.updated),
  );

  app.get(
    '/registrations/:id',
    { schema: { tags, summary: 'One registration with its players', params: IdParams, response: responses(Registration) } },
    async (request) => ok(found(await registrations.findRegistration(db, request.params.id), NOT_FOUND.registration), GENERIC.fetched),
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
      const current = found(await registrations.findLocation(db, id), NOT_FOUND.registration);
      const changes = registrations.changesFrom(request.body);
      // Fields not sent keep their value, so the check runs on the location as it will be stored.
      const errors = await locationErrors(db, {
        state: changes.state === undefined ? current.state : changes.state,
        district: changes.district === undefined ? current.district : changes.district,
        city: changes.city === undefined ? current.city : changes.city,
      });
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      return ok(found(await registrations.updateRegistration(db, request.admin.id, id, changes, { version: versionOf(request.body.updatedAt) }), NOT_FOUND.registration), GENERIC.updated);
    },
  );

  app.delete(
    '/registrations/:id',
    { schema: { tags, summary: 'Delete a registration and its players', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const { photos } = found(await registrations.deleteRegistration(db, request.admin.id, request.params.id), NOT_FOUND.registration);
      await Promise.all(photos.map((photo) => app.images.remove(photo)));
      return ok(null, REGISTRATION_TEXTS.deleteSuccess);
    },
  );
};

export default registrationRoutes;
