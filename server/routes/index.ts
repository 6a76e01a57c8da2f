/**
 * The API's route groups: /admin (routes/admin) for the admins, /app/v1 (routes/app) for the fans' app.
 * Everything under /admin needs a bearer token except routes marked
 * `config: { public: true }`, and states which roles may call it (`config: { access }`, auth/route-access.ts). A declared entity's routes come from its declaration (routes/admin/declared.ts); a hand-written group is added to ADMIN_ROUTES.
 */
import type { FastifyInstance } from 'fastify';
import { adminGuard } from '../auth/admin-guard';
import { requireAccessRules, type AdminRoute } from '../auth/route-access';
import activityRoutes from './admin/activity';
import adminRoutes from './admin/admins';
import authRoutes from './admin/auth';
import dashboardRoutes from './admin/dashboard';
import declaredRoutes from './admin/declared';
import accountRoutes from './app/account';
import appContentRoutes from './app/content';
import deviceRoutes from './app/devices';
import appLocationRoutes from './app/locations';
import appRegistrationRoutes from './app/registrations';
import healthRoutes from './health';
import resetPageRoutes from './reset-page';
import { fanAccountLimits } from '../http/limits';
import type { RouteOptions } from './options';
import verifyPageRoutes from './verify-page';
import passkeyRoutes from './admin/passkeys';
import locationRoutes from './admin/locations';
import lookupRoutes from './admin/lookups';
import notificationRoutes from './admin/notifications';
import profileRoutes from './admin/profile';
import totpRoutes from './admin/totp';
import registrationRoutes from './admin/registrations';
import slideRoutes from './admin/slides';
import teamRoutes from './admin/teams';
import userRoutes from './admin/users';
import videoRoutes from './admin/videos';

const ADMIN_ROUTES = [
  authRoutes,
  videoRoutes,
  notificationRoutes,
  teamRoutes,
  lookupRoutes,
  userRoutes,
  registrationRoutes,
  locationRoutes,
  slideRoutes,
  dashboardRoutes,
  adminRoutes,
  profileRoutes,
  totpRoutes,
  passkeyRoutes,
  activityRoutes,
  declaredRoutes,
];

const APP_ROUTES = [deviceRoutes, appRegistrationRoutes, appLocationRoutes];

export async function registerRoutes(app: FastifyInstance, opts: RouteOptions): Promise<void> {
  await app.register(healthRoutes, opts);
  const adminRouteList: AdminRoute[] = [];
  app.decorate('adminRoutes', adminRouteList);
  await app.register(
    async (admin) => {
      requireAccessRules(admin, adminRouteList);
      admin.addHook('onRequest', adminGuard(admin, opts.db));
      for (const routes of ADMIN_ROUTES) await admin.register(routes, opts);
    },
    { prefix: '/admin' },
  );
  // One set of counters for every route that checks a fan's password, JSON or the reset page's form.
  const limits = fanAccountLimits(app);
  // The page a fan's password-reset link opens.
  await app.register(resetPageRoutes, { db: opts.db, limits });
  // The page a sign-up's e-mail verification link opens.
  await app.register(verifyPageRoutes, { db: opts.db, limits });
  // The fans' app: public reads, and the fans' own calls with a fan's token (never an admin's).
  await app.register(
    async (fans) => {
      for (const routes of APP_ROUTES) await fans.register(routes, opts);
      await fans.register(accountRoutes, { db: opts.db, mailer: opts.mailer, publicUrl: opts.publicUrl, verifyingEmails: opts.verifyingEmails, limits });
      await fans.register(appContentRoutes, { db: opts.db });
    },
    { prefix: '/app/v1' },
  );
}
