import { codeOfStatus, type ErrorCode } from '../src/domain/error-codes';

/**
 * Errors a route throws on purpose; the error plugin turns them into the
 * `{ success: false, code, message, errors? }` envelope. `code` defaults to the status's usual one
 * (401 auth.required, 404 not_found, 409 conflict…): name a precise one where the cause is known.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? codeOfStatus(statusCode);
  }
}

export const badRequest = (errors: Record<string, string>) => new HttpError(400, Object.values(errors)[0] ?? 'Bad request', errors);

export const notFound = (message: string) => new HttpError(404, message);

/** The record a lookup answered, or a 404 with the entity's own 'X not found'. */
export function found<T>(record: T | undefined, message: string): T {
  if (record === undefined || record === null) throw notFound(message);
  return record;
}
