/**
 * Crease's URL scheme (the original panel's) on top of react-admin's: react-admin links a record's detail
 * page as `/{resource}/{id}/show` and its form as `/{resource}/{id}`; Crease wants `/{resource}/{id}`
 * and `/{resource}/{id}/edit`, and a declared entity's add page where it declares it (`/create/player`).
 */
import type { RouterTo } from 'react-admin';
import { entityNamed } from '../domain/declared';
import { ENTITY_RESOURCES } from '../providers/resources';

const RESOURCES = new Set<string>(ENTITY_RESOURCES);

/** Rewrites one pathname from react-admin's scheme to Crease's; any other path passes unchanged. */
export function toSpecPathname(pathname: string): string {
  const match = /^\/([^/]+)\/([^/]+)(\/show)?\/?$/.exec(pathname);
  if (!match || !RESOURCES.has(match[1])) return pathname;
  const [, resource, id, show] = match;
  if (id === 'create') return entityNamed(resource)?.createPath ?? pathname;
  return show ? `/${resource}/${id}` : `/${resource}/${id}/edit`;
}

export function toSpecTo(to: RouterTo): RouterTo {
  if (typeof to === 'string') {
    const queryAt = to.search(/[?#]/);
    return queryAt < 0 ? toSpecPathname(to) : toSpecPathname(to.slice(0, queryAt)) + to.slice(queryAt);
  }
  return to.pathname ? { ...to, pathname: toSpecPathname(to.pathname) } : to;
}
