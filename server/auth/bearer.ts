/**
 * The bearer token a call carries, and the `WWW-Authenticate` challenge its 401 answers (RFC 6750 3):
 * `Bearer realm="crease"` to a call that sent no token, and with `error="invalid_token"` and the
 * reason to one whose token a guard read and refused (bad, expired, its session or account ended),
 * so an app can tell "sign in again" from "sign in first" without parsing the message.
 */
import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+(\S+)$/i;

export const REALM = 'crease';

/** Requests whose token a guard read: a 401 to them is about that token. */
const tokenRead = new WeakSet<FastifyRequest>();

/** The request's bearer token, remembered as read by a guard (the admins' or the fans'). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token) tokenRead.add(request);
  return token;
}

/**
 * A message as an auth-param's quoted string: RFC 6750 allows printable ASCII but `"` and `\`
 * (a header cannot carry other characters anyway); `…` and the like become their ASCII spelling.
 */
const quotable = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/["\\]/g, "'")
    .replace(/[^\x20-\x7e]/g, '');

export function bearerChallenge(request: FastifyRequest, message: string): string {
  if (!tokenRead.has(request)) return `Bearer realm="${REALM}"`;
  return `Bearer realm="${REALM}", error="invalid_token", error_description="${quotable(message)}"`;
}
