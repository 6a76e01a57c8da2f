/**
 * Roles on the admin routes: every route under /admin states what it needs in its options,
 * `config: { access: { resource, action, field? } }` (src/domain/declared.ts AccessRule), or is
 * `public` (sign-in). A route with neither, or with a rule naming no declared resource or field
 * (or letting no role through), is refused when it is registered: the server does not start with an unguarded route. The guard
 * (auth/admin-guard.ts) checks the rule against the role it reads with the admin's session on every call.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { roleNeeded, type Role } from '../../src/domain/access';
import { rolesFor, type AccessRule } from '../../src/domain/declared';
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (every admin route has one unless it is public). */
    access?: AccessRule;
  }
  interface FastifyInstance {
    /** Every admin route as registered, with its rule: what the tests call each role against. */
    adminRoutes: readonly AdminRoute[];
  }
}

export interface AdminRoute {
  method: string;
  url: string;
  access?: AccessRule;
}

const rolesLine = (roles: readonly Role[]) => `Roles: ${roles.join(', ')}. Any other role is answered 403 (${roleNeeded(roles)}).`;

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/** Refuses, at registration, an admin route that says nothing of who may call it; records the others. */
export function requireAccessRules(scope: FastifyInstance, routes: AdminRoute[]): void {
  scope.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const rule = config.access;
    // A rule that lets no role through (a resource nobody writes) is a mistake too.
    if (!config.public && !(rule && rolesFor(rule)?.length)) {
      throw new Error(`${methodsOf(route).join(',')} ${route.url} has no access rule: give it config.access { resource, action } (src/domain/access.ts) or mark it public`);
    }
    for (const method of methodsOf(route)) routes.push({ method, url: route.url, ...(rule && { access: rule }) });
    // The API document says who may call each operation, from the same rule.
    if (rule) route.schema = { ...route.schema, description: [route.schema?.description, rolesLine(rolesFor(rule)!)].filter(Boolean).join('\n\n') };
  });
}

/** A 403 naming the roles needed when the admin's role is not among those the route's rule lets through. */
export function assertAccess(request: FastifyRequest, role: Role): void {
  const rule = request.routeOptions.config.access;
  // Routes without a rule are public (checked at registration); an unknown path has no config at all.
  if (!rule) return;
  const roles = rolesFor(rule) ?? [];
  if (!roles.includes(role)) throw new HttpError(403, roleNeeded(roles));
}

/** `config: reads('videos')`: the route reads the resource (and answers `field` whole, when given). */
export const reads = (resource: string, field?: string): { access: AccessRule } => ({ access: { resource, action: 'read', ...(field !== undefined && { field }) } });

/** `config: writes('videos')`: the route changes the resource (create, edit, delete and its own actions). */
export const writes = (resource: string): { access: AccessRule } => ({ access: { resource, action: 'write' } });
