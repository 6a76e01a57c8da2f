/**
 * Multipart forms and uploaded files. Only a route that takes files (its schema `consumes`
 * multipart, schemas/form.ts `takesFiles`) reads a multipart body, and only after its own checks
 * (session, address limit) have run as onRequest hooks. The body is turned into a plain object before
 * validation: text parts become strings (repeated keys and `key[]` become lists) and file parts
 * become detected images, so form routes validate and read multipart and JSON the same way. Any
 * other route refuses a multipart body unread (415; an unknown path its 404), and a body left unread
 * closes its connection. Each image's declared size is checked from its header before it is decoded,
 * and decodes take turns in one queue (storage/images.ts `decodeQueue`).
 * Stored images are served read-only at /uploads with long cache headers, from whichever store
 * keeps them (storage/store.ts).
 */
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_FORM_FIELDS, MAX_FORM_FILES, MAX_IMAGE_BYTES, MAX_TEXT_BYTES } from '../../src/domain/limits';
import { UPLOAD } from '../../src/domain/messages';
import { HttpError } from '../errors';
import type { Db } from '../db/connection';
import type { ConfiguredImageStore } from '../storage/configured';
import { rulesOf, takesFiles } from '../schemas/form';
import { DECODE_QUEUE, DecodeQueueFull, decodeQueue, detectImage, type DecodeQueue, type DecodeQueueOptions } from '../storage/images';
import { bucketAddress } from '../storage/public-urls';
import type { S3ImageStore } from '../storage/s3-store';
import { Images } from '../storage/saved-images';
import { CACHE_FOREVER, isSafeName, UPLOADS_PREFIX } from '../storage/store';

declare module 'fastify' {
  interface FastifyInstance {
    images: Images;
  }
}

/** A part's name as a body key: a part without one, or one that would reach Object.prototype, breaks the form. */
const isFieldName = (name: string | undefined): name is string =>
  typeof name === 'string' && name !== '' && !['__proto__', 'constructor', 'prototype'].includes(name.replace(/\[\]$/, ''));

function append(body: Record<string, unknown>, rawKey: string, value: unknown) {
  const isList = rawKey.endsWith('[]');
  const key = isList ? rawKey.slice(0, -2) : rawKey;
  const current = body[key];
  if (current === undefined) body[key] = isList ? [value] : value;
  else body[key] = Array.isArray(current) ? [...current, value] : [current, value];
}

/** The route's own "too large" text (team logos word it differently), else the general one. */
function tooLargeMessage(request: FastifyRequest): string {
  const rules = rulesOf(request.routeOptions.schema?.body) ?? {};
  return Object.values(rules).find((rule) => rule.image)?.image?.tooLarge ?? UPLOAD.tooLarge;
}

/** A file part's bytes; one past the size limit is a 413 naming its part (e.g. `players.1.photo`). */
async function fileBytes(request: FastifyRequest, part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    const message = tooLargeMessage(request);
    throw new HttpError(413, message, { [part.fieldname]: message }, 'upload.too_large');
  }
}

const malformed = () => new HttpError(400, UPLOAD.malformedForm, undefined, 'body.invalid');

async function readParts(request: FastifyRequest, queue: DecodeQueue): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  let unnamed = false;
  let truncated: string | undefined;
  for await (const part of request.parts()) {
    if (!isFieldName(part.fieldname)) {
      unnamed = true;
      if (part.type === 'file') part.file.resume();
      continue;
    }
    if (part.type === 'field') {
      // The parser cuts a field at the limit without failing; storing the stump would lose text silently.
      if (part.valueTruncated) truncated ??= part.fieldname;
      else append(body, part.fieldname, part.value);
      continue;
    }
    const buffer = await fileBytes(request, part);
    // A browser sends an empty part for a file input left empty: that is "no file".
    if (buffer.length === 0) continue;
    // Refused at the first bad file: the rest of the body stays unread (its connection closes).
    const image = await detectImage(buffer, queue.admit);
    if (image === 'too-many-pixels') throw new HttpError(413, UPLOAD.tooManyPixels, { [part.fieldname]: UPLOAD.tooManyPixels }, 'upload.too_large');
    if (image === 'not-an-image') throw new HttpError(415, UPLOAD.notAnImage, { [part.fieldname]: UPLOAD.notAnImage }, 'upload.not_an_image');
    append(body, part.fieldname, image);
  }
  if (unnamed) throw malformed();
  if (truncated) throw new HttpError(413, UPLOAD.textTooLong, { [truncated]: UPLOAD.textTooLong });
  return body;
}

