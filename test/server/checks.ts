/**
 * Assertions the resource tests share beside paging.ts: 401 without a token, the field errors of a
 * 400, 404 for unknown ids, and what every image form answers alike (upload refusals, files kept
 * or replaced on edit).
 */
import { existsSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { AUTH, UPLOAD } from '../../src/domain/messages';
import { UNKNOWN_ID } from './fixtures';
import { oversizedPngFile, textAsPngFile, type FilePart, type TestServer } from './harness';

/** Each request answers 401 when sent without a bearer token. */
export async function expectTokenRequired(server: TestServer, requests: InjectOptions[]) {
  for (const options of requests) {
    const res = await server.app.inject(options);
    expect(res.statusCode, `${options.method} ${options.url}`).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'auth.required', message: AUTH.unauthorized });
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

/**
 * Unknown and malformed ids answer 404 `message`. Pass `storedFiles` when the call uploads a
 * file: the uploads folder must stay as it was.
 */
export async function expectNotFound(
  call: (id: string) => Promise<LightMyRequestResponse>,
  message: string,
  storedFiles?: () => Promise<string[]>,
) {
  const before = await storedFiles?.();
  for (const id of [UNKNOWN_ID, 'not-a-uuid', '7']) {
    const res = await call(id);
    expect(res.statusCode, id).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'not_found', message });
  }
  if (storedFiles) expect(await storedFiles()).toEqual(before);
}

/** A form sent with an oversized image answers 413 `tooLarge`, with a text file 415, each naming `field`; nothing is stored. */
export async function expectImageChecks(
  post: (file: FilePart) => Promise<LightMyRequestResponse>,
  storedFiles: () => Promise<string[]>,
  tooLarge: string,
  field = 'image',
) {
  const before = await storedFiles();
  const large = await post(await oversizedPngFile());
  expect(large.statusCode).toBe(413);
  expect(large.json()).toEqual({ success: false, code: 'upload.too_large', message: tooLarge, errors: { [field]: tooLarge } });
  const text = await post(textAsPngFile());
  expect(text.statusCode).toBe(415);
  expect(text.json()).toEqual({ success: false, code: 'upload.not_an_image', message: UPLOAD.notAnImage, errors: { [field]: UPLOAD.notAnImage } });
  expect(await storedFiles()).toEqual(before);
}

/** An edit that sent no file answers the image URL it had, and the file stays on disk. */
export function expectImageKept(server: TestServer, before: string, after: string) {
  expect(after).toBe(before);
  expect(existsSync(server.fileOnDisk(before))).toBe(true);
}

/** An edit that sent a new file answers a new URL with its file stored, and the replaced file is gone. */
export function expectImageReplaced(server: TestServer, before: string, after: string) {
  expect(after).not.toBe(before);
  expect(existsSync(server.fileOnDisk(after))).toBe(true);
  expect(existsSync(server.fileOnDisk(before))).toBe(false);
}
