/** The side menu's entries: plain links, and groups that open when one of their links is active. */
import type { SvgIconComponent } from '@mui/icons-material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { can, createPathOf, ENTITIES, MENU, type EntityDeclaration } from '../domain';
import { DECLARED_VIEWS } from '../resources/declaredViews';
import activity from '../resources/activity';
import admins from '../resources/admins';

export type MenuLink = { label: string; to: string; icon: SvgIconComponent };
export type MenuGroup = { label: string; icon: SvgIconComponent; links: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

const add = AddCircleOutlineIcon;

const LEAGUE_ENTRIES: MenuEntry[] = [
  { label: MENU.dashboard, to: '/dashboard', icon: DashboardIcon },
];

const OFFICE_ENTRIES: MenuEntry[] = [
  { label: MENU.admins, to: '/admins', icon: admins.icon },
  { label: MENU.activity, to: '/activity', icon: activity.icon },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry;

/** A declared entity's entry: its list, in a group with its 'Add …' link when it has one and can be created. */
function declaredEntry(entity: EntityDeclaration): MenuEntry {
  const { icon } = DECLARED_VIEWS[entity.name];
  const list = { label: entity.menu.label, to: `/${entity.name}`, icon };
  return entity.menu.addLabel && can(entity, 'create')
    ? { label: entity.menu.label, icon, links: [list, { label: entity.menu.addLabel, to: createPathOf(entity), icon: add }] }
    : list;
}

/** The resource an entry opens (a group: its first link's). */
const resourceOf = (entry: MenuEntry) => (isGroup(entry) ? entry.links[0] : entry).to.split('/')[1];

/**
 * The league's own entries with each declared entity's placed after the entry it names, and the
 * others after the league's (before the office's own: admins and activity).
 */
export const MENU_ENTRIES: MenuEntry[] = (() => {
  const entries = [...LEAGUE_ENTRIES];
  const listed = ENTITIES.filter((entity) => can(entity, 'list'));
  // An entity may follow another declared one: each goes in once the entry it follows is in.
  let waiting = listed.filter((declared) => declared.menu.after);
  for (let placed = true; placed; ) {
    placed = false;
    for (const entity of waiting) {
      const at = entries.findIndex((entry) => resourceOf(entry) === entity.menu.after);
      if (at < 0) continue;
      entries.splice(at + 1, 0, declaredEntry(entity));
      waiting = waiting.filter((other) => other !== entity);
      placed = true;
    }
  }
  const last = [...waiting, ...listed.filter((entity) => !entity.menu.after)];
  return [...entries, ...last.map(declaredEntry), ...OFFICE_ENTRIES];
})();

export const MENU_LINKS: MenuLink[] = MENU_ENTRIES.flatMap((entry) => (isGroup(entry) ? entry.links : [entry]));
