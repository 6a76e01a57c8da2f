/**
 * Fans' private files (players' photos), served only through signed links: `GET /media/<name>?exp&sig`
 * (storage/media-links.ts). The signature is checked before the store is asked, so a link without a
 * valid one learns nothing of which files exist: 403. A valid link to a file that is gone (its fan
 * deleted their account) is a 404 on every server, since the store is asked every time. Nothing on
 * the way may keep the bytes (`Cache-Control: private, no-store`), and with S3 the bytes come from
 * the bucket through the server, never by a redirect to S3_PUBLIC_URL.
 *
 * An admin may see every fan's files, so every private URL in an answer to an admin's session is
 * signed here; the fans' routes sign their own answers (a fan gets only their own files).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { Type } from 'typebox';
import { MEDIA } from '../../src/domain/messages';
import { HttpError } from '../errors';
import type { ConfiguredImageStore } from '../storage/configured';
import { MediaLinks, signedThroughout } from '../storage/media-links';
import { CACHE_NEVER, isSafeName, MEDIA_PREFIX } from '../storage/store';

declare module 'fastify' {
  interface FastifyInstance {
    mediaLinks: MediaLinks;
  }
}

const Query = Type.Object({ exp: Type.Optional(Type.String()), sig: Type.Optional(Type.String()) });

async function media(app: FastifyInstance, opts: { store: ConfiguredImageStore; secret: string }) {
  const links = new MediaLinks(opts.secret, () => app.clock.now());
  app.decorate('mediaLinks', links);

  app.addHook('preSerialization', async (request, _reply, payload) => (request.admin ? signedThroughout(payload, links) : payload));

  app.get<{ Params: { name: string }; Querystring: { exp?: string; sig?: string } }>(
    `${MEDIA_PREFIX}:name`,
    { schema: { hide: true, querystring: Query } },
    async (request, reply) => {
      const { name } = request.params;
      reply.header('cache-control', CACHE_NEVER);
      if (!isSafeName(name) || !links.verify(name, request.query.exp, request.query.sig)) throw new HttpError(403, MEDIA.badLink, undefined, 'link.invalid');
      const store = opts.store;
      if (store.kind === 's3') {
        const object = await store.read(name);
        if (object === undefined || object === 'not-modified') throw new HttpError(404, MEDIA.notFound);
        if (object.length !== undefined) reply.header('content-length', object.length);
        return reply.type(object.contentType ?? 'application/octet-stream').send(object.body);
      }
      const bytes = await store.get(name);
      if (!bytes) throw new HttpError(404, MEDIA.notFound);
      return reply.type((await fileTypeFromBuffer(bytes))?.mime ?? 'application/octet-stream').send(bytes);
    },
  );
}

export default fp(media, { name: 'media', dependencies: ['push'] });
