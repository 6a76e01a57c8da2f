/** Assertions the resource tests share beside paging.ts and fixtures.ts: 401 without a token, the field errors of a 400. */
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { AUTH } from '../../src/domain/messages';
import type { TestServer } from './harness';

/** Each request answers 401 when sent without a bearer token. */
export async function expectTokenRequired(server: TestServer, requests: InjectOptions[]) {
  for (const options of requests) {
    const res = await server.app.inject(options);
    expect(res.statusCode, `${options.method} ${options.url}`).toBe(401);
    expect(res.json()).toEqual({ success: false, message: AUTH.unauthorized });
  }
}

/** Field names of a 400 answer mapped to their messages, after checking the envelope. */
export function fieldErrors(res: { statusCode: number; json(): { success: boolean; message: string; errors: Record<string, string> } }) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(Object.values(body.errors)).toContain(body.message);
  return body.errors;
}
