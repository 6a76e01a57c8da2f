/**
 * Checks a form body against the rules its schema was built from (schemas/form.ts), before the
 * schema's own validation, so a failing request answers every failing field with its rule's message.
 * An image field holds a file only when the multipart parser put one there: any other value sent
 * for it (a URL string in JSON, an object shaped like a file) is refused, a blank one means no file.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkForm } from '../../src/domain/rules';
import { badRequest } from '../errors';
import { rulesOf } from '../schemas/form';
import { isUploadedImage } from '../storage/images';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The field errors of a form route's own checks (a registration's players, by their paths): answered
     * in the same 400 as the rules' errors, so a client hears of every bad field at once.
     */
    moreFieldErrors?: (request: FastifyRequest, body: Record<string, unknown>) => Record<string, string>;
  }
}

const isNoFile = (value: unknown) => value === undefined || value === null || value === '';

async function forms(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const rules = rulesOf(request.routeOptions.schema?.body);
    if (!rules) return;
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const errors = checkForm(rules, body);
    for (const [field, rule] of Object.entries(rules)) {
      const value = body[field];
      if (rule.image && !errors[field] && !isNoFile(value) && !isUploadedImage(value)) errors[field] = rule.image.notAnImage;
    }
    for (const [field, message] of Object.entries(request.routeOptions.config.moreFieldErrors?.(request, body) ?? {})) errors[field] ??= message;
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
}

export default fp(forms, { name: 'forms', dependencies: ['uploads'] });
