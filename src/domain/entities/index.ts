/**
 * Every declared entity, one export line each (`npm run new:entity` adds its line here). The
 * server, the admin app and the fake provider read them through `ENTITIES` (src/domain/declared.ts).
 */
export { matches } from './matches';
export { news } from './news';
export { notifications } from './notifications';
export { players } from './players';
export { registrations } from './registrations';
export { slides } from './slides';
export { teams } from './teams';
export { users } from './users';
export { videos } from './videos';
