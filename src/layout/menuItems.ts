/** The side menu's entries: plain links, and groups that open when one of their links is active. */
import type { SvgIconComponent } from '@mui/icons-material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { can, createPathOf, ENTITIES, MENU, type EntityDeclaration } from '../domain';
import { DECLARED_VIEWS } from '../resources/declaredViews';
import activity from '../resources/activity';
import admins from '../resources/admins';

/** What the link opens, as `canAccess` is asked about it: a resource's list or its create page; none for the dashboard. */
export type MenuAccess = { resource: string; action: 'list' | 'create' };
export type MenuLink = { label: string; to: string; icon: SvgIconComponent; access?: MenuAccess };
export type MenuGroup = { label: string; icon: SvgIconComponent; links: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

const add = AddCircleOutlineIcon;

const LEAGUE_ENTRIES: MenuEntry[] = [
  { label: MENU.dashboard, to: '/dashboard', icon: DashboardIcon },
];

const OFFICE_ENTRIES: MenuEntry[] = [
  { label: MENU.admins, to: '/admins', icon: admins.icon, access: { resource: 'admins', action: 'list' } },
  { label: MENU.activity, to: '/activity', icon: activity.icon, access: { resource: 'activity', action: 'list' } },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry;

/** A declared entity's entry: its list, in a group with its 'Add …' link when it has one and can be created. */
function declaredEntry(entity: EntityDeclaration): MenuEntry {
  const { icon } = DECLARED_VIEWS[entity.name];
  const list: MenuLink = { label: entity.menu.label, to: `/${entity.name}`, icon, access: { resource: entity.name, action: 'list' } };
  const create: MenuLink | undefined = entity.menu.addLabel
    ? { label: entity.menu.addLabel, to: createPathOf(entity), icon: add, access: { resource: entity.name, action: 'create' } }
    : undefined;
  return create && can(entity, 'create') ? { label: entity.menu.label, icon, links: [list, create] } : list;
}

/**
 * The order of the declared entities' entries, after the dashboard. An entity left out (a new one)
 * comes after these, before the office's own entries (admins and activity).
 */
export const MENU_ORDER = ['videos', 'users', 'registrations', 'notifications', 'slides', 'news', 'teams', 'player', 'matches'];

const rank = (entity: EntityDeclaration) => {
  const at = MENU_ORDER.indexOf(entity.name);
  return at < 0 ? MENU_ORDER.length : at;
};

export const MENU_ENTRIES: MenuEntry[] = [
  ...LEAGUE_ENTRIES,
  ...ENTITIES.filter((entity) => can(entity, 'list'))
    .sort((a, b) => rank(a) - rank(b))
    .map(declaredEntry),
  ...OFFICE_ENTRIES,
];

export const MENU_LINKS: MenuLink[] = MENU_ENTRIES.flatMap((entry) => (isGroup(entry) ? entry.links : [entry]));

/** Every resource the menu asks `canAccess` about. */
export const MENU_RESOURCES = [...new Set(MENU_LINKS.flatMap((link) => (link.access ? [link.access.resource] : [])))];

/**
 * The entries a role may use: a link whose page it may open; a group with the links left, or its
 * one link left alone (a viewer's 'Videos', without 'Add Video'), or nothing.
 */
export function allowedEntries(entries: MenuEntry[], allowed: (access: MenuAccess) => boolean): MenuEntry[] {
  const open = (link: MenuLink) => !link.access || allowed(link.access);
  return entries.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return open(entry) ? [entry] : [];
    const links = entry.links.filter(open);
    return links.length > 1 ? [{ ...entry, links }] : links;
  });
}
