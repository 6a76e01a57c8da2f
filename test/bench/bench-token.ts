/** A token for an admin's new server-side session, as a sign-in would give, without the sign-in. */
import type { App } from '../../server/app';
import type { Db } from '../../server/db/connection';
import { startAdminSession } from '../../server/repositories/admin-sessions';

export async function benchToken(app: App, db: Db, adminId: string): Promise<string> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 12 * 3600_000);
  const sessionId = await startAdminSession(db, { adminId, device: 'bench', address: '127.0.0.1', now, expiresAt });
  return app.tokens.sign(adminId, sessionId, expiresAt);
}
