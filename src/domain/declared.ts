/** The declared entities as one list, for whoever derives something from each of them. */
import { ACTIVITY_RESOURCES } from './enums';
import { can, type EntityDeclaration } from './entity';
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

/** Each reference field limited to some records of its entity (see `where`), with that entity. */
export const limitedRefsOf = (entity: EntityDeclaration) =>
  Object.entries(entity.fields).flatMap(([name, field]) => {
    const target = field.kind === 'ref' && field.where ? entityNamed(field.to ?? '') : undefined;
    return target && field.where ? [{ name, field, target, where: field.where }] : [];
  });
