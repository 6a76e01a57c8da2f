/**
 * A declared entity's views: its own where it has them, else the generic ones over its
 * declaration, each its own lazily loaded chunk; none for an operation the declaration leaves out,
 * or a page its module does without (`false`). Kept apart from the views themselves, so the app's
 * first load downloads none of them. A resource folder's module (src/resources/module.ts) calls it.
 */
import { lazy, type ComponentType } from 'react';
import { can, type EntityDeclaration } from '../../domain';

export type Views = { list?: ComponentType; show?: ComponentType; create?: ComponentType; edit?: ComponentType };
export type OwnViews = { [K in keyof Views]?: ComponentType | false };

const ownOr = (own: ComponentType | false | undefined, generic: ComponentType) => (own === false ? undefined : (own ?? generic));

export function declaredViews(entity: EntityDeclaration, own: OwnViews = {}): Views {
  const generic = {
    list: lazy(() => import('./DeclaredList').then(({ DeclaredList }) => ({ default: () => <DeclaredList entity={entity} /> }))),
    show: lazy(() => import('./DeclaredShow').then(({ DeclaredShow }) => ({ default: () => <DeclaredShow entity={entity} /> }))),
    create: lazy(() => import('./DeclaredForm').then(({ DeclaredCreate }) => ({ default: () => <DeclaredCreate entity={entity} /> }))),
    edit: lazy(() => import('./DeclaredForm').then(({ DeclaredEdit }) => ({ default: () => <DeclaredEdit entity={entity} /> }))),
  };
  return {
    list: can(entity, 'list') ? ownOr(own.list, generic.list) : undefined,
    show: can(entity, 'show') ? ownOr(own.show, generic.show) : undefined,
    create: can(entity, 'create') ? ownOr(own.create, generic.create) : undefined,
    edit: can(entity, 'update') ? ownOr(own.edit, generic.edit) : undefined,
  };
}
