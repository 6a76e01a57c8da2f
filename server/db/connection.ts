/**
 * Opens the database: a real PostgreSQL when a URL is given, otherwise PGlite in a data folder.
 * Both go through pg.Pool and Kysely's PostgresDialect, so every query is written once.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { ChangeFeed, ADMINS_CHANNEL, CONTENT_CHANNEL, listenOnPostgres, registerChangeFeeds, writesAdmins } from './change-feeds';
import type { Database } from './schema';
import { migrateToLatest } from './migrate';

export type Db = Kysely<Database>;

export type DatabaseOptions =
  | { url: string }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { dataDir?: string };

export interface OpenDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The embedded database itself (PGlite only): backups dump it (see backup.ts). */
  pglite?: PGlite;
  close(): Promise<void>;
}

// COUNT(*) and bigint come back as strings; ids and totals are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Each query statement is prepared once per connection, under a name derived from its text, and
 * reused: PostgreSQL then parses it once rather than on every call. Statements are per
 * connection, so servers sharing a database need nothing in common.
 *
 * A statement that writes `admins` is reported to `changes` once done, and again when its
 * transaction ends: this server drops what it knows of admins at once, without waiting for the
 * notification the commit raises (which tells the other servers).
 */
function preparedStatements(pool: pg.Pool, changes: ChangeFeed): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `q${createHash('sha1').update(text).digest('base64url')}`));
    return name;
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wroteAdmins = false;
      const query = async (text: string, values: unknown[]) => {
        const result = await (PREPARABLE.test(text) ? client.query({ name: nameOf(text), text, values }) : client.query(text, values));
        if (writesAdmins(text)) {
          wroteAdmins = true;
          changes.changed();
        } else if (wroteAdmins && ENDS_TRANSACTION.test(text)) {
          wroteAdmins = false;
          changes.changed();
        }
        return result;
      };
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => {
          if (wroteAdmins) changes.changed();
          client.release();
        },
      };
    },
    end: () => pool.end(),
  };
}

/** Queries only: transaction control and schema changes run as they come. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const ENDS_TRANSACTION = /^\s*(commit|rollback|end)\b/i;

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (a restart, an admin's terminate) is dropped from the pool
    // and replaced on the next query; unheard, pg would raise it as an uncaught exception.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const changes = new ChangeFeed(listenOnPostgres(options.url, ADMINS_CHANNEL));
    const content = new ChangeFeed(listenOnPostgres(options.url, CONTENT_CHANNEL));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements(pool, changes) }) });
    registerChangeFeeds(db, { admins: changes, content });
    await migrateToLatest(db as Kysely<unknown>);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await changes.close();
        await content.close();
        await db.destroy();
      },
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm must be loaded at every open: the trigram indexes need it to answer queries.
  return wrapPglite(await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } }));
}

/** Wraps an already open PGlite (e.g. the tests' copy of a migrated template) and migrates it. */
export async function wrapPglite(pglite: PGlite): Promise<OpenDatabase> {
  // PGlite is a single connection: a pool of one keeps transactions on their own handle.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const changes = new ChangeFeed((onNotify) => pglite.listen(ADMINS_CHANNEL, onNotify));
  const content = new ChangeFeed((onNotify) => pglite.listen(CONTENT_CHANNEL, onNotify));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements(pool, changes) }) });
  registerChangeFeeds(db, { admins: changes, content });
  await migrateToLatest(db as Kysely<unknown>);
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await changes.close();
      await content.close();
      await db.destroy();
      await pglite.close();
    },
  };
}
