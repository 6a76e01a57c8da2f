/**
 * The resource folder of each declared entity (src/domain/entities), one export line each
 * (`npm run new:entity` adds its line here); App.tsx and the menu read them by entity name.
 */
export { default as matches } from './matches';
export { default as news } from './news';
export { default as notifications } from './notifications';
export { default as player } from './players';
export { default as registrations } from './registrations';
export { default as slides } from './slides';
export { default as teams } from './teams';
export { default as users } from './users';
export { default as videos } from './videos';
