/**
 * Every resource of the admin app, one module each (./module.ts), in the side menu's order after
 * the Dashboard: the app mounts these and the menu lists them. `npm run new:entity` adds a new
 * entity's module at the end of the league's.
 */
import activity from './activity';
import admins from './admins';
import matches from './matches';
import type { DeclaredName, ResourceModule } from './module';
import news from './news';
import notifications from './notifications';
import players from './players';
import registrations from './registrations';
import slides from './slides';
import teams from './teams';
import users from './users';
import videos from './videos';

/**
 * The list as it is, unless a declared entity has no module in it: then it does not compile, and
 * the error names the missing entities.
 */
export const withEveryEntity = <const L extends readonly ResourceModule[]>(
  list: L & ([Exclude<DeclaredName, L[number]['name']>] extends [never] ? unknown : { modulesMissingFor: Exclude<DeclaredName, L[number]['name']> }),
): L => list;

const LEAGUE = [
  videos,
  users,
  registrations,
  notifications,
  slides,
  news,
  teams,
  players,
  matches,
] as const;

/** The league office's own pages, last in the menu. */
const OFFICE = [admins, activity] as const;

export const RESOURCES = withEveryEntity([...LEAGUE, ...OFFICE]);

export type { ResourceModule } from './module';
