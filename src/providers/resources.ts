/**
 * Resource names as react-admin knows them, which are also the API's path segments under `/admin`.
 * Lookups are small reference lists; the server answers them either as a plain list or as a page.
 */
export const ENTITY_RESOURCES = [
  'videos',
  'news',
  'teams',
  'player',
  'matches',
  'users',
  'registrations',
  'notifications',
  'slides',
  'admins',
  'activity',
] as const;

export const LOOKUP_RESOURCES = [
  'sport',
  'stadium',
  'bowling-style',
  'batting-headedness',
  'batting-order',
  'state',
  'district',
  'city',
] as const;

export const isLookup = (resource: string) => (LOOKUP_RESOURCES as readonly string[]).includes(resource);

export const apiPath = (apiUrl: string, resource: string) => `${apiUrl}/admin/${resource}`;
