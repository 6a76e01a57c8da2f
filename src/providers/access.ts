/**
 * react-admin's `canAccess` over the roles declared in src/domain/access.ts: what the signed-in
 * admin's role may do to a resource, a record or one guarded field. The server enforces the same
 * rules; the app only leaves out what would be refused.
 */
import { isRole, may, RESOURCE_ACCESS, type Access, type AccessAction, type Role } from '../domain/access';
import { accessTo, entityNamed } from '../domain/declared';
import { lookupNamed } from '../domain/lookups';

/**
 * An admin record from before roles (no `role`, or the single 'admin' of old) is an owner, as the
 * migration makes every existing admin.
 */
export const LEGACY_ROLE: Role = 'owner';

export const roleOf = (user: object | null | undefined): Role => {
  const role = (user as { role?: unknown } | null | undefined)?.role;
  return isRole(role) ? role : LEGACY_ROLE;
};

/** A resource's declared access: an entity's or the office's (`accessTo`), a lookup's (the forms' reference lists); none for a name Crease does not know. */
export function accessOfResource(resource: string): Access | undefined {
  return accessTo(resource) ?? (lookupNamed(resource) ? RESOURCE_ACCESS.lookups : undefined);
}

/**
 * react-admin's actions that only read. Every other action writes: create, edit, delete, and
 * Crease's own (publish, unpublish, schedule, send, cancel, retry, reorder, status, activate…),
 * so a new action is refused until it is named here, never let through by mistake.
 */
const READ_ACTIONS = new Set(['list', 'show', 'read']);

export const accessActionOf = (action: string): AccessAction => (READ_ACTIONS.has(action) ? 'read' : 'write');

/**
 * Whether `role` may do `action` on `resource`. A field is named as react-admin's RBAC names it,
 * `registrations.GovernmentIdNumber`: its own `access.read` decides who reads its whole value (the
 * reveal), on top of reading the record. 'export' reads every record whole, so it needs the read
 * of every guarded field as well (the registrations CSV carries the whole government ID).
 */
export function roleMay(role: Role, resource: string, action: string): boolean {
  const [name, fieldName] = resource.split('.', 2);
  const access = accessOfResource(name);
  if (!access) return false;
  const entity = entityNamed(name);
  if (fieldName !== undefined) {
    const field = entity?.fields[fieldName];
    if (!field || !may(role, access, 'read')) return false;
    return accessActionOf(action) === 'read' && (field.access ? field.access.read.includes(role) : true);
  }
  if (action === 'export') {
    const guarded = Object.values(entity?.fields ?? {}).every((field) => !field.access || field.access.read.includes(role));
    return may(role, access, 'read') && guarded;
  }
  return may(role, access, accessActionOf(action));
}
