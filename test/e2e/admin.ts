/**
 * The admins the e2e specs sign in as. The server is started with the first (playwright.config.ts);
 * it adds every other worker's own account on that worker's first use (session.ts), so one worker's
 * sign-ins, sign-outs and sessions never count against or end another's.
 */
export const E2E_ADMIN: E2EAdmin = { email: 'admin@crease.local', password: 'crease-e2e-password', firstName: 'Admin' };

export type E2EAdmin = { email: string; password: string; firstName: string; lastName?: string };

/** The account of the worker with this parallel index (0 is the one the server starts with). */
export const adminOfWorker = (index: number): E2EAdmin =>
  index === 0 ? E2E_ADMIN : { email: `admin-${index}@crease.local`, password: `crease-e2e-password-${index}`, firstName: 'Admin', lastName: String(index) };

/** The name the app shows for an admin (its profile button): first and last name. */
export const adminName = (admin: E2EAdmin) => [admin.firstName, admin.lastName].filter(Boolean).join(' ');
