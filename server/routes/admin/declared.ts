/**
 * The standard routes of every declared entity (src/domain/entities), each only where the
 * declaration lists its operation: list, one record, create, update and delete at /admin/<path>;
 * and its figures at /admin/<path>/stats where it declares `list.stats`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TProperties, type TSchema } from 'typebox';
import { ENTITIES } from '../../../src/domain/declared';
import { apiPathOf, can, imageFields, sentValue, textsOf, type EntityDeclaration, type OwnCreateName } from '../../../src/domain/entity';
import { GENERIC } from '../../../src/domain/messages';
import { PUBLISHING_TEXTS, type PublishingInput } from '../../../src/domain/publishing';
import type { Db } from '../../db/connection';
import { found } from '../../errors';
import * as records from '../../repositories/declared';
import type { ListParams } from '../../repositories/list';
import { publishJob } from '../../jobs/publish';
import { changePublishing, type OverdueFilter, type PublishingWrite } from '../../repositories/publishing';
import { imageUpdates, versionOf, type AfterInsert } from '../../repositories/writes';
import { bodySchema, detailSchema, listQuerySchema, recordSchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { MULTIPART, type UploadedImage } from '../../schemas/form';
import { Page } from '../../schemas/list';
import { IdParams } from '../../schemas/params';
import { ScheduleBody } from '../../schemas/publishing';
import { statsQuerySchema, statsSchema, statsSummary } from '../../schemas/stats';
import { statsOf } from '../../repositories/stats';
import { withSavedImages } from '../../storage/saved-images';
import { notificationCreated, SendAtField } from './notifications';
import { reads, writes } from '../../auth/route-access';

type Body = Record<string, unknown> & { updatedAt?: string; removeImages?: string[] };

/** An entity's own step in its creation, run in the insert's transaction (a notification's send). */
export type CreateHook = (app: FastifyInstance, trx: Db, id: string, body: Body) => ReturnType<AfterInsert>;

/** The entities whose creation does more than store a record, with what their creation form takes besides their fields. */
const OWN_CREATE: Record<OwnCreateName, { hook: CreateHook; body: TProperties }> = {
  notificationSend: { hook: notificationCreated, body: SendAtField },
};

