/**
 * A resource's module: all the admin app needs of one resource, exported by its folder's index.ts
 * and listed once in RESOURCES (./index.ts), which the app's routes and the side menu read.
 *
 * ```ts
 * export default entityModule(news, {
 *   icon: NewspaperIcon,
 *   views: { list: lazyView(() => import('./NewsList'), 'NewsList') },
 * });
 * ```
 */
import type { SvgIconComponent } from '@mui/icons-material';
import type { ResourceProps } from 'react-admin';
import { declaredViews, type OwnViews, type Views } from '../common/declared/views';
import { titleOf, type AccessResource, type EntityDeclaration } from '../domain';
import type * as entities from '../domain/entities';

/** Each declared entity's resource name (a player's is 'player'). */
export type DeclaredName = (typeof entities)[keyof typeof entities]['name'];

/** A resource the admin app has pages for: a declared entity, or one of the office's own (admins, activity). */
export type ResourceName = DeclaredName | Extract<AccessResource, 'admins' | 'activity'>;

export interface ResourceModule<N extends ResourceName = ResourceName> {
  /** Its URL's first segment, its API path and the name its access rules go by. */
  name: N;
  /** The declaration it follows, for a declared entity. */
  entity?: EntityDeclaration;
  /** Its pages; none for what it cannot do. */
  views: Views;
  /** Its menu entry's icon. */
  icon: SvgIconComponent;
  /** How a record of it is named where another page names it (a reference, a page's title). */
  recordRepresentation: NonNullable<ResourceProps['recordRepresentation']>;
  /** Its menu entry: a link to its list, in a group with its 'Add …' link when it has one. Where it stands is its place in RESOURCES. */
  menu: { label: string; addLabel?: string };
  /** Its add page's address, where its declaration puts it elsewhere than `/<name>/create` ('/create/player'). */
  createPath?: string;
}

/**
 * A declared entity's module: its own views where it has them, the generic ones over its
 * declaration for the rest (`false` for a page it does without, as the slides' dialog does), and its
 * menu entry as the declaration words it. A record is named as its declaration names it ('Asha
 * Patil') unless the module says otherwise (a match by its teams).
 */
export function entityModule<const E extends EntityDeclaration & { name: DeclaredName }>(
  entity: E,
  own: { icon: SvgIconComponent; views?: OwnViews; recordRepresentation?: ResourceModule['recordRepresentation'] },
): ResourceModule<E['name']> {
  return {
    name: entity.name,
    entity,
    views: declaredViews(entity, own.views),
    icon: own.icon,
    recordRepresentation: own.recordRepresentation ?? ((record) => titleOf(entity, record) ?? ''),
    menu: entity.menu,
    createPath: entity.createPath,
  };
}
