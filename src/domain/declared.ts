/** The declared entities as one list, for whoever derives something from each of them. */
import { RESOURCE_ACCESS, type Access, type AccessAction, type Role } from './access';
import { ACTIVITY_RESOURCES } from './enums';
import { accessOf, can, type EntityDeclaration } from './entity';
import { ACTIVITY_TEXTS } from './messages';
import * as entities from './entities';

// Each declaration keeps its own field names as types; the list holds them as declarations in general.
export const ENTITIES = Object.values(entities) as unknown as readonly EntityDeclaration[];

export const entityNamed = (name: string): EntityDeclaration | undefined => ENTITIES.find((entity) => entity.name === name);

/** Every resource the activity log names: the hand-written ones and each declared entity admins write. */
export const LOGGED_RESOURCES: readonly string[] = [
  ...ACTIVITY_RESOURCES,
  ...ENTITIES.filter((entity) => can(entity, 'create') || can(entity, 'update') || can(entity, 'delete')).map((entity) => entity.name),
];

/** A logged resource's name as the activity page shows it: a declared entity's as its menu entry names it. */
export const loggedResourceLabel = (resource: string): string =>
  (ACTIVITY_TEXTS.resources as Record<string, string>)[resource] ?? entityNamed(resource)?.menu.label ?? resource;

/**
 * What a call needs: reading or writing a resource (a declared entity by its name, or one of
 * RESOURCE_ACCESS), and, for a call that answers a guarded field whole (a government ID's reveal,
 * the registrations' CSV), that field's own read access too.
 */
export interface AccessRule {
  resource: string;
  action: AccessAction;
  field?: string;
}

/** Who may read and write a resource: a declared entity's declaration, or RESOURCE_ACCESS; undefined for no such resource. */
export const accessTo = (resource: string): Access | undefined => {
  const entity = entityNamed(resource);
  return entity ? accessOf(entity) : (RESOURCE_ACCESS as Record<string, Access | undefined>)[resource];
};

/** The roles a rule lets through; undefined when it names a resource or a field that has no access declared (a mistake). */
export function rolesFor(rule: AccessRule): readonly Role[] | undefined {
  const roles = accessTo(rule.resource)?.[rule.action];
  if (!roles || rule.field === undefined) return roles;
  const field = entityNamed(rule.resource)?.fields[rule.field]?.access;
  return field && roles.filter((role) => field.read.includes(role));
}

interface DashboardShape {
  totals: Record<string, Record<string, number>>;
  series: Record<string, unknown>[];
  recentRegistrations: unknown[];
}

/** The dashboard's parts about people: their totals, their days in the series, the newest registrations. */
const PEOPLE_ON_DASHBOARD = ['users', 'registrations'] as const;

/**
 * The dashboard as a role may read it: the figures and rows of a kind the role cannot read (a
 * viewer's or an editor's users and registrations) are answered blank (zeros, no rows), so the
 * answer keeps its shape and the admin app hides those cards (`canAccess`).
 */
export function dashboardFor<T extends DashboardShape>(role: Role, dashboard: T): T {
  const hidden = PEOPLE_ON_DASHBOARD.filter((kind) => !accessTo(kind)?.read.includes(role));
  if (hidden.length === 0) return dashboard;
  const zero = (counts: Record<string, number>) => Object.fromEntries(Object.keys(counts).map((key) => [key, 0]));
  return {
    ...dashboard,
    totals: { ...dashboard.totals, ...Object.fromEntries(hidden.map((kind) => [kind, zero(dashboard.totals[kind])])) },
    series: dashboard.series.map((day) => ({ ...day, ...Object.fromEntries(hidden.map((kind) => [kind, 0])) })),
    recentRegistrations: hidden.includes('registrations') ? [] : dashboard.recentRegistrations,
  };
}
