/**
 * Builds the HTTP application over an open database: used by main.ts and by the tests.
 */
import { resolve } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import { MAX_TEXT_BYTES } from '../src/domain/limits';
import { DEVICE_TOKEN } from '../src/domain/push';
import type { Db } from './db/connection';
import auth from './plugins/auth';
import appLinkRoutes from './routes/app-links';
import type { AppLinks } from './routes/app-links';
import compression from './plugins/compression';
import docs from './plugins/docs';
import appContract from './plugins/app-contract';
import answerCheck from './plugins/answer-check';
import errors, { frameworkErrors } from './plugins/errors';
import forms from './plugins/forms';
import jsonBody from './plugins/json-body';
import lifecycle from './plugins/lifecycle';
import media from './plugins/media';
import push from './plugins/push';
import type { PushOptions } from './push/settings';
import { systemClock, type Clock } from './clock';
import jobs, { type RunnerOptions } from './jobs/runner';
import appCors from './plugins/app-cors';
import appReads, { type AppReadOptions } from './plugins/app-reads';
import { APP_READS_PER_MINUTE } from '../src/domain/app';
import requestLog from './plugins/request-log';
import security from './plugins/security';
import spa from './plugins/spa';
import textInput from './plugins/text-input';
import uploads, { type UploadOptions } from './plugins/uploads';
import type { Redis } from './redis';
import { smtpMailer, type MailOptions } from './mail/mailer';
import { registerRoutes } from './routes';
import { passwordCheckQueue } from './auth/password-checks';
import { FolderImageStore } from './storage/folder-store';
import { openPrivateStore, type ConfiguredImageStore } from './storage/configured';
import { publicUrls } from './storage/public-urls';

export interface AppOptions {
  db: Db;
  /** The uploads folder, the image store unless `images` names another. */
  uploadsDir: string;
  /** Where images are kept (storage/configured.ts); the uploads folder by default. */
  images?: ConfiguredImageStore;
  /** Where fans' private files are kept (storage/configured.ts `openPrivateStore`); by default beside `images`. */
  privateImages?: ConfiguredImageStore;
  /** The Redis the sign-in limits are counted in (REDIS_URL); this process's memory without one. */
  redis?: { client: Redis; prefix: string };
  jwtSecret: string;
  /** pino options, `false` for silence (tests); passwords and tokens are always redacted. */
  logger?: boolean | Exclude<FastifyServerOptions['logger'], boolean | undefined>;
  /** Fastify's `trustProxy` (TRUST_PROXY): off by default, so X-Forwarded-For cannot dodge the sign-in limit. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The built admin app; defaults to ./dist. */
  distDir?: string;
  /** FCM and PUBLIC_URL: without FCM, notifications are stored and not sent. */
  push?: PushOptions;
  /** The server's one clock (`app.clock`), which every job, route and token reads: tests move it. */
  clock?: Clock;
  /** The job runner's poll and lease (tests shorten them). */
  jobs?: RunnerOptions;
  /** The app's public reads: per-address limit and the kept answers (tests and benches change them). */
  appReads?: Partial<AppReadOptions>;
  /** The upload decode queue's bounds (tests and benches make it small); storage/images.ts DECODE_QUEUE by default. */
  decodes?: UploadOptions['decodes'];
  /** SMTP_URL and MAIL_FROM for the fans' reset and verification e-mails, and PUBLIC_URL for the links: without both, reset by e-mail is unavailable and sign-ups count as verified. */
  mail?: MailOptions & { publicUrl?: string };
  /** APP_ORIGINS: the origins a web build of the fans' app may call /app/v1 from; none by default. */
  appOrigins?: readonly string[];
  /** The fans' app that opens the reset and verification links (ANDROID_APP_ID, ANDROID_CERT_SHA256, IOS_APP_ID). */
  appLinks?: AppLinks;
  /** Tests: every /app/v1 answer is checked against the app's OpenAPI document, and one that differs becomes a 500 saying how (plugins/answer-check.ts). */
  checkAnswers?: boolean;
  /** LEAGUE_TIME_ZONE: the zone the league's matches are played in (IANA); UTC by default. */
  leagueTimeZone?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The zone a match's time of day is read in, where its date is a day alone (src/domain/entities/matches.ts `kickoffOf`). */
    leagueTimeZone: string;
  }
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
];

