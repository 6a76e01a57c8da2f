/**
 * The API's route groups. Everything under /admin needs a bearer token except routes marked
 * `config: { public: true }`. A declared entity's routes come from its declaration (routes/declared.ts); a hand-written group is added to ADMIN_ROUTES.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import { adminGuard } from '../plugins/auth';
import activityRoutes from './activity';
import adminRoutes from './admins';
import authRoutes from './auth';
import dashboardRoutes from './dashboard';
import declaredRoutes from './declared';
import healthRoutes from './health';
import locationRoutes from './locations';
import lookupRoutes from './lookups';
import matchRoutes from './matches';
import newsRoutes from './news';
import playerRoutes from './players';
import profileRoutes from './profile';
import registrationRoutes from './registrations';
import slideRoutes from './slides';
import teamRoutes from './teams';
import userRoutes from './users';
import videoRoutes from './videos';

export interface RouteOptions {
  db: Db;
}

const ADMIN_ROUTES = [
  authRoutes,
  videoRoutes,
  newsRoutes,
  teamRoutes,
  playerRoutes,
  lookupRoutes,
  matchRoutes,
  userRoutes,
  registrationRoutes,
  locationRoutes,
  slideRoutes,
  dashboardRoutes,
  adminRoutes,
  profileRoutes,
  activityRoutes,
  declaredRoutes,
];

export async function registerRoutes(app: FastifyInstance, opts: RouteOptions): Promise<void> {
  await app.register(healthRoutes, opts);
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', adminGuard(admin, opts.db));
      for (const routes of ADMIN_ROUTES) await admin.register(routes, opts);
    },
    { prefix: '/admin' },
  );
}
