/**
 * A resource folder's views (its index.ts): its own where it has them, else the generic ones over
 * its declaration, each its own lazily loaded chunk; none for an operation the declaration leaves out.
 * Kept apart from the views themselves, so the app's first load downloads none of them.
 *
 * `export default { ...declaredViews(news, { list: lazyView(() => import('./NewsList'), 'NewsList') }), icon: NewspaperIcon };`
 */
import { lazy, type ComponentType } from 'react';
import { can, type EntityDeclaration } from '../../domain';

type Views = { list?: ComponentType; show?: ComponentType; create?: ComponentType; edit?: ComponentType };

export function declaredViews(entity: EntityDeclaration, own: Views = {}): Views {
  const generic = {
    list: lazy(() => import('./DeclaredList').then(({ DeclaredList }) => ({ default: () => <DeclaredList entity={entity} /> }))),
    show: lazy(() => import('./DeclaredShow').then(({ DeclaredShow }) => ({ default: () => <DeclaredShow entity={entity} /> }))),
    create: lazy(() => import('./DeclaredForm').then(({ DeclaredCreate }) => ({ default: () => <DeclaredCreate entity={entity} /> }))),
    edit: lazy(() => import('./DeclaredForm').then(({ DeclaredEdit }) => ({ default: () => <DeclaredEdit entity={entity} /> }))),
  };
  return {
    list: can(entity, 'list') ? (own.list ?? generic.list) : undefined,
    show: can(entity, 'show') ? (own.show ?? generic.show) : undefined,
    create: can(entity, 'create') ? (own.create ?? generic.create) : undefined,
    edit: can(entity, 'update') ? (own.edit ?? generic.edit) : undefined,
  };
}
