/**
 * The fans' app registers where pushes go: `POST /app/v1/devices` stores or refreshes an FCM
 * registration token, `DELETE /app/v1/devices/{token}` removes it. No sign-in (a fan may have no
 * account), so each address is limited, generously: a carrier's NAT puts many phones behind one.
 * Registered with a fan's token (signed in), the phone is linked to that fan until they sign out;
 * a token sent must be a live fan session (an admin's is refused).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEVICE_REGISTRATIONS_PER_MINUTE, DEVICE_TOKEN, PLATFORMS, PUSH_TEXTS } from '../../../src/domain/push';
import type { Db } from '../../db/connection';
import { optionalFan } from '../../auth/fan-sessions';
import { found } from '../../errors';
import { linkDevice } from '../../repositories/fans';
import { removeDevice, saveDevice } from '../../repositories/devices';
import { documentAs } from '../../schemas/app';
import { ok, responses } from '../../schemas/envelope';
import { withInvalidMessage } from '../../schemas/invalid-message';
import { addressLimit } from '../../http/limits';

const Token = withInvalidMessage(Type.String({ ...DEVICE_TOKEN, description: 'The FCM registration token the app got from Firebase' }), PUSH_TEXTS.tokenInvalid);
const Platform = withInvalidMessage(Type.Union(PLATFORMS.map((platform) => Type.Literal(platform))), PUSH_TEXTS.platformInvalid);
const Device = documentAs('Device', Type.Object({ token: Token, platform: Platform }));
const Saved = documentAs('SavedDevice', Type.Object({ token: Type.String(), platform: Type.String(), created: Type.Boolean({ description: 'False when a known token was refreshed' }) }));

const deviceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const tags = ['app'];
  const limit = addressLimit(app, 'devices', DEVICE_REGISTRATIONS_PER_MINUTE, PUSH_TEXTS.tooManyDevices);

  app.post(
    '/devices',
    {
      onRequest: limit,
      preHandler: optionalFan(db),
      schema: { tags, summary: 'Register a phone for push, or refresh it (linked to the fan when signed in)', security: [{}, { bearer: [] }], body: Device, response: responses(Saved) },
    },
    async (request) => {
      const { token, platform } = request.body;
      const { created } = await saveDevice(db, token, platform, app.clock.now());
      if (request.fan) await linkDevice(db, token, request.fan.id);
      return ok({ token, platform, created }, PUSH_TEXTS.deviceSaved);
    },
  );

  app.delete(
    '/devices/:token',
    {
      onRequest: limit,
      schema: { tags, summary: 'Stop pushes to a phone', security: [], params: Type.Object({ token: Token }), response: responses(Type.Null()) },
    },
    async (request) => {
      found((await removeDevice(db, request.params.token)) || undefined, PUSH_TEXTS.deviceNotFound);
      return ok(null, PUSH_TEXTS.deviceRemoved);
    },
  );
};

export default deviceRoutes;
