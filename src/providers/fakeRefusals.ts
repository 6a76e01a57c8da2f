/** How the fake refuses a call, in the server's words and shape: `{ success: false, code, message, errors? }`. */
import { HttpError } from 'react-admin';
import { codeOfStatus, type ErrorCode } from '../domain/error-codes';

/** A refusal; its code, as on the server, is the status's usual one unless a precise one is named. */
export const failure = (status: number, message: string, errors?: Record<string, string>, code: ErrorCode = codeOfStatus(status)) =>
  new HttpError(message, status, { success: false, code, message, ...(errors && { errors }) });

/** Like the server: a refused write answers its first field's message, with every field's. */
export function refuse(errors: Record<string, string>) {
  const [message] = Object.values(errors);
  if (message) throw failure(400, message, errors);
}