export async function buildApp(opts: AppOptions) {
  const logger = opts.logger === false ? false : { ...(typeof opts.logger === 'object' ? opts.logger : {}), redact: REDACT };
  const app = Fastify({
    logger,
    // server/plugins/request-log.ts writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_TEXT_BYTES,
    trustProxy: opts.trustProxy ?? false,
    // A request arriving on an open connection while the server drains is served (with `Connection: close`,
    // plugins/lifecycle.ts), not refused: refusing it is a 5xx the client did nothing to deserve.
    return503OnClosing: false,
    // A path parameter may be as long as a device's FCM token (DELETE /app/v1/devices/{token}, about 160
    // characters): the router's default of 100 answered every real token 414 before its route saw it.
    routerOptions: { maxParamLength: DEVICE_TOKEN.maxLength },
    // Form schemas describe files as `format: binary` without a `type`: the value is the detected image object.
    // allErrors: a refused body names every bad field at once, not only the first (the message stays the
    // first's: the validator checks in the same order either way). Bodies are bounded (bodyLimit,
    // plugins/json-body.ts) before they are validated, so checking all of one stays cheap.
    ajv: { customOptions: { strictTypes: false, allErrors: true } },
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('clock', opts.clock ?? systemClock);
  app.decorate('checkPassword', passwordCheckQueue());
  app.decorate('leagueTimeZone', opts.leagueTimeZone ?? 'UTC');
  const images = opts.images ?? new FolderImageStore(opts.uploadsDir);
  const privateImages = opts.privateImages ?? openPrivateStore(images);
  const redis = opts.redis?.client;
  await app.register(lifecycle, {
    checks: {
      database: () => sql`select 1`.execute(opts.db),
      storage: () => images.check(),
      ...(redis && { redis: () => redis.ping() }),
    },
  });
  // Before app-reads, whose kept answers leave at its hook.
  await app.register(appCors, { origins: opts.appOrigins ?? [] });
  await app.register(appReads, { db: opts.db, reads: { perMinute: APP_READS_PER_MINUTE, cache: true, ...opts.appReads } });
  await app.register(requestLog);
  await app.register(errors);
  await app.register(security, { redis: opts.redis });
  await app.register(compression);
  await app.register(jsonBody);
  const publicUrl = opts.mail?.publicUrl ?? opts.push?.publicUrl;
  await app.register(docs, { publicUrl });
  await app.register(appContract);
  await app.register(auth, { jwtSecret: opts.jwtSecret });
  await app.register(uploads, { store: images, privateStore: privateImages, db: opts.db, decodes: opts.decodes });
  await app.register(textInput);
  await app.register(forms);
  const mailer = smtpMailer(opts.mail ?? {});
  if (mailer) app.addHook('onClose', async () => mailer.close());
  // A sign-up's e-mail is verified only where a link can be mailed; elsewhere it counts as verified (main.ts says so at start).
  const verifyingEmails = Boolean(mailer && publicUrl);
  await app.register(push, { push: opts.push });
  await app.register(jobs, { db: opts.db, publicUrl: opts.push?.publicUrl, verifyingEmails, runner: opts.jobs });
  await app.register(media, { store: privateImages, secret: opts.jwtSecret });
  app.decorate('publicUrls', publicUrls({ publicUrl, bucketUrl: images.kind === 's3' ? images.settings.publicUrl : undefined }));
  // Last of the hooks before the routes: it sees each answer as the others left it.
  if (opts.checkAnswers) await app.register(answerCheck);
  await registerRoutes(app, { db: opts.db, mailer, publicUrl, verifyingEmails });
  await app.register(appLinkRoutes, { appLinks: opts.appLinks ?? {} });
  await app.register(spa, { distDir: opts.distDir ?? resolve('dist') });

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
