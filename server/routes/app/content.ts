/**
 * The fans' app's public reads, one list and one detail route per entity that declares `app`
 * (src/domain/entity.ts): no sign-in, each address limited, every answer with an ETag and a
 * `Cache-Control` a phone or a CDN may keep it by, and kept by this server until a table it
 * read changes (http/answers.ts; a kept answer is sent before the route is reached: plugins/app-reads.ts). Helmet's page headers (a CSP, a same-origin resource policy) are for
 * the admin app's pages: JSON that other origins' apps and a CDN read gets `nosniff` alone.
 *
 * - `GET /app/v1/<path>?limit=&after=` a page by keyset: `{ docs, next, cursor }`.
 * - `GET /app/v1/<path>?since=<cursor>&limit=` the sync, a page at a time: `{ changed, removed, more, cursor }`.
 * - `GET /app/v1/<path>/{id}` one record the app may see, with its declared joins; else a 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { APP_PAGE, APP_TEXTS, type AppImage } from '../../../src/domain/app';
import { ENTITIES, entityNamed } from '../../../src/domain/declared';
import { textsOf, type EntityDeclaration, type FieldDeclaration } from '../../../src/domain/entity';
import type { Db } from '../../db/connection';
import { HttpError, notFound } from '../../errors';
import { appChanges, appOne, appPage, appRecord, forgetRemovals, keptSnapshot, orderKind, orderOf, syncPosition, tablesRead } from '../../repositories/app-content';
import { appDetailSchema, appExample, appPageSchema, appRef, appSchemaName, appSyncSchema } from '../../schemas/app';
import { appAnswers, IfNoneMatch } from '../../schemas/app-answers';
import { withInvalidMessage } from '../../schemas/invalid-message';
import { appImagesOf } from '../../storage/image-sizes';
import type { PublicUrls } from '../../storage/public-urls';
import { isNothing, sendAnswer } from '../../http/answers';
import { catchUpToken, cursorToken, oldestValidCursor, pageToken, readCursor, readPageToken } from '../../http/cursors';

type Row = Record<string, unknown>;

const appPathOf = (entity: EntityDeclaration) => entity.app!.path ?? entity.name;
const routesOf = (entity: EntityDeclaration) => entity.app!.routes ?? ['list', 'one'];

/** Where in a record the app reads images: its image fields, and those inside each populated reference. */
function imagePaths(entity: EntityDeclaration, names: readonly string[]): string[][] {
  const paths: string[][] = [];
  for (const name of names) {
    const field: FieldDeclaration | undefined = entity.fields[name];
    if (!field) continue;
    if (field.kind === 'image') paths.push([name]);
    const target = field.kind === 'ref' && field.populate ? entityNamed(field.to ?? '') : undefined;
    if (target) for (const inner of imagePaths(target, field.populate!)) paths.push([name, ...inner]);
  }
  return paths;
}

/** Every image of these records, each answered as the app reads images (its sizes, at their public addresses), in one lookup. */
async function withImages(db: Db, urls: PublicUrls, entity: EntityDeclaration, records: Row[]): Promise<void> {
  const slots: { holder: Row; key: string }[] = [];
  const collect = (of: EntityDeclaration, record: Row) => {
    for (const path of imagePaths(of, of.app?.fields ?? [])) {
      let holder: Row | undefined = record;
      for (const step of path.slice(0, -1)) holder = holder?.[step] as Row | undefined;
      const key = path.at(-1)!;
      if (holder && typeof holder[key] === 'string') slots.push({ holder, key });
    }
    for (const name of of.app?.joins ?? []) {
      const target = entityNamed(of.joins![name].of)!;
      for (const joined of (record[name] as Row[] | undefined) ?? []) collect(target, joined);
    }
  };
  for (const record of records) collect(entity, record);
  if (slots.length === 0) return;
  const images: Map<string, AppImage> = await appImagesOf(db, slots.map((slot) => slot.holder[slot.key] as string));
  for (const { holder, key } of slots) holder[key] = urls.image(images.get(holder[key] as string) ?? null);
}

