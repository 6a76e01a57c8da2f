/**
 * Starts the server: takes the data folder's lock (PGlite only), opens and migrates the database, makes sure an
 * admin exists, seeds the demo league on an empty database, opens the admin channel (PGlite only, for
 * `npm run admin`), then serves the API and the admin app. SIGTERM drains it: no new connections, the
 * requests in flight finish, and it exits within 10 s.
 */
import { join } from 'node:path';
import pino from 'pino';
import { openAdminSocket } from './admin-socket';
import { backupElsewhere, writeBackup } from './backup';
import { drain } from './plugins/lifecycle';
import { buildApp } from './app';
import { ensureAdmin } from './auth/accounts';
import { sessionSecret } from './auth/secret';
import { loadConfig } from './config';
import { lockDataDir } from './data-lock';
import { openDatabase, type Db } from './db/connection';
import { tidyPglite } from './db/maintenance';
import { connectRedis, redisReady } from './redis';
import { seedDemo, seedLookups } from './seed';
import { openImageStore, openPrivateStore } from './storage/configured';
import { releaseLeases } from './repositories/jobs';
import { pushSettings } from './push/settings';
import { MEDIA_PREFIX } from './storage/store';
import { sweepEveryHour } from './storage/sweep';

/** A drain longer than this is cut short (connections closed) so the process is gone within 10 s. */
const DRAIN_MS = 8_000;
const EXIT_MS = 9_500;

async function isEmpty(db: Db): Promise<boolean> {
  const [sport, team, video] = await Promise.all([
    db.selectFrom('sports').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('teams').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('videos').select('id').limit(1).executeTakeFirst(),
  ]);
  return !sport && !team && !video;
}

async function main() {
  const config = loadConfig();
  // Servers may share one PostgreSQL database and uploads folder (that is how Crease scales out); PGlite must have one.
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') });
  const { db } = database;

  const { admin, created } = await ensureAdmin(db, { email: config.adminEmail, password: config.adminPassword });
  const images = openImageStore(config);
  const privateImages = openPrivateStore(images, config.privateDir);
  const redis = config.redis && connectRedis(config.redis.url, (error) => console.warn(`Redis (${config.redis!.url}): ${error.message}`));
  if (redis && !(await redisReady(redis))) console.warn('Redis does not answer yet: sign-in answers 503 until it does.');

  const push = pushSettings(config, (message) => console.warn(message));
  // PGlite has one server (the data folder's lock): what a killed predecessor held is free at once.
  if (!config.databaseUrl) await releaseLeases(db);

  // Piped lines are gathered up to 4 KB, and written at least every second: a write per request cost a
  // kept answer of the app's reads (a few microseconds of work) a third of its time.
  const logLines = process.stdout.isTTY ? undefined : pino.destination({ dest: 1, sync: false, minLength: 4096 });
  if (logLines) setInterval(() => logLines.flush(), 1000).unref();

  const app = await buildApp({
    push,
    jobs: { leaseMs: config.jobLeaseMs },
    appReads: config.appReads,
    appOrigins: config.appOrigins,
    appLinks: config.appLinks,
    leagueTimeZone: config.leagueTimeZone,
    mail: { ...config.mail, publicUrl: config.push.publicUrl },
    db,
    uploadsDir: config.uploadsDir,
    images,
    privateImages,
    redis: redis && { client: redis, prefix: config.redis!.prefix },
    jwtSecret: await sessionSecret(config, db),
    trustProxy: config.trustProxy,
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      // Readable lines on a terminal; JSON, one object a line, when piped to a file or a collector,
      // written without blocking, in batches (see logLines).
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,path,status,ms', singleLine: true } } }
        : { stream: logLines! }),
    },
  });

  if (config.seed === 'demo' && (await isEmpty(db))) {
    app.log.info('seeding the demo league');
    await seedDemo(db, { images, adminId: admin.id, log: (msg) => app.log.info(msg) });
  }
  if (config.seed === 'lookups' && !(await db.selectFrom('sports').select('id').limit(1).executeTakeFirst())) {
    app.log.info(`seed: ${await seedLookups(db)} rows of reference lists (sports, stadiums, places…)`);
  }

  // PGlite only (one process per folder): `npm run admin` asks this server over a socket in the folder.
  // With PostgreSQL the command opens the database itself, and servers sharing a folder would fight over one socket.
  const closeAdminSocket = config.databaseUrl
    ? undefined
    : await openAdminSocket(
        config.dataDir,
        {
          db,
          backup: async (file) => {
            if (images.kind !== 'folder' || privateImages.kind !== 'folder' || !database.pglite) throw new Error(backupElsewhere(config));
            return writeBackup({ db, pglite: database.pglite, dataDir: config.dataDir, images, privateImages }, file);
          },
          images,
          stores: app.images,
        },
        (error) => app.log.warn({ err: error }, 'admin channel'),
      ).catch((error: Error) => {
        app.log.warn(`The admin channel could not open (${error.message}): npm run admin needs this server stopped.`);
        return undefined;
      });

  // Before listening: the first lists then already have the planner's statistics (about a second at 1M rows).
  const tidying = config.databaseUrl ? undefined : tidyPglite(db, (error) => app.log.warn({ err: error }, 'vacuum analyze failed'));
  await tidying?.done;

  const stopSweepingPublic = sweepEveryHour(db, images, app.log);
  const stopSweepingPrivate = sweepEveryHour(db, privateImages, app.log, { prefix: MEDIA_PREFIX });
  const stopSweeping = () => {
    stopSweepingPublic();
    stopSweepingPrivate();
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever still holds the process (a database that does not answer its close) must not keep it past 10 s.
    setTimeout(() => process.exit(1), EXIT_MS).unref();
    // Every request in flight is answered (its write committed) before the database closes.
    await drain(app, { limitMs: DRAIN_MS });
    stopSweeping();
    tidying?.stop();
    await closeAdminSocket?.();
    await app.close();
    await database.close();
    redis?.disconnect();
    await unlock?.();
    logLines?.flushSync();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Fastify's own 'Server listening at …' would repeat the line printed below.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.lifecycle.markReady();
  app.log.level = level;
  app.jobs.start();
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  // Printed rather than logged: the generated password must reach the operator once and no log file.
  console.log(`\nCrease is running at ${url}  (API docs: ${url}/docs, database: ${database.kind})`);
  console.log(`Sign in as ${admin.email}${created?.generated ? ` with the password ${created.password} (shown only this once)` : ''}`);
  if (!created?.generated) console.log('Forgot the password? npm run admin -- reset-password EMAIL');
  console.log(push.fcm ? `Push: sending through FCM (${push.fcm.apiUrl}, project ${push.fcm.account.project_id})` : 'Push: not set up (set FCM_CREDENTIALS to send notifications)');
  console.log(
    config.mail.smtpUrl && config.push.publicUrl
      ? "Mail: the fans' password resets and sign-up e-mail verifications are e-mailed through SMTP_URL"
      : `Mail: not set up (set SMTP_URL${config.push.publicUrl ? '' : ' and PUBLIC_URL'} for the fans' password resets by e-mail). ` +
          "Fans' e-mails cannot be verified: sign-ups are taken unverified and registrations do not wait for it",
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
