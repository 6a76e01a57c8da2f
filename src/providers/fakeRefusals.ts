/** How the fake refuses a call, in the server's words and shape. */
import { HttpError } from 'react-admin';

export const failure = (status: number, message: string, errors?: Record<string, string>) =>
  new HttpError(message, status, { success: false, message, ...(errors && { errors }) });

/** Like the server: a refused write answers its first field's message, with every field's. */
export function refuse(errors: Record<string, string>) {
  const [message] = Object.values(errors);
  if (message) throw failure(400, message, errors);
}
