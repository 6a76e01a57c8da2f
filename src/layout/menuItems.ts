/** The side menu's entries: plain links, and groups that open when one of their links is active. */
import type { SvgIconComponent } from '@mui/icons-material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { createContext } from 'react';
import { MENU } from '../domain';
import { RESOURCES, type ResourceModule } from '../resources';

/** What the link opens, as `canAccess` is asked about it: a resource's list or its create page; none for the dashboard. */
export type MenuAccess = { resource: string; action: 'list' | 'create' };
export type MenuLink = { label: string; to: string; icon: SvgIconComponent; access?: MenuAccess };
export type MenuGroup = { label: string; icon: SvgIconComponent; links: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

const DASHBOARD: MenuLink = { label: MENU.dashboard, to: '/dashboard', icon: DashboardIcon };

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry;

/** A resource's entry: its list, in a group with its 'Add …' link when it has one and an add page. */
function resourceEntry({ name, icon, menu, views, createPath }: ResourceModule): MenuEntry {
  const list: MenuLink = { label: menu.label, to: `/${name}`, icon, access: { resource: name, action: 'list' } };
  if (!menu.addLabel || !views.create) return list;
  const create: MenuLink = { label: menu.addLabel, to: createPath ?? `/${name}/create`, icon: AddCircleOutlineIcon, access: { resource: name, action: 'create' } };
  return { label: menu.label, icon, links: [list, create] };
}

/** The menu's entries, its links, and every resource it asks `canAccess` about, for the resources the app mounts. */
export function menuOf(resources: readonly ResourceModule[]) {
  const entries: MenuEntry[] = [DASHBOARD, ...resources.filter((module) => module.views.list).map(resourceEntry)];
  const links = entries.flatMap((entry) => (isGroup(entry) ? entry.links : [entry]));
  const accessed = [...new Set(links.flatMap((link) => (link.access ? [link.access.resource] : [])))];
  return { entries, links, resources: accessed };
}

const WHOLE_APP = menuOf(RESOURCES);

/** The whole app's menu. */
export const { entries: MENU_ENTRIES, links: MENU_LINKS } = WHOLE_APP;

/** The menu the app shows: App provides the one of the resources it mounts (a component test may mount fewer). */
export const AppMenu = createContext(WHOLE_APP);

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