const entityRoutes = (entity: EntityDeclaration): FastifyPluginAsyncTypebox<{ db: Db }> => async (app, { db }) => {
  const path = `/${apiPathOf(entity)}`;
  const texts = textsOf(entity);
  const tags = [apiPathOf(entity)];
  const Record = recordSchema(entity);
  const Detail = detailSchema(entity);
  const images = imageFields(entity);
  // Only an optional image can be removed; a body of an entity without one may still carry the name (nothing checks it there).
  const removable = (body: Body) => (Array.isArray(body.removeImages) ? body.removeImages.filter((name) => images.includes(name) && !entity.fields[name].required) : []);
  const imageNames = images.flatMap((name) => [name, ...(entity.fields[name].alias ? [entity.fields[name].alias] : [])]);
  const filesOf = (body: Body) => Object.fromEntries(images.map((name) => [name, sentValue(body, name, entity.fields[name]) as UploadedImage | undefined]));
  // A form with files takes multipart (or JSON); one without (a registration's edit) takes JSON only: a multipart body is a 415.
  const consumes = images.length > 0 ? { consumes: MULTIPART } : {};
  const fieldsOf = (body: Body) => Object.fromEntries(Object.entries(body).filter(([name]) => !imageNames.includes(name)));
  // Publishing reads the server's clock, as the job that publishes does (tests move it).
  const publishing = (): PublishingWrite => ({ now: app.clock.now(), job: publishJob });
  const listParams = (query: ListParams): ListParams =>
    entity.publishing && query.overdue !== undefined ? { ...query, overdue: { asked: query.overdue, now: app.clock.now() } satisfies OverdueFilter } : query;

  if (can(entity, 'list')) {
    app.get(
      path,
      { config: reads(entity.name), schema: { tags, summary: `List ${entity.label.many.toLowerCase()}`, querystring: listQuerySchema(entity), response: responses(Page(Record)) } },
      async (request) => ok(await records.listRecords(db, entity, listParams(request.query as ListParams)), GENERIC.fetched),
    );
  }
  if (entity.list.stats) {
    const querystring = statsQuerySchema(entity);
    // A static path: Fastify's router prefers it to `${path}/:id` whatever the order of registration.
    app.get(
      `${path}/stats`,
      { config: reads(entity.name), schema: { tags, summary: statsSummary(entity), ...(querystring && { querystring }), response: responses(statsSchema(entity)) } },
      async (request) => ok(await statsOf(db, entity, request.query as ListParams, app.clock.now()), GENERIC.fetched),
    );
  }
  if (can(entity, 'show')) {
    app.get(
      `${path}/:id`,
      { config: reads(entity.name), schema: { tags, summary: `One ${entity.label.one.toLowerCase()}`, params: IdParams, response: responses(Detail) } },
      async (request) => ok(found(await records.findRecord(db, entity, request.params.id), texts.notFound), GENERIC.fetched),
    );
  }
  if (can(entity, 'create')) {
    const own = entity.ownCreate && OWN_CREATE[entity.ownCreate];
    const after = own && ((body: Body) => (trx: Db, id: string) => own.hook(app, trx, id, body));
    app.post(
      path,
      { config: writes(entity.name), schema: { tags, summary: `Add a ${entity.label.one.toLowerCase()}`, ...consumes, body: bodySchema(entity, 'create', own?.body), response: responses(Detail) } },
      async (request) => {
        const body = request.body as Body;
        const record = await withSavedImages(app.images, filesOf(body), (urls) => records.createRecord(db, request.admin.id, entity, fieldsOf(body), urls, after?.(body), publishing()));
        if (own) app.jobs.wake();
        return ok(record, texts.createSuccess);
      },
    );
  }
  if (can(entity, 'update')) {
    app.put(
      `${path}/:id`,
      {
        config: writes(entity.name),
        schema: {
          tags,
          summary: `Edit a ${entity.label.one.toLowerCase()} (an absent image keeps the current one; removeImages removes it)`,
          ...consumes,
          params: IdParams,
          body: bodySchema(entity, 'update'),
          response: responses(Detail),
        },
      },
      async (request) => {
        const body = request.body as Body;
        const { record, replaced } = await withSavedImages(app.images, filesOf(body), async (urls) =>
          found(
            await records.updateRecord(db, request.admin.id, entity, request.params.id, fieldsOf(body), imageUpdates(urls, removable(body)), {
              version: versionOf(body.updatedAt),
              publishing: publishing(),
            }),
            texts.notFound,
          ),
        );
        await Promise.all(replaced.map((url) => app.images.remove(url)));
        return ok(record, texts.editSuccess);
      },
    );
  }
  if (entity.publishing) {
    // Publish, unpublish and schedule: for every publishing entity, an edit route or not (slides have none).
    const publishingRoute = (action: string, summary: string, body: TSchema | undefined, sent: (body: Record<string, unknown>) => PublishingInput, said: string) =>
      app.post(
        `${path}/:id/${action}`,
        { config: writes(entity.name), schema: { tags, summary, params: IdParams, ...(body && { body }), response: responses(Detail) } },
        async (request) => {
          found((await changePublishing(db, request.admin.id, entity, request.params.id, sent((request.body ?? {}) as Record<string, unknown>), publishing())) || undefined, texts.notFound);
          return ok(found(await records.findRecord(db, entity, request.params.id), texts.notFound), said);
        },
      );
    publishingRoute('publish', `Publish a ${entity.label.one.toLowerCase()} now (the fans' app sees it at once; a time to come down stays)`, undefined, () => ({ status: 'published' }), PUBLISHING_TEXTS.published);
    publishingRoute('unpublish', `Take a ${entity.label.one.toLowerCase()} down: a draft, its times cleared`, undefined, () => ({ status: 'draft' }), PUBLISHING_TEXTS.unpublished);
    publishingRoute(
      'schedule',
      `Schedule a ${entity.label.one.toLowerCase()}: live at publishAt (now when past; kept as it is when absent), down at unpublishAt (null: stays up)`,
      ScheduleBody,
      // Without publishAt the record keeps its time (none: refused); with only unpublishAt, its state.
      (body) => ({
        ...((body.publishAt !== undefined || body.unpublishAt === undefined) && { status: 'scheduled', publishAt: body.publishAt }),
        ...(body.unpublishAt !== undefined && { unpublishAt: body.unpublishAt }),
      }),
      PUBLISHING_TEXTS.scheduled,
    );
  }
  if (can(entity, 'delete')) {
    app.delete(
      `${path}/:id`,
      { config: writes(entity.name), schema: { tags, summary: `Delete a ${entity.label.one.toLowerCase()}`, params: IdParams, response: responses(Type.Null()) } },
      async (request) => {
        const stored = found(await records.deleteRecord(db, request.admin.id, entity, request.params.id), texts.notFound);
        await Promise.all(stored.map((url) => app.images.remove(url)));
        return ok(null, texts.deleteSuccess);
      },
    );
  }
};

/** Registers every declared entity's routes. */
const declaredRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, opts) => {
  for (const entity of ENTITIES) await app.register(entityRoutes(entity), opts);
};

export default declaredRoutes;
