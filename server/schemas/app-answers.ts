/**
 * An /app/v1 route's answers, every status it can give, for its schema's `response`: the success
 * envelope around its data, each error as the named `Error`, each with the headers it carries and
 * an example. The document (plugins/docs.ts) shows them, and in tests every answer is checked
 * against them (plugins/answer-check.ts), so a status or header a route gives and this does not
 * list fails there.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { APP_CACHE_CONTROL, APP_TEXTS } from '../../src/domain/app';
import { FAN_TEXTS } from '../../src/domain/fans';
import type { ErrorCode } from '../../src/domain/error-codes';
import { UPLOAD } from '../../src/domain/messages';
import { AppError, appRef, exampleOf } from './app';

/** The statuses an /app/v1 answer may have besides 200. */
export type AppStatus = 304 | 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

const header = (description: string, example: string) => ({ type: 'string', description, example, required: true });

/** The draft-ietf-httpapi-ratelimit-headers fields every /app/v1 answer names its limit in. */
const RATE_LIMIT = {
  'RateLimit-Policy': header('The limit this call counted in: its name, quota and window in seconds', '"reads";q=1200;w=60'),
  RateLimit: header('What this address has left in that window, and the seconds until it ends', '"reads";r=1187;t=42'),
};
const CACHING = {
  ETag: header('Send back as If-None-Match: an unchanged answer is a 304', '"Hj8aQ0B3oXkq1sV2n0kqz0w9cE8"'),
  'Cache-Control': header('Phones and CDNs may keep the answer this long', APP_CACHE_CONTROL),
};
const RETRY_AFTER = { 'Retry-After': header('Seconds to wait before calling again', '60') };

/** What each error status means, and an example of its code and message. */
const ERRORS: Record<Exclude<AppStatus, 304>, { code: ErrorCode; description: string; message: string }> = {
  400: { code: 'validation.failed', description: 'Bad input: nothing changed; `errors` holds each invalid field\'s message', message: APP_TEXTS.limitInvalid },
  401: { code: 'auth.session_ended', description: 'Not signed in, or the session ended: sign in again (`auth.token_expired`: refresh the access token instead)', message: FAN_TEXTS.sessionEnded },
  403: { code: 'auth.email_not_verified', description: 'Not allowed yet (the e-mail is not verified)', message: FAN_TEXTS.emailNotVerified },
  404: { code: 'not_found', description: 'No such record the app may see', message: APP_TEXTS.notFound('News') },
  409: { code: 'conflict', description: 'Conflicts with what is kept (an e-mail already signed up, a registration already pending)', message: FAN_TEXTS.emailTaken },
  410: { code: 'cursor.expired', description: 'The cursor is too old: load the list afresh', message: APP_TEXTS.sinceExpired },
  413: { code: 'upload.too_large', description: 'Too large (a photo over 5 MB, too many parts); `errors` names the part', message: UPLOAD.tooLarge },
  415: { code: 'upload.not_an_image', description: 'Not a type this call takes (a photo that is no image)', message: UPLOAD.notAnImage },
  429: { code: 'rate_limited', description: 'Too many calls: wait `Retry-After` seconds', message: APP_TEXTS.tooManyReads },
  503: { code: 'unavailable', description: 'The server is busy: try again after `Retry-After` seconds', message: UPLOAD.busy },
};

export interface AppAnswerOptions<T extends TSchema> {
  /** A real-looking `data` for the 200's example (else one made from the schema). */
  example?: Static<T>;
  /** The 200's message. */
  message?: string;
  /** What the 200 means. */
  description: string;
  /** Every other status the route can answer. */
  statuses: readonly AppStatus[];
  /** A read with an ETag and Cache-Control (304 on If-None-Match). */
  cached?: boolean;
  /** Examples of the errors' messages where the default does not fit this route. */
  messages?: Partial<Record<AppStatus, string>>;
  /** An example of a 400's field errors (its message is the first), for a route that takes a body. */
  fieldErrors?: Record<string, string>;
}

/** `response` for an /app/v1 route: 200 with `{ success, data, message }`, and each status in `statuses`. */
export function appAnswers<T extends TSchema>(data: T, options: AppAnswerOptions<T>) {
  return answersAround(Type.Object({ success: Type.Literal(true), data, message: Type.String() }, { additionalProperties: false }), options);
}

/** `response` around a route's own 200 envelope (plugins/app-contract.ts gives every /app/v1 route its statuses so). */
export function answersAround<T extends TSchema>(envelope: TSchema, options: AppAnswerOptions<T>) {
  const message = options.message ?? APP_TEXTS.fetched;
  const data = (envelope as { properties?: { data?: TSchema } }).properties?.data;
  const example = options.example !== undefined ? options.example : data ? exampleOf(data) : null;
  const ok = {
    ...envelope,
    description: options.description,
    headers: { ...(options.cached && CACHING), ...RATE_LIMIT },
    examples: [{ success: true, data: example, message }],
  };
  const response: Record<number, TSchema> = {};
  for (const status of options.statuses) {
    if (status === 304) {
      response[304] = { type: 'null', description: 'Not modified: the answer the app holds (its If-None-Match) is current; no body', headers: { ...CACHING, ...RATE_LIMIT } } as TSchema;
      continue;
    }
    const error = ERRORS[status];
    // `allOf` rather than a bare `$ref`, so the example and description sit beside it.
    response[status] = {
      allOf: [appRef(AppError)],
      description: error.description,
      headers: { ...(status === 429 || status === 503 ? RETRY_AFTER : {}), ...RATE_LIMIT },
      examples: [
        status === 400 && options.fieldErrors
          ? { success: false, code: error.code, message: Object.values(options.fieldErrors)[0], errors: options.fieldErrors }
          : { success: false, code: error.code, message: options.messages?.[status] ?? error.message },
      ],
    } as TSchema;
  }
  return { 200: ok as typeof ok & TSchema, ...(response as Record<AppStatus, TSchema>) };
}

/** The `If-None-Match` request header of a conditional read. */
export const IfNoneMatch = Type.Object({
  'if-none-match': Type.Optional(Type.String({ description: 'The ETag the app holds (weak, a comma-separated list, or `*` too): a 304 while it is current' })),
});
