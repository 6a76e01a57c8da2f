/**
 * Checks a form body against the rules its schema was built from (schemas/form.ts), before the
 * schema's own validation, so a failing request answers every failing field with the spec's message.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkForm } from '../../src/domain/rules';
import { badRequest } from '../errors';
import { rulesOf } from '../schemas/form';

async function forms(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const rules = rulesOf(request.routeOptions.schema?.body);
    if (!rules) return;
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const errors = checkForm(rules, body);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  });
}

export default fp(forms, { name: 'forms', dependencies: ['uploads'] });
