/**
 * The page a sign-up's verification link opens (`PUBLIC_URL/verify-email?token=…`), served by Crease
 * as the reset page is. Opening it changes nothing: mail scanners fetch links, so the page shows a
 * button that posts the token back here, and the answer says whether the e-mail is now verified. The
 * app may instead catch the link and call POST /app/v1/account/verify. Both are limited per address.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { FAN_TEXTS, VERIFY_PAGE_PATH } from '../../src/domain/fans';
import type { Db } from '../db/connection';
import { removeUnverifiedJob } from '../jobs/remove-unverified';
import { useVerification } from '../repositories/verification';
import type { FanAccountLimits } from '../http/limits';
import { answerErrorsAsPages, escapeHtml, htmlPage } from '../http/html-page';

const TOKEN_MAX = 200;
const page = (body: string) => htmlPage(FAN_TEXTS.verifyPageTitle, body);
const alert = (text: string) => page(`<p role="alert">${escapeHtml(text)}</p>`);

const asPage = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

const verifyPageRoutes: FastifyPluginAsync<{ db: Db; limits: FanAccountLimits }> = async (app, { db, limits }) => {
  answerErrorsAsPages(app, FAN_TEXTS.verifyPageTitle);
  // Only this page's button posts this type; parsed here, within this plugin alone.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(VERIFY_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    asPage(reply);
    if (typeof token !== 'string' || token === '' || token.length > TOKEN_MAX) return reply.code(400).send(alert(FAN_TEXTS.verifyPageMissingToken));
    return page(`<p>${escapeHtml(FAN_TEXTS.verifyPageIntro)}</p>
<form method="post" action="${VERIFY_PAGE_PATH}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${escapeHtml(FAN_TEXTS.verifyPageSubmit)}</button>
</form>`);
  });

  app.post(VERIFY_PAGE_PATH, { onRequest: limits.verify, schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    asPage(reply);
    if (!token || token.length > TOKEN_MAX) return reply.code(400).send(alert(FAN_TEXTS.verifyPageMissingToken));
    if (!(await useVerification(db, token, app.clock.now(), removeUnverifiedJob))) return reply.code(400).send(alert(FAN_TEXTS.verifyTokenInvalid));
    return page(`<p role="status">${escapeHtml(FAN_TEXTS.verifyPageDone)}</p>`);
  });
};

export default verifyPageRoutes;
