/**
 * The page a reset e-mail's link opens (`PUBLIC_URL/reset-password?token=…`), served by Crease as
 * the privacy policy is, outside the admin app: a plain HTML form (no script, so the CSP's
 * `script-src 'self'` holds) that posts the token and the new password back here, and the answer
 * says whether it worked. The app may instead catch the link and call POST /app/v1/account/reset.
 */
import type { FastifyPluginAsync } from 'fastify';
import { FAN_PASSWORD, FAN_TEXTS, RESET_PAGE_PATH } from '../../src/domain/fans';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/connection';
import { answerErrorsAsPages, escapeHtml, htmlPage } from '../http/html-page';
import { useReset } from '../repositories/fans';
import type { FanAccountLimits } from '../http/limits';

const page = (body: string) => htmlPage(FAN_TEXTS.pageTitle, body);

const form = (token: string, error?: string) =>
  page(`${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${RESET_PAGE_PATH}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">${escapeHtml(FAN_TEXTS.pageNewPassword)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${FAN_PASSWORD.minLength}" maxlength="${FAN_PASSWORD.maxLength}">
<label for="confirm">${escapeHtml(FAN_TEXTS.pageConfirm)}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="${FAN_PASSWORD.minLength}" maxlength="${FAN_PASSWORD.maxLength}">
<button type="submit">${escapeHtml(FAN_TEXTS.pageSubmit)}</button>
</form>`);

const resetPageRoutes: FastifyPluginAsync<{ db: Db; limits: FanAccountLimits }> = async (app, { db, limits }) => {
  // Only this page's form posts this type; parsed here, within this plugin alone.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(RESET_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (typeof token !== 'string' || token === '') return reply.code(400).send(page(`<p role="alert">${escapeHtml(FAN_TEXTS.pageMissingToken)}</p>`));
    return form(token);
  });

  answerErrorsAsPages(app, FAN_TEXTS.pageTitle);

  // The JSON reset's limit, counted in the same counter, so the form is no way around it.
  app.post(RESET_PAGE_PATH, { schema: { hide: true }, onRequest: limits.address }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token.slice(0, 200) : '';
    const password = typeof body.password === 'string' ? body.password : '';
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!token) return reply.code(400).send(page(`<p role="alert">${escapeHtml(FAN_TEXTS.pageMissingToken)}</p>`));
    if (password.length < FAN_PASSWORD.minLength || password.length > FAN_PASSWORD.maxLength) return reply.code(400).send(form(token, FAN_TEXTS.passwordTooShort));
    if (password !== body.confirm) return reply.code(400).send(form(token, FAN_TEXTS.pageMismatch));
    const user = await useReset(db, token, await app.checkPassword(() => hashPassword(password)), app.clock.now());
    if (!user) return reply.code(400).send(page(`<p role="alert">${escapeHtml(FAN_TEXTS.resetTokenInvalid)}</p>`));
    return page(`<p role="status">${escapeHtml(FAN_TEXTS.pageDone)}</p>`);
  });
};

export default resetPageRoutes;
