import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { GENERIC, NEWS_TEXTS, NOT_FOUND, VALIDATION } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { badRequest, found } from '../errors';
import * as news from '../repositories/news';
import { optionalText } from '../repositories/values';
import { imageUpdates, versionOf } from '../repositories/writes';
import { isBlankHtml, sanitizeNewsHtml } from '../sanitize';
import { ok, responses } from '../schemas/envelope';
import { MULTIPART } from '../schemas/form';
import { Page } from '../schemas/list';
import { News, NewsBody, NewsListQuery, NewsStats, NewsUpdateBody } from '../schemas/news';
import { IdParams } from '../schemas/params';
import { withSavedImages } from '../storage/saved-images';

const tags = ['news'];

const newsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  /** The stored fields of a form: the description cleaned, tags as a list (none when absent). */
  const fieldsOf = (body: Static<typeof NewsBody>) => {
    const description = sanitizeNewsHtml(body.description);
    // Cleaning may leave nothing (a description that was only a script): that is no description.
    if (isBlankHtml(description)) throw badRequest({ description: VALIDATION.descriptionRequired });
    return {
      title: body.title.trim(),
      small_description: body.small_description.trim(),
      description,
      tags: [...new Set(body.tags ?? [])],
      category: optionalText(body.category),
    };
  };

  app.get(
    '/news',
    { schema: { tags, summary: 'List news (search: title, description or tags)', querystring: NewsListQuery, response: responses(Page(News)) } },
    async (request) => ok(await news.listNews(db, request.query), GENERIC.fetched),
  );

  // A static path: Fastify's router prefers it to '/news/:id' whatever the order of registration.
  app.get(
    '/news/stats',
    { schema: { tags, summary: 'Stat figures over all news: total, created this week, distinct categories', response: responses(NewsStats) } },
    async () => ok(await news.newsStats(db, new Date()), GENERIC.fetched),
  );

  app.get(
    '/news/:id',
    { schema: { tags, summary: 'One article', params: IdParams, response: responses(News) } },
    async (request) => ok(found(await news.findNews(db, request.params.id), NOT_FOUND.news), GENERIC.fetched),
  );

  app.post(
    '/news',
    { schema: { tags, summary: 'Add an article', consumes: MULTIPART, body: NewsBody, response: responses(News) } },
    async (request) => {
      const fields = fieldsOf(request.body);
      const article = await withSavedImages(app.images, { image: request.body.image }, ({ image }) =>
        news.createNews(db, request.admin.id, { ...fields, image }),
      );
      return ok(article, NEWS_TEXTS.createSuccess);
    },
  );

  app.put(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'Edit an article (an absent image keeps the current one; removeImages ["image"] removes it)',
        consumes: MULTIPART,
        params: IdParams,
        body: NewsUpdateBody,
        response: responses(News),
      },
    },
    async (request) => {
      const fields = fieldsOf(request.body);
      const { image, removeImages } = request.body;
      const { record, replaced } = await withSavedImages(app.images, { image }, async (urls) =>
        found(await news.updateNews(db, request.admin.id, request.params.id, { ...fields, ...imageUpdates(urls, removeImages) }, { version: versionOf(request.body.updatedAt) }), NOT_FOUND.news),
      );
      await app.images.remove(replaced);
      return ok(record, NEWS_TEXTS.editSuccess);
    },
  );

  app.delete(
    '/news/:id',
    { schema: { tags, summary: 'Delete an article', params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const { image } = found(await news.deleteNews(db, request.admin.id, request.params.id), NOT_FOUND.news);
      await app.images.remove(image);
      return ok(null, NEWS_TEXTS.deleteSuccess);
    },
  );
};

export default newsRoutes;
