import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { csvLine, registrationCsvCells } from '../../../src/domain/csv';
import { REGISTRATION_TEXTS, registrations as registrationDeclaration } from '../../../src/domain/entities/registrations';
import { GENERIC } from '../../../src/domain/messages';
import type { Db } from '../../db/connection';
import { HttpError, found } from '../../errors';
import { notifyRegistrationJob } from '../../jobs/notify-registration';
import type { NoticeSettings } from '../../repositories/notices';
import * as registrations from '../../repositories/registrations';
import { ok, responses } from '../../schemas/envelope';
import { IdParams } from '../../schemas/params';
import {
  BulkStatusResult,
  GovernmentId,
  Registration,
  RegistrationBulkStatusBody,
  RegistrationExportQuery,
  RegistrationStatusBody,
} from '../../schemas/registrations';
import { reads, writes } from '../../auth/route-access';

const tags = ['registrations'];
const registrationEntity = registrationDeclaration.name;
/** The field whose whole value the reveal and the CSV answer. */
const GOVERNMENT_ID = 'GovernmentIdNumber';

/**
 * Registrations come from the mobile app. Their list, detail, edit and delete are the declared
 * entity's (src/domain/entities/registrations.ts, routes/admin/declared.ts); here are their own: the
 * CSV export, the status workflow and the government ID shown whole.
 */
const registrationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // A decision is pushed to the fan who sent the registration (jobs/notify-registration.ts), or marked not sent without FCM.
  const noticeSettings = (): NoticeSettings => ({ configured: app.push.configured, now: app.clock.now(), job: notifyRegistrationJob });
  // Static paths: Fastify's router prefers them to the declared '/registrations/:id' whatever the order of registration.
  app.get(
    '/registrations/export.csv',
    {
      // The file holds every government ID whole: the field's own access too.
      config: reads(registrationEntity, GOVERNMENT_ID),
      schema: {
        tags,
        summary: 'Every registration the search, status and filters select, newest first, as CSV (RFC 4180, formulas neutralised), streamed, with each government ID whole; the export is recorded in the activity log',
        querystring: RegistrationExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      // Logged before a byte leaves: the file holds every government ID whole.
      await registrations.recordExport(db, request.admin.id, request.query);
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
                  GovernmentIdType: row.government_id_type,
                  GovernmentIdNumber: row.government_id_number,
                }),
              ),
            )
            .join('');
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${REGISTRATION_TEXTS.exportFileName}"`)
        .send(Readable.from(lines()));
    },
  );

  app.put(
    '/registrations/status',
    {
      config: writes(registrationEntity),
      schema: {
        tags,
        summary: 'Set the status of many registrations in one transaction: all of them, or none (404 naming the unknown ids)',
        body: RegistrationBulkStatusBody,
        response: responses(BulkStatusResult),
      },
    },
    async (request) => {
      const result = await registrations.setStatusMany(db, request.admin.id, request.body.ids, request.body.status, noticeSettings());
      if (result.missing) throw new HttpError(404, REGISTRATION_TEXTS.notFoundIds(result.missing));
      app.jobs.wake();
      return ok({ changed: result.changed }, GENERIC.updated);
    },
  );

  app.post(
    '/registrations/:id/government-id',
    {
      config: reads(registrationEntity, GOVERNMENT_ID),
      schema: {
        tags,
        summary: "A registration's whole government ID number (answered masked everywhere else); each call is recorded in the activity log",
        params: IdParams,
        response: responses(GovernmentId),
      },
    },
    async (request) => ok(found(await registrations.revealGovernmentId(db, request.admin.id, request.params.id), REGISTRATION_TEXTS.notFound), GENERIC.fetched),
  );

  app.put(
    '/registrations/:id/status',
    {
      config: writes(registrationEntity),
      schema: {
        tags,
        summary: "Set one registration's status (approved, rejected or pending)",
        params: IdParams,
        body: RegistrationStatusBody,
        response: responses(Registration),
      },
    },
    async (request) => {
      const registration = await registrations.setStatus(db, request.admin.id, request.params.id, request.body.status, noticeSettings());
      app.jobs.wake();
      return ok(found(registration, REGISTRATION_TEXTS.notFound), GENERIC.updated);
    },
  );

};

export default registrationRoutes;
