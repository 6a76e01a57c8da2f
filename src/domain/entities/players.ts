/**
 * The league's players: a name, an age, a picture, the team they play for (answered populated, and
 * again under `team`, as the original panel's screens read it), their playing role, bowling style,
 * batting and batting order (lookups, answered populated) and a video. Players have no delete, and
 * their add form is at /create/player.
 * The demo league writes its own players (server/seed, fakeLeague); these rows are what a test
 * league starts from.
 */
import { defineEntity, textsOf } from '../entity';
import { PLAYER_ROLES } from '../enums';
import { MIN_PLAYER_AGE } from '../limits';
import { MENU, VALIDATION } from '../messages';

export const players = defineEntity({
  name: 'player',
  table: 'players',
  label: { one: 'Player', many: 'Players' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true },
    age: { kind: 'number', label: 'Age', min: MIN_PLAYER_AGE },
    image: { kind: 'image', label: 'Image' },
    team_id: { kind: 'ref', to: 'teams', label: 'Team', columnLabel: 'Team Name', column: 'team_id', populate: ['name', 'coach'], alias: 'team' },
    playingRole: { kind: 'choice', label: 'Playing Role', choices: PLAYER_ROLES, messages: { invalid: VALIDATION.playingRoleInvalid } },
    bowling: { kind: 'ref', to: 'bowling-style', label: 'Bowling Style' },
    batting: { kind: 'ref', to: 'batting-headedness', label: 'Batting' },
    battingOrder: { kind: 'ref', to: 'batting-order', label: 'Batting Order' },
    // Only http(s) addresses: the detail screen embeds it.
    videoUrl: { kind: 'url', label: 'Video URL' },
    isActive: { kind: 'boolean', label: 'Active', default: true, form: false },
  },
  title: 'name',
  list: { search: ['name'], filters: ['team_id', 'playingRole'], sort: ['name', 'age'], columns: ['image', 'name', 'age', 'team_id'], stats: { total: 'All players' } },
  versioned: true,
  operations: ['list', 'show', 'create', 'update'],
  fixedFailures: ['update'],
  createPath: '/create/player',
  app: {
    path: 'players',
    fields: ['name', 'age', 'image', 'team_id', 'playingRole', 'bowling', 'batting', 'battingOrder', 'videoUrl'],
    order: { field: 'name', order: 'asc' },
    routes: ['one'],
    visibleWhen: { field: 'isActive', value: true },
  },
  menu: { label: MENU.player, addLabel: MENU.addPlayer },
  texts: {
    listTitle: 'Player Management',
    addNew: 'Add Player',
    createTitle: 'Add Player',
    createSuccess: 'Player created successfully',
    createFailure: 'Error creating player',
    editSuccess: 'Player updated successfully',
    editFailure: 'Error saving player',
  },
  demo: [
    { name: 'Arjun Mehta', age: 24, playingRole: 'Batsman' },
    { name: 'Kabir Rao', age: 29, playingRole: 'Bowler' },
  ],
});

/** The player screens' texts: the declared ones, and the detail's own. */
export const PLAYER_TEXTS = {
  ...textsOf(players),
  noTeam: 'No team',
  factBattingType: 'Batting Type',
  factBattingDescription: 'Batting Description',
  factBattingPosition: 'Batting Order Position',
  factTeamCoach: 'Team Coach',
  video: 'Video',
} as const;