/** Requests whose multipart body was read to its end: any other leaves bytes on its connection. */
const readToTheEnd = new WeakSet<FastifyRequest>();

/**
 * The multipart body as fields. A body the parser cannot read (no boundary, a wrong one, cut
 * short) is the client's fault: 400, not the parser's bare error, which would answer 500.
 */
async function readMultipartBody(request: FastifyRequest, reply: FastifyReply, queue: DecodeQueue): Promise<Record<string, unknown>> {
  try {
    const body = await readParts(request, queue);
    readToTheEnd.add(request);
    return body;
  } catch (error) {
    const { statusCode: status, code } = error as { statusCode?: number; code?: string };
    if (error instanceof DecodeQueueFull) {
      reply.header('retry-after', error.retryAfter);
      throw new HttpError(503, UPLOAD.busy);
    }
    // The parser's own words ('reach files limit') tell a client nothing it can act on.
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, UPLOAD.tooManyFiles);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, UPLOAD.tooManyFields);
    if (error instanceof HttpError || (status && status >= 400 && status < 500)) throw error;
    throw malformed();
  }
}

/** The most a well-formed form sends: its files at their limit, and a text's worth of fields. */
const MAX_FORM_BYTES = MAX_FORM_FILES * MAX_IMAGE_BYTES + MAX_TEXT_BYTES;

const isMultipartSend = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/** `/uploads/<name>` from the bucket: its bytes with their type and ETag, or a redirect to its public address. */
function serveFromBucket(app: FastifyInstance, store: S3ImageStore) {
  const { publicUrl } = store.settings;
  app.get<{ Params: { name: string } }>(`${UPLOADS_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!isSafeName(name)) return reply.callNotFound();
    if (publicUrl) return reply.redirect(bucketAddress(publicUrl, name), 302);
    const object = await store.read(name, request.headers['if-none-match']);
    if (object === undefined) return reply.callNotFound();
    reply.header('cache-control', CACHE_FOREVER);
    if (object === 'not-modified') return reply.code(304).send();
    if (object.etag) reply.header('etag', object.etag);
    if (object.length !== undefined) reply.header('content-length', object.length);
    return reply.type(object.contentType ?? 'application/octet-stream').send(object.body);
  });
}

export interface UploadOptions {
  store: ConfiguredImageStore;
  /** Where fans' private files are kept (storage/configured.ts `openPrivateStore`). */
  privateStore: ConfiguredImageStore;
  db: Db;
  /** The decode queue's bounds (tests and benches make it small). */
  decodes?: Partial<DecodeQueueOptions>;
}

async function uploads(app: FastifyInstance, opts: UploadOptions) {
  const queue = decodeQueue({ ...DECODE_QUEUE, ...opts.decodes });
  app.decorate('images', new Images(opts.store, opts.db, opts.privateStore, queue.run));

  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FORM_FILES, fields: MAX_FORM_FIELDS, fieldSize: MAX_TEXT_BYTES },
  });
  // preValidation runs after the route's onRequest hooks: its session check and address limit come first.
  app.addHook('preValidation', async (request, reply) => {
    // An unknown path answers its own 404 (the body unread).
    if (!request.isMultipart() || request.is404) return;
    if (!takesFiles(request.routeOptions.schema)) throw new HttpError(415, UPLOAD.notAFileRoute, undefined, 'upload.not_a_file_route');
    request.body = await readMultipartBody(request, reply, queue);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isMultipartSend(request) || readToTheEnd.has(request)) return;
    // A body left unread (refused, 401, 404): no parser reads the rest. One no larger than a form may be
    // is discarded as it arrives, so the client, still sending, gets the answer and keeps its connection;
    // a larger one (or of no declared length) closes the connection after the answer.
    request.raw.unpipe();
    if (Number(request.headers['content-length']) <= MAX_FORM_BYTES) request.raw.resume();
    else reply.header('connection', 'close');
  });

  // Public images are shown by other sites' pages too (a web build of the app, a news reader):
  // helmet's same-origin resource policy would block them there. Private files (/media) keep it.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(UPLOADS_PREFIX)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });

  if (opts.store.kind === 's3') return serveFromBucket(app, opts.store);
  await app.register(fastifyStatic, {
    root: opts.store.dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Names are random and never reused, so a file can be cached for good.
    immutable: true,
    maxAge: '365d',
  });
}

export default fp(uploads, { name: 'uploads' });
