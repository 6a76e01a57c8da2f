/**
 * The league's teams: a name, the sport they play (a lookup, answered populated), a coach, a logo
 * and whether they are active. Every team answers how many players name it, and its detail lists
 * them. The detail's second address, `/Teams/:id`, which the original panel's detail screen reads, has a route of
 * its own (server/routes/admin/teams.ts). The demo league writes its
 * own teams (server/seed, fakeLeague); these rows are what a test league starts from.
 */
import { defineEntity, textsOf } from '../entity';
import { MIN_LENGTH } from '../limits';
import { MENU, UPLOAD, VALIDATION } from '../messages';

export const teams = defineEntity({
  name: 'teams',
  label: { one: 'Team', many: 'Teams' },
  fields: {
    name: {
      kind: 'text',
      label: 'Team Name',
      columnLabel: 'Team',
      required: true,
      minLength: MIN_LENGTH.teamName,
      messages: { required: VALIDATION.teamNameRequired, minLength: VALIDATION.teamNameMin2 },
    },
    sport: {
      kind: 'ref',
      to: 'sport',
      label: 'Sport',
      required: true,
      messages: { required: VALIDATION.sportSelectionRequired, requiredOnUpdate: VALIDATION.sportRequired },
      // A match's teams carry their sport's name again, where the original panel's match screens read it.
      nameAs: 'sportDetails',
    },
    coach: { kind: 'text', label: 'Coach', formLabel: 'Coach Name' },
    logo: { kind: 'image', label: 'Team Logo', messages: { tooLarge: UPLOAD.teamLogoTooLarge } },
    isActive: { kind: 'boolean', label: 'Active Team', columnLabel: 'Status', filterLabel: 'Status', default: true },
  },
  joins: { players: { of: 'player', on: 'team_id', count: 'playerCount', orderBy: 'name' } },
  title: 'name',
  list: {
    search: ['name', 'coach'],
    filters: ['isActive', 'sport'],
    sort: ['name'],
    columns: ['name', 'coach', 'isActive', 'createdAt'],
    stats: {
      total: 'All teams',
      figures: {
        active: { label: 'Active Teams', about: 'Active teams', counts: { filter: 'isActive', value: true } },
        withCoach: { label: 'Teams with Coach', about: 'Teams with a coach (a blank coach is none)', counts: { filled: 'coach' } },
      },
    },
  },
  versioned: true,
  app: { fields: ['name', 'sport', 'coach', 'logo', 'createdAt'], order: { field: 'name', order: 'asc' }, visibleWhen: { field: 'isActive', value: true }, joins: ['players'] },
  menu: { label: MENU.teams, addLabel: MENU.addTeam },
  texts: {
    listTitle: 'Team Management',
    searchPlaceholder: 'Search teams by name or coach...',
    createBusy: 'Creating Team...',
  },
  demo: [
    { name: 'Mumbai Mavericks', coach: 'R. Pandit' },
    { name: 'Pune Panthers', coach: null },
  ],
});

/** The team screens' texts: the declared ones, and the stat cards, columns, form and detail of their own. */
export const TEAM_TEXTS = {
  ...textsOf(teams),
  noSport: 'No sport assigned',
  noCoach: 'No coach assigned',
  /** 'Error creating team: ' plus the server's message, or 'Something went wrong'. */
  createError: (message: string) => `Error creating team: ${message}`,
  sportsLoadFailure: 'Failed to load sports data',
  logoGuidelines: 'Logo Guidelines',
  guidelines: ['Recommended size: 400x400px', 'Maximum file size: 5MB', 'Formats: JPG, PNG, GIF', 'Square images work best'],
  members: (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`,
  playerAge: (age: number | string) => `Age: ${age}`,
  battingOrder: (order: number | string) => `#${order}`,
  /** 'Error updating team: ' plus the server's message, or 'Something went wrong'. */
  editError: (message: string) => `Error updating team: ${message}`,
  logo: 'Team logo',
  factPlayers: 'Players',
  factTeamId: 'Team ID',
  players: 'Team Players',
  noPlayers: 'No players in this team yet',
} as const;
