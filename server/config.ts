/**
 * Reads the server's settings from the environment once, with the defaults the README lists (Configuration).
 * Without JWT_SECRET the signing key is generated once and kept (auth/secret.ts).
 */
import { APP_READS_PER_MINUTE } from '../src/domain/app';
import { isTimeZone } from '../src/domain/zones';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PushConfig } from './push/settings';
import type { AppLinks } from './routes/app-links';
import type { S3Settings } from './storage/s3-store';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** Fans' private files (players' photos) when images are in folders: never served under /uploads. */
  privateDir: string;
  databaseUrl?: string;
  /** demo: a whole believable league; lookups: only the reference lists (sports, stadiums, places…); none: nothing. */
  seed: 'demo' | 'lookups' | 'none';
  adminEmail?: string;
  adminPassword?: string;
  /** JWT_SECRET; when unset, auth/secret.ts generates one and keeps it (in the database on PostgreSQL, in DATA_DIR on PGlite). */
  jwtSecret?: string;
  /** With S3_BUCKET, images live in that bucket instead of the uploads folder. */
  s3?: S3Settings;
  /** With REDIS_URL, the sign-in limits are counted in that Redis, shared by every server. */
  redis?: { url: string; prefix: string };
  /** Whose X-Forwarded-For to believe for the client's address (sign-in limits, logs); see parseTrustProxy. */
  trustProxy: TrustProxy;
  /** Push through FCM: with a service account's key file, notifications are sent. */
  push: PushConfig;
  /** JOB_LEASE_SECONDS: how long a server's claim on a job holds unrenewed, so how soon another takes over from a dead one. */
  jobLeaseMs: number;
  /** APP_READS_PER_MINUTE: the app's public reads per address; APP_CACHE=off: no answer kept (measuring the reads). */
  appReads: { perMinute: number; cache: boolean };
  /** SMTP_URL and MAIL_FROM: the fans' password-reset and verification e-mails; without SMTP_URL, reset by e-mail is unavailable and sign-ups count as verified. */
  mail: { smtpUrl?: string; from?: string };
  /** APP_ORIGINS: the origins a web build of the fans' app is served from, allowed to call /app/v1 from a browser (CORS). */
  appOrigins: string[];
  /** ANDROID_APP_ID, ANDROID_CERT_SHA256 and IOS_APP_ID: the fans' app that opens the reset and verification links (routes/app-links.ts). */
  appLinks: AppLinks;
  /** LEAGUE_TIME_ZONE: the IANA zone the league plays in; a match's time of day without a time is read there. */
  leagueTimeZone: string;
}

const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const CERT_SHA256 = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const IOS_APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/**
 * The app-link settings, refused at start when malformed: a wrong fingerprint would make phones
 * silently ignore the file. Android needs both its variables; fingerprints are SHA-256 with colons
 * (as `keytool -list -v` or the Play Console show them), several comma-separated.
 */
export function parseAppLinks(env: NodeJS.ProcessEnv): AppLinks {
  const packageName = env.ANDROID_APP_ID?.trim() || undefined;
  const fingerprints = (env.ANDROID_CERT_SHA256 ?? '').split(',').map((part) => part.trim().toUpperCase()).filter(Boolean);
  const iosAppId = env.IOS_APP_ID?.trim() || undefined;
  if (packageName && !ANDROID_PACKAGE.test(packageName)) throw new Error(`ANDROID_APP_ID must be the app's package name, such as org.example.crease, not "${packageName}"`);
  if (Boolean(packageName) !== fingerprints.length > 0) throw new Error('ANDROID_APP_ID and ANDROID_CERT_SHA256 go together: set both, or neither');
  for (const fingerprint of fingerprints) {
    if (!CERT_SHA256.test(fingerprint)) throw new Error(`ANDROID_CERT_SHA256 must be SHA-256 fingerprints such as 14:6D:E9:…:B5 (32 pairs), comma-separated, not "${fingerprint}"`);
  }
  if (iosAppId && !IOS_APP_ID.test(iosAppId)) throw new Error(`IOS_APP_ID must be <TEAMID>.<bundle id>, such as ABCDE12345.org.example.crease, not "${iosAppId}"`);
  return { ...(packageName && { android: { packageName, fingerprints } }), ...(iosAppId && { iosAppId }) };
}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: unset or "false" believes no proxy (the socket's
 * address counts); "true" believes every hop; a number believes that many hops in front of the server;
 * anything else is a comma-separated list of the proxies' addresses or CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/**
 * APP_ORIGINS as the origins a browser sends (`https://app.example.com`, no path): a browser's
 * `Origin` is compared with them exactly, so a value that is no origin would silently allow nothing.
 */
export function parseOrigins(value: string | undefined): string[] {
  const parts = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return parts.map((part) => {
    let url: URL | undefined;
    try {
      url = new URL(part);
    } catch {
      url = undefined;
    }
    const isOrigin = url && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !url.username;
    if (!url || !isOrigin || part.replace(/\/$/, '').toLowerCase() !== url.origin) {
      throw new Error(`APP_ORIGINS must be comma-separated origins such as https://app.example.com, not "${part}"`);
    }
    return url.origin;
  });
}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive whole number, not "${value}"`);
  return number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'lookups' && seed !== 'none') throw new Error(`SEED must be "demo", "lookups" or "none", not "${seed}"`);
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    privateDir: join(dataDir, 'private'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          publicUrl: env.S3_PUBLIC_URL || undefined,
        }
      : undefined,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX || 'crease:' } : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    push: {
      credentialsFile: env.FCM_CREDENTIALS || env.GOOGLE_APPLICATION_CREDENTIALS || undefined,
      apiUrl: env.FCM_API_URL || 'https://fcm.googleapis.com',
      publicUrl: env.PUBLIC_URL || undefined,
      concurrency: positiveInteger(env.FCM_CONCURRENCY, 'FCM_CONCURRENCY', 64),
    },
    jobLeaseMs: positiveInteger(env.JOB_LEASE_SECONDS, 'JOB_LEASE_SECONDS', 30) * 1000,
    appReads: {
      perMinute: positiveInteger(env.APP_READS_PER_MINUTE, 'APP_READS_PER_MINUTE', APP_READS_PER_MINUTE),
      cache: env.APP_CACHE !== 'off',
    },
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
    appOrigins: parseOrigins(env.APP_ORIGINS),
    appLinks: parseAppLinks(env),
    leagueTimeZone: timeZone(env.LEAGUE_TIME_ZONE),
  };
}

/** LEAGUE_TIME_ZONE as an IANA zone the runtime knows ('Asia/Kolkata'); UTC when unset. */
function timeZone(value: string | undefined): string {
  const zone = value?.trim() || 'UTC';
  if (!isTimeZone(zone)) throw new Error(`LEAGUE_TIME_ZONE must be a time zone name such as "Asia/Kolkata" or "UTC", not "${value}"`);
  return zone;
}
