/**
 * The fans' app's OpenAPI document (/docs/app-v1.json, kept as docs/openapi/app-v1.json): the file
 * is the document served; every operation is named, lists every status with its headers and an
 * example that holds to it; the records are named and closed; and an answer that differs from the
 * document is caught (plugins/answer-check.ts, on for every test server).
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, entityNamed } from '../../src/domain/declared';
import { appFieldsOf } from '../../src/domain/entity';
import { documentText, APP_DOCUMENT_FILE } from '../../server/cli/openapi';
import { answerChecker } from '../../server/plugins/answer-check';
import { APP_OPERATIONS } from '../../server/plugins/app-contract';
import type { OpenApiDocument } from '../../server/plugins/app-document';
import { appSchemaName } from '../../server/schemas/app';
import { declaredRecord } from './fixtures';
import { createTestServer, type TestServer } from './harness';

type Json = Record<string, unknown>;

let server: TestServer;
let document: OpenApiDocument;
beforeAll(async () => {
  server = await createTestServer();
  document = (await server.app.inject({ url: '/docs/app-v1.json' })).json();
});
afterAll(() => server.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Json })));

describe('the document', () => {
  it('is the one kept in docs/openapi/app-v1.json', async () => {
    const kept = await readFile(APP_DOCUMENT_FILE, 'utf8');
    expect(kept === documentText(document), 'docs/openapi/app-v1.json differs from the served document: run `npm run openapi:write` and commit it').toBe(true);
  });

  it('lists every hand-written /app/v1 route of APP_OPERATIONS, and every route with each status it answers', () => {
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    for (const key of Object.keys(APP_OPERATIONS)) expect(documented, `${key} is in APP_OPERATIONS but not in the document`).toContain(key);
    for (const { path, method, operation } of operations()) {
      const responses = Object.keys(operation.responses as Json);
      expect(responses.filter((status) => /X/.test(status)), `${method} ${path} lists statuses by class: add it to APP_OPERATIONS (server/plugins/app-contract.ts)`).toEqual([]);
      if (responses.includes('304')) expect(operation.parameters, `${method} ${path} answers 304 and asks no If-None-Match`).toContainEqual(expect.objectContaining({ in: 'header', name: 'if-none-match' }));
    }
  });

  it('names every operation once, and gives each answer an example that holds to it', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const check = answerChecker(document);
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const headers = Object.fromEntries(Object.keys((response.headers ?? {}) as Json).map((name) => [name.toLowerCase(), 'x']));
        const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
        if (status === '304') {
          expect(media).toBeUndefined();
          continue;
        }
        expect(media?.example, `${method} ${path} ${status} has no example`).toBeDefined();
        expect(check({ method, route: path, status: Number(status), headers, body: JSON.stringify(media!.example) })).toEqual([]);
      }
    }
  });

  it('describes the headers: ETag and Cache-Control on reads, RateLimit on every answer, Retry-After on a 429, If-None-Match asked', () => {
    const list = document.paths['/app/v1/news'].get as Json;
    const responses = list.responses as Record<string, Json>;
    expect(Object.keys(responses).sort()).toEqual(['200', '304', '400', '410', '429']);
    expect(Object.keys(responses[200].headers as Json)).toEqual(['ETag', 'Cache-Control', 'RateLimit-Policy', 'RateLimit']);
    expect(Object.keys(responses[429].headers as Json)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit']);
    expect(list.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'if-none-match' }));
    for (const { operation } of operations()) for (const response of Object.values(operation.responses as Record<string, Json>)) expect(response.headers).toHaveProperty('RateLimit');
  });

  it('names each record from its declaration, closed, with precise fields', () => {
    const schemas = document.components.schemas!;
    for (const entity of ENTITIES.filter((declared) => declared.app)) {
      const record = schemas[appSchemaName(entity)] as { properties: Json; additionalProperties: boolean };
      expect(record.additionalProperties, appSchemaName(entity)).toBe(false);
      expect(Object.keys(record.properties)).toEqual(['_id', ...appFieldsOf(entity.app!)]);
    }
    for (const name of ['News', 'Video', 'Match', 'Team', 'Player', 'Slide', 'Notification', 'Image', 'NewsPage', 'NewsSync', 'Error', 'RegistrationPlayer', 'Session', 'Profile', 'Device', 'Registration']) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect((schemas.News as { properties: Json }).properties.title).toMatchObject({ type: 'string' });
    expect((schemas.Image as { properties: Json }).properties.width).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'null' }] });
    expect((schemas.News as { properties: Json }).properties.image).toMatchObject({ anyOf: [{ $ref: '#/components/schemas/Image' }, { type: 'null' }] });
    expect(JSON.stringify(document)).not.toContain('"additionalProperties":true');
  });

  it("describes the registration's players as a JSON array of RegistrationPlayer, and their photos as parts", () => {
    const body = (document.paths['/app/v1/registrations'].post as Json).requestBody as Json;
    const multipart = (body.content as Record<string, Json>)['multipart/form-data'];
    expect(multipart.encoding).toMatchObject({ players: { contentType: 'application/json' }, 'players.0.photo': { contentType: 'image/*' } });
    const form = document.components.schemas!.RegistrationForm as { properties: Record<string, Json>; required: string[] };
    expect(form.properties.players.contentSchema).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/RegistrationPlayer' } });
    expect(form.properties['players.0.photo']).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toContain('players');
  });

  it('names PUBLIC_URL as its server when set', async () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const other = await createTestServer({ mail: { publicUrl: 'https://league.example.org' } });
    try {
      expect((await other.app.inject({ url: '/docs/app-v1.json' })).json().servers).toEqual([expect.objectContaining({ url: 'https://league.example.org' })]);
    } finally {
      await other.close();
    }
  });
});

describe('an answer that differs from the document', () => {
  it('is told apart: a missing field, an undocumented status, a missing header', async () => {
    const check = answerChecker(document);
    await declaredRecord(server, entityNamed('news')!);
    const answer = await server.app.inject({ url: '/app/v1/news' });
    expect(answer.statusCode).toBe(200);
    const real = { method: 'GET', route: '/app/v1/news', status: 200, headers: answer.headers, body: answer.body };
    expect(check(real)).toEqual([]);

    const body = answer.json();
    delete body.data.docs[0].title;
    body.data.docs[0].extra = 1;
    const problems = check({ ...real, body: JSON.stringify(body) });
    expect(problems.join('\n')).toMatch(/must have required property 'title'/);
    expect(problems.join('\n')).toMatch(/must NOT have additional properties/);
    expect(check({ ...real, status: 418 })).toEqual([expect.stringMatching(/answered 418, which the document does not list/)]);
    expect(check({ ...real, headers: { ...answer.headers, etag: undefined } })).toEqual(['GET /app/v1/news 200 has no ETag header']);
  });

  it('fails the test that received it: a stored value outside its declared choices answers 500 saying so', async () => {
    const id = await declaredRecord(server, entityNamed('videos')!);
    await sql`update videos set category = 'Not a category' where id = ${id}`.execute(server.db);
    const answer = await server.app.inject({ url: '/app/v1/videos?limit=100' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().message).toMatch(/does not match docs\/openapi\/app-v1.json[\s\S]*category must be equal to one of the allowed values/);
  });
});
