/** The side menu's entries: plain links, and groups that open when one of their links is active. */
import type { SvgIconComponent } from '@mui/icons-material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { can, ENTITIES, MENU } from '../domain';
import { DECLARED_VIEWS } from '../resources/declaredViews';
import activity from '../resources/activity';
import admins from '../resources/admins';
import matches from '../resources/matches';
import news from '../resources/news';
import notifications from '../resources/notifications';
import player from '../resources/player';
import registrations from '../resources/registrations';
import teams from '../resources/teams';
import users from '../resources/users';
import videos from '../resources/videos';

export type MenuLink = { label: string; to: string; icon: SvgIconComponent };
export type MenuGroup = { label: string; icon: SvgIconComponent; links: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

const add = AddCircleOutlineIcon;

export const MENU_ENTRIES: MenuEntry[] = [
  { label: MENU.dashboard, to: '/dashboard', icon: DashboardIcon },
  {
    label: MENU.videos,
    icon: videos.icon,
    links: [
      { label: MENU.videos, to: '/videos', icon: videos.icon },
      { label: MENU.addVideo, to: '/videos/create', icon: add },
    ],
  },
  { label: MENU.users, to: '/users', icon: users.icon },
  { label: MENU.registrations, to: '/registrations', icon: registrations.icon },
  { label: MENU.notifications, to: '/notifications', icon: notifications.icon },
  { label: MENU.slides, to: '/slides', icon: ViewCarouselIcon },
  {
    label: MENU.news,
    icon: news.icon,
    links: [
      { label: MENU.news, to: '/news', icon: news.icon },
      { label: MENU.addNews, to: '/news/create', icon: add },
    ],
  },
  {
    label: MENU.teams,
    icon: teams.icon,
    links: [
      { label: MENU.teams, to: '/teams', icon: teams.icon },
      { label: MENU.addTeam, to: '/teams/create', icon: add },
    ],
  },
  {
    label: MENU.player,
    icon: player.icon,
    links: [
      { label: MENU.player, to: '/player', icon: player.icon },
      { label: MENU.addPlayer, to: '/create/player', icon: add },
    ],
  },
  {
    label: MENU.matches,
    icon: matches.icon,
    links: [
      { label: MENU.matches, to: '/matches', icon: matches.icon },
      { label: MENU.addMatch, to: '/matches/create', icon: add },
    ],
  },
  ...ENTITIES.filter((entity) => can(entity, 'list')).map((entity): MenuEntry => {
    const { icon } = DECLARED_VIEWS[entity.name];
    const list = { label: entity.menu.label, to: `/${entity.name}`, icon };
    return entity.menu.addLabel && can(entity, 'create')
      ? { label: entity.menu.label, icon, links: [list, { label: entity.menu.addLabel, to: `/${entity.name}/create`, icon: add }] }
      : list;
  }),
  { label: MENU.admins, to: '/admins', icon: admins.icon },
  { label: MENU.activity, to: '/activity', icon: activity.icon },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'links' in entry;

export const MENU_LINKS: MenuLink[] = MENU_ENTRIES.flatMap((entry) => (isGroup(entry) ? entry.links : [entry]));
