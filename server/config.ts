/**
 * Reads the server's settings from the environment once, with the defaults of the brief.
 * The JWT secret is generated on first start and kept in DATA_DIR so tokens survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl?: string;
  /** demo: a whole believable league; lookups: only the reference lists (sports, stadiums, places…); none: nothing. */
  seed: 'demo' | 'lookups' | 'none';
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret: string;
  /** Whose X-Forwarded-For to believe for the client's address (sign-in limits, logs); see parseTrustProxy. */
  trustProxy: TrustProxy;
}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const SECRET_FILE = 'jwt-secret';

function persistedSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

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
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || persistedSecret(dataDir),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
