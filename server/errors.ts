/** Errors a route throws on purpose; the error plugin turns them into the `{ success: false, message }` envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (errors: Record<string, string>) =>
  new HttpError(400, Object.values(errors)[0] ?? 'Bad request', errors);

export const notFound = (message: string) => new HttpError(404, message);

/** The record a lookup answered, or a 404 with the entity's own 'X not found'. */
export function found<T>(record: T | undefined, message: string): T {
  if (record === undefined || record === null) throw notFound(message);
  return record;
}
