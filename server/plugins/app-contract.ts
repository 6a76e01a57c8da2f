/**
 * Every /app/v1 route's contract beyond its own schema: its `operationId` and every status it can
 * answer, each with its headers and an example (schemas/app-answers.ts), as APP_OPERATIONS lists
 * them. A route that writes its answers out itself (content.ts) is left as it is; any other with
 * `4xx`/`5xx` gets the statuses listed for it. A route missing from the list keeps its schema and
 * fails the document's test (test/server/app-document.test.ts), which says to add it here.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { APP_TEXTS } from '../../src/domain/app';
import { APP_REGISTRATION_TEXTS } from '../../src/domain/app-registrations';
import { FAN_TEXTS } from '../../src/domain/fans';
import { PUSH_TEXTS } from '../../src/domain/push';
import { answersAround, IfNoneMatch, type AppStatus } from '../schemas/app-answers';

export interface AppOperation {
  operationId: string;
  /** Every status besides 200. */
  statuses: readonly AppStatus[];
  /** What the 200 means. */
  description: string;
  /** A read with an ETag (304 on If-None-Match). */
  cached?: boolean;
  /** The 200's message, as the route words it. */
  message?: string;
  /** Examples of the errors' messages where the defaults do not fit. */
  messages?: Partial<Record<AppStatus, string>>;
  /** An example of a 400's field errors. */
  fieldErrors?: Record<string, string>;
}

/**
 * What any call with a body may also answer: its JSON too large, or a type it does not take. Every call
 * may answer 400: a query or a header the server refuses (a NUL byte in it), on a route that reads none too.
 */
const BODY = [413, 415] as const;

/** Each hand-written /app/v1 route (the content routes write theirs in content.ts), by `METHOD /path`. */
export const APP_OPERATIONS: Record<string, AppOperation> = {
  'POST /app/v1/account': {
    operationId: 'signUp',
    statuses: [400, 409, ...BODY, 429],
    description: 'Signed up and signed in',
    message: FAN_TEXTS.signedUp,
    fieldErrors: { name: FAN_TEXTS.nameRequired, email: FAN_TEXTS.emailInvalid },
  },
  'POST /app/v1/login': { operationId: 'signIn', statuses: [400, 401, ...BODY, 429], description: 'Signed in', message: FAN_TEXTS.signedIn, messages: { 401: FAN_TEXTS.invalidCredentials } },
  'POST /app/v1/logout': { operationId: 'signOut', statuses: [400, 401, ...BODY, 429], description: 'Signed out', message: FAN_TEXTS.signedOut },
  'POST /app/v1/session/refresh': {
    operationId: 'refreshSession',
    statuses: [400, 401, ...BODY, 429],
    description: 'A new access token and a new refresh token (the one sent is spent)',
    message: FAN_TEXTS.refreshed,
    messages: { 401: FAN_TEXTS.refreshEnded },
  },
  'GET /app/v1/account': { operationId: 'getAccount', statuses: [400, 401, 429], description: "The fan's profile" },
  'PUT /app/v1/account': { operationId: 'updateAccount', statuses: [400, 401, ...BODY, 429], description: 'The profile as changed', message: FAN_TEXTS.updated },
  'PUT /app/v1/account/password': {
    operationId: 'changePassword',
    statuses: [400, 401, ...BODY, 429],
    description: 'Changed',
    message: FAN_TEXTS.passwordChanged,
    fieldErrors: { newPassword: FAN_TEXTS.newPasswordTooShort },
  },
  'POST /app/v1/account/forgot': { operationId: 'forgotPassword', statuses: [400, 409, ...BODY, 429], description: 'A link was mailed if the account exists', message: FAN_TEXTS.forgotSent, messages: { 409: FAN_TEXTS.resetUnavailable } },
  'POST /app/v1/account/reset': { operationId: 'resetPassword', statuses: [400, ...BODY, 429], description: 'The password is reset', message: FAN_TEXTS.resetDone, messages: { 400: FAN_TEXTS.resetTokenInvalid } },
  'POST /app/v1/account/verify': { operationId: 'verifyEmail', statuses: [400, ...BODY, 429], description: 'The e-mail is verified', message: FAN_TEXTS.emailVerified, messages: { 400: FAN_TEXTS.verifyTokenInvalid } },
  'POST /app/v1/account/verify/resend': {
    operationId: 'resendVerification',
    statuses: [400, 401, 409, 410, 429],
    description: 'The link was mailed again',
    message: FAN_TEXTS.verifySent,
    messages: { 409: FAN_TEXTS.alreadyVerified, 410: FAN_TEXTS.verifyLapsed },
  },
  'GET /app/v1/account/export': { operationId: 'exportAccount', statuses: [400, 401, 429], description: 'Everything kept about the fan', message: FAN_TEXTS.exported },
  'DELETE /app/v1/account': { operationId: 'deleteAccount', statuses: [400, 401, ...BODY, 429], description: 'The account and its personal data are gone', message: FAN_TEXTS.deleted, messages: { 400: FAN_TEXTS.wrongPassword } },
  'POST /app/v1/devices': { operationId: 'registerDevice', statuses: [400, 401, ...BODY, 429], description: 'The phone is registered for pushes', fieldErrors: { token: PUSH_TEXTS.tokenInvalid } },
  'DELETE /app/v1/devices/:token': { operationId: 'removeDevice', statuses: [400, 404, 429], description: 'The phone gets no more pushes' },
  'POST /app/v1/registrations': {
    operationId: 'sendRegistration',
    statuses: [400, 401, 403, 409, ...BODY, 429, 503],
    description: 'The registration, pending until the league decides',
    message: APP_REGISTRATION_TEXTS.submitted,
    fieldErrors: { 'players.1.photo': APP_REGISTRATION_TEXTS.player(1, APP_REGISTRATION_TEXTS.photoRequired) },
    messages: { 409: APP_REGISTRATION_TEXTS.pendingExists },
  },
  'GET /app/v1/registrations': { operationId: 'listRegistrations', statuses: [400, 401, 429], description: "The fan's registrations, newest first" },
  'GET /app/v1/registrations/:id': { operationId: 'getRegistration', statuses: [400, 401, 404, 429], description: 'The registration with its status and players' },
  'GET /app/v1/states': { operationId: 'listStates', statuses: [304, 400, 429], description: 'Every state, by name', cached: true },
  'GET /app/v1/districts': { operationId: 'listDistricts', statuses: [304, 400, 429], description: "The state's districts, by name", cached: true },
  'GET /app/v1/cities': { operationId: 'listCities', statuses: [304, 400, 429], description: "The district's cities, by name", cached: true },
};

/** A route's key in APP_OPERATIONS. */
export const operationKey = (method: string, url: string) => `${method} ${url}`;

function contract(route: RouteOptions) {
  const methods = [route.method].flat();
  if (!route.url.startsWith('/app/v1/') || methods.includes('HEAD')) return;
  const schema = route.schema as { operationId?: string; response?: Record<string, TSchema> } | undefined;
  const response = schema?.response;
  const operation = APP_OPERATIONS[operationKey(methods[0], route.url)];
  if (!schema || !response || !operation || !('4xx' in response)) return;
  schema.operationId ??= operation.operationId;
  if (operation.cached) (schema as { headers?: TSchema }).headers ??= IfNoneMatch;
  const envelope = response[200] ?? response['200'];
  schema.response = answersAround(envelope, { ...operation, message: operation.message ?? APP_TEXTS.fetched });
}

async function appContract(app: FastifyInstance) {
  app.addHook('onRoute', contract);
}

export default fp(appContract, { name: 'app-contract' });