const Limit = () => withInvalidMessage(Type.Optional(Type.Integer({ minimum: 1, maximum: APP_PAGE.max, description: `How many records a page holds, or with since how many changes and removals (default ${APP_PAGE.default})` })), APP_TEXTS.limitInvalid);
const Token = (description: string) => Type.String({ maxLength: 1000, description });

/** A filter's schema: a choice's values, true or false, with the filter's own message. */
function filterSchema(name: string, field: FieldDeclaration): TSchema {
  const values = field.kind === 'boolean' ? Type.Boolean() : field.choices ? Type.Union(field.choices.map((choice) => Type.Literal(choice))) : Type.String({ maxLength: 200 });
  return withInvalidMessage(Type.Optional(values), APP_TEXTS.filterInvalid(name));
}

function listQuery(entity: EntityDeclaration) {
  const filters: Record<string, TSchema> = {};
  for (const name of entity.app!.filters ?? []) filters[name] = filterSchema(name, entity.fields[name]);
  const split = entity.app!.split ? entity.list.split : undefined;
  if (split) {
    filters[split.param] = withInvalidMessage(
      Type.Optional(Type.Union([Type.Literal(split.later.value), Type.Literal(split.earlier.value)], { description: `${split.later.value}: ${split.later.description}; ${split.earlier.value}: ${split.earlier.description}` })),
      APP_TEXTS.filterInvalid(split.param),
    );
  }
  return Type.Object(
    {
      limit: Limit(),
      // Sent twice (an array) or too long, a token is as unknown as a forged one, and told the same way.
      after: withInvalidMessage(Type.Optional(Token('The `next` of the page before')), APP_TEXTS.afterInvalid),
      since: withInvalidMessage(Type.Optional(Token('A `cursor` this list gave: answers what changed since, a page at a time')), APP_TEXTS.sinceInvalid),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** A record example, and a page's and a sync's around it. */
const pageExample = (entity: EntityDeclaration) => ({ docs: [appExample(entity)], next: 'WyIyMDI2LTExLTI3VDE1OjA3OjAxLjQyNFoiLCI5YjJlNGM3NSJd', cursor: 'WyI3NTk6NzU5OiIsMTc5NTg2NjQ5Nl0' });

function listAnswers(entity: EntityDeclaration) {
  const page = appPageSchema(entity);
  const sync = appSyncSchema(entity);
  return appAnswers(Type.Union([appRef(page), appRef(sync)]), {
    description: `A page of ${entity.label.many.toLowerCase()} (\`${page.$id}\`), or with \`since\` what changed (\`${sync.$id}\`)`,
    example: pageExample(entity),
    statuses: [304, 400, 410, 429],
    cached: true,
  });
}

function oneAnswers(entity: EntityDeclaration) {
  const detail = appDetailSchema(entity);
  const example = appExample(entity, detail);
  for (const join of entity.app!.joins ?? []) example[join] = [appExample(entityNamed(entity.joins![join].of)!)];
  return appAnswers(appRef(detail), {
    description: `The ${entity.label.one.toLowerCase()}`,
    example,
    statuses: [304, 400, 404, 429],
    cached: true,
    messages: { 404: textsOf(entity).notFound, 400: APP_TEXTS.idInvalid },
  });
}

const appContentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const now = () => app.clock.now();
  // What the derived app fields read besides the record (a match's kickoff and whether it started).
  const context = () => ({ now: now(), timeZone: app.leagueTimeZone });
  const { answers, limit } = app.appReads;
  const tags = ['app'];
  let prunedAt = 0;

  for (const entity of ENTITIES.filter((declared) => declared.app)) {
    const path = `/${appPathOf(entity)}`;
    const texts = textsOf(entity);
    const tables = tablesRead(entity);
    const many = entity.label.many;

    if (routesOf(entity).includes('list')) {
      app.get(
        path,
        {
          onRequest: limit,
          helmet: false,
          schema: {
            tags,
            operationId: `list${appPathOf(entity).replace(/^./, (first) => first.toUpperCase())}`,
            summary: `${many}: a page, or what changed since a cursor`,
            security: [],
            querystring: listQuery(entity),
            headers: IfNoneMatch,
            response: listAnswers(entity),
          },
        },
        async (request, reply) => {
          const { limit: size = APP_PAGE.default, after, since, ...filters } = request.query as Record<string, unknown> & { limit?: number; after?: string; since?: string };
          if (after && since) throw new HttpError(400, APP_TEXTS.afterWithSince, undefined, 'cursor.invalid');
          if (since && Object.keys(filters).length > 0) throw new HttpError(400, APP_TEXTS.sinceWithFilters, undefined, 'cursor.invalid');
          const order = orderOf(entity, filters);
          const keyset = after ? readPageToken(after, orderKind(entity, order.field)) : undefined;
          const from = since ? readCursor(since, now()) : undefined;
          const answer = await answers.answer(request.url, tables, async () => {
            if (from !== undefined) {
              // A catch-up reads up to where its first page stood; a sync starts one now.
              const { upto, at: uptoAt } = from.catchUp ?? { upto: await syncPosition(db), at: now() };
              if (now().getTime() - prunedAt > 60 * 60 * 1000) {
                prunedAt = now().getTime();
                await forgetRemovals(db, oldestValidCursor(now()));
              }
              const position = keptSnapshot(from.since);
              const { changed, removed, next } = await appChanges(db, entity, { since: position, upto, after: from.catchUp?.after, limit: size });
              const records = changed.map((record) => appRecord(entity, record, context()));
              await withImages(db, app.publicUrls, entity, records);
              const more = next !== undefined;
              const cursor = more ? catchUpToken({ since: position, at: from.at, catchUp: { upto, at: uptoAt, after: next } }) : cursorToken(upto, uptoAt);
              return { body: { success: true, data: { changed: records, removed, more, cursor }, message: APP_TEXTS.fetched }, content: { changed: records, removed, more } };
            }
            const page = await appPage(db, entity, { limit: size, after: keyset, filters });
            const last = page.records.at(-1);
            const docs = page.records.map((record) => appRecord(entity, record, context()));
            await withImages(db, app.publicUrls, entity, docs);
            const next = page.more && last ? pageToken({ value: last[page.order] as string | number, id: last._id as string }) : null;
            const cursor = cursorToken(page.position, now());
            return { body: { success: true, data: { docs, next, cursor }, message: APP_TEXTS.fetched }, content: { docs, next } };
          });
          return sendAnswer(request, reply, answer);
        },
      );
    }

    if (routesOf(entity).includes('one')) {
      app.get(
        `${path}/:id`,
        {
          onRequest: limit,
          helmet: false,
          schema: {
            tags,
            operationId: `get${appSchemaName(entity)}`,
            summary: `One of the ${many.toLowerCase()} the app sees`,
            security: [],
            params: Type.Object({ id: Type.String({ maxLength: 100, description: 'Its _id' }) }),
            headers: IfNoneMatch,
            response: oneAnswers(entity),
          },
        },
        async (request, reply) => {
          const answer = await answers.answer(request.url, tables, async () => {
            const record = await appOne(db, entity, request.params.id, context());
            if (!record) return { body: null, content: null };
            await withImages(db, app.publicUrls, entity, [record]);
            const body = { success: true, data: record, message: APP_TEXTS.fetched };
            return { body, content: body };
          });
          if (isNothing(answer)) throw notFound(texts.notFound);
          return sendAnswer(request, reply, answer);
        },
      );
    }
  }
};

export default appContentRoutes;
