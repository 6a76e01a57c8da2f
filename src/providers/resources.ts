/**
 * Resource names as react-admin knows them, which are also the API's path segments under `/admin`.
 * Lookups are small reference lists; the server answers them either as a plain list or as a page.
 */
import { ENTITIES, entityNamed } from '../domain/declared';
import { apiPathOf } from '../domain/entity';
import { lookupNamed } from '../domain/lookups';

const WRITTEN_RESOURCES = ['admins', 'activity'] as const;

/** Every entity resource: the hand-written ones and each declared entity. */
export const ENTITY_RESOURCES: readonly string[] = [...WRITTEN_RESOURCES, ...ENTITIES.map((entity) => entity.name)];

export { LOOKUP_RESOURCES } from '../domain/lookups';

export const isLookup = (resource: string) => lookupNamed(resource) !== undefined;

/** A resource's API address: a declared entity's own path, else its name. */
export const apiPath = (apiUrl: string, resource: string) => {
  const entity = entityNamed(resource);
  return `${apiUrl}/admin/${entity ? apiPathOf(entity) : resource}`;
};
