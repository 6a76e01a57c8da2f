/**
 * The plain pages Crease serves to a fan's browser from a mailed link (the e-mail verification and
 * password-reset pages): no script, so the CSP's `script-src 'self'` holds, no referrer
 * (the link's token is in the address), never indexed.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const htmlPage = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
button { margin-top: 1.25rem; padding: .7rem 1.2rem; font-size: 1rem; }
p[role=alert] { color: #b00020; }
label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`;

/**
 * A person reads these pages' failures (a limit, a busy server), so within the plugin that serves
 * them an HttpError is answered as a page with the same status; anything else goes to the API's handler.
 */
export function answerErrorsAsPages(app: FastifyInstance, title: string): void {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof HttpError)) throw error;
    return reply
      .code(error.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(htmlPage(title, `<p role="alert">${escapeHtml(error.message)}</p>`));
  });
}
