/**
 * The app's answers, kept by URL until a table they read changes: a repeat costs no query, and
 * `If-None-Match` gets a 304 without one.
 *
 * - Each table the app reads has a version here, moved on by the database's `content_changed`
 *   notification (a trigger raises it when a write commits, on any server: server/db/change-feeds.ts).
 *   A kept answer holds the versions it was read at; once one moved, it is read again.
 * - While the feed is not live (PostgreSQL's listening connection is down), nothing is trusted:
 *   every call reads afresh, so no server answers another's stale content for long.
 * - An answer is also kept no longer than `ttlMs` (a match moves from upcoming to played without a write).
 * - Calls for the same URL while it is being read wait for that one read (a crowd after a push).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CACHE_CONTROL } from '../../src/domain/app';
import type { ChangeFeed } from '../db/change-feeds';

export interface Answer {
  /** The JSON body, serialized once. */
  body: string;
  etag: string;
}

interface Kept extends Answer {
  tables: readonly string[];
  versions: number[];
  at: number;
}

export interface AnswersOptions {
  feed?: ChangeFeed;
  now: () => number;
  ttlMs?: number;
  /** How many URLs are kept; the least recently read goes first. */
  max?: number;
  /** Off: every call reads afresh (for measuring the read itself). */
  enabled?: boolean;
}

/** An entity tag as sent, `W/` and all: its characters may include commas, so a list is split by its quotes. */
const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/**
 * Whether `If-None-Match` names the current answer (RFC 9110 13.1.2): `*` names any, else one of its
 * listed tags must equal the ETag by weak comparison (a `W/` prefix on either side is ignored), as a
 * CDN that compressed or altered the answer sends it back.
 */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (header.match(ENTITY_TAG) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}

/** Sends an answer, or a 304 when the app already holds it. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('etag', answer.etag).header('cache-control', APP_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
  if (noneMatchHolds(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** A kept answer that is no record (a 404): the route words its message. */
export const isNothing = (answer: Answer) => answer.body === 'null';

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export class AppAnswers {
  private readonly versions = new Map<string, number>();
  /** Moved on when anything may have changed (the feed was lost or regained). */
  private epoch = 0;
  private readonly kept = new Map<string, Kept>();
  private readonly reading = new Map<string, Promise<Kept>>();
  private readonly stop?: () => void;

  constructor(private readonly options: AnswersOptions) {
    this.stop = options.feed?.subscribe((table) => {
      if (table) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
      else this.epoch++;
    });
  }

  private versionsOf(tables: readonly string[]) {
    return [this.epoch, ...tables.map((table) => this.versions.get(table) ?? 0)];
  }

  private fresh(kept: Kept) {
    if (!this.options.feed?.live || this.options.enabled === false) return false;
    if (this.options.now() - kept.at >= (this.options.ttlMs ?? 30_000)) return false;
    const now = this.versionsOf(kept.tables);
    return now.every((version, index) => version === kept.versions[index]);
  }

  /** The kept answer for `key` if still fresh, without reading (a 304's fast way). */
  peek(key: string): Answer | undefined {
    const kept = this.kept.get(key);
    return kept && this.fresh(kept) ? kept : undefined;
  }

  /**
   * The answer for `key`: kept while fresh, else read by `read` (once for every caller waiting on it).
   * `read` gives the body and what identifies its content: a body whose content is what the stale
   * one held is not new, and keeps the old body and ETag, so a phone revalidating still gets a 304
   * (the list's sync cursor, which moves with every read, is not its content).
   */
  async answer(key: string, tables: readonly string[], read: () => Promise<{ body: unknown; content: unknown }>): Promise<Answer> {
    const kept = this.peek(key);
    if (kept) return kept;
    let reading = this.reading.get(key);
    if (!reading) {
      // The versions before reading: a change during the read leaves the answer already stale.
      const versions = this.versionsOf(tables);
      const at = this.options.now();
      reading = read()
        .then(({ body: data, content }) => {
          const etag = etagOf(JSON.stringify(content));
          const stale = this.kept.get(key);
          const body = stale?.etag === etag ? stale.body : JSON.stringify(data);
          const answer: Kept = { body, etag, tables, versions, at };
          if (this.options.feed?.live && this.options.enabled !== false) this.keep(key, answer);
          return answer;
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, reading);
    }
    return reading;
  }

  private keep(key: string, answer: Kept) {
    this.kept.delete(key);
    this.kept.set(key, answer);
    const max = this.options.max ?? 5_000;
    if (this.kept.size > max) this.kept.delete(this.kept.keys().next().value!);
  }

  close() {
    this.stop?.();
  }
}
