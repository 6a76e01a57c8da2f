/**
 * The league's matches: a date and time, a stadium (a lookup, answered populated and searched by
 * its name), two teams (answered populated with their sport), a result, three pictures and some
 * optional details. The list splits at the present moment into upcoming and played tabs and takes
 * a date range. What is the match's own stays by hand: the form's stadium and team pickers, the list's
 * page figures and cells, the detail's two sides (src/resources/matches). Matches have no delete.
 * The demo league writes its own matches (server/seed, fakeLeague); these rows are what a test
 * league starts from.
 */
import { defineEntity, textsOf, type AppContext } from '../entity';
import { MATCH_RESULTS } from '../enums';
import { MENU, VALIDATION } from '../messages';
import { zonedInstant } from '../zones';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * When a match starts, from the admin's two fields: `matchDate` is the kickoff instant when it has
 * a time of day (the admin's form sends the instant picked, and `matchTime` beside it); a
 * `matchDate` at midnight UTC is a day alone (as older clients sent it), and then `matchTime` on
 * that day on the league's clock (LEAGUE_TIME_ZONE) is the kickoff. Null without a readable date.
 */
export function kickoffOf(record: Record<string, unknown>, timeZone: string): Date | null {
  const date = record.matchDate ? new Date(record.matchDate as string) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const time = typeof record.matchTime === 'string' ? record.matchTime.trim() : '';
  const dayAlone = date.getTime() % 86_400_000 === 0;
  return dayAlone && TIME_OF_DAY.test(time) ? zonedInstant(date.toISOString().slice(0, 10), time, timeZone) : date;
}

/** Whether the match has started (so it may have a result). */
const started = (record: Record<string, unknown>, { now, timeZone }: AppContext) => {
  const kickoff = kickoffOf(record, timeZone);
  return kickoff !== null && kickoff.getTime() <= now.getTime();
};

const team = (side: 'A' | 'B') =>
  ({
    kind: 'ref',
    to: 'teams',
    label: `Team ${side}`,
    required: true,
    populate: ['name', 'coach', 'logo', 'sport'],
  }) as const;

export const matches = defineEntity({
  name: 'matches',
  label: { one: 'Match', many: 'Matches' },
  fields: {
    matchDate: { kind: 'datetime', label: 'Match Date', required: true, messages: { required: VALIDATION.matchDateRequired } },
    // The time of day of the picked date, as the mobile app shows it: the form sends it with the date.
    matchTime: { kind: 'text', label: 'Time', form: 'api' },
    stadium: { kind: 'ref', to: 'stadium', label: 'Stadium', required: true },
    teamA: team('A'),
    teamB: team('B'),
    result: {
      kind: 'choice',
      label: 'Result',
      formLabel: 'Match Result',
      required: true,
      choices: MATCH_RESULTS,
      messages: { invalid: VALIDATION.resultInvalid },
    },
    stadium_image: { kind: 'image', label: 'Stadium Image', columnLabel: 'Image' },
    teamA_Flag: { kind: 'image', label: 'Team A Flag', column: 'team_a_flag' },
    teamB_Flag: { kind: 'image', label: 'Team B Flag', column: 'team_b_flag' },
    title: { kind: 'text', label: 'Title' },
    overs: { kind: 'number', label: 'Overs', min: 1 },
    format: { kind: 'text', label: 'Format' },
    umpire: { kind: 'text', label: 'Umpire' },
    tournament: { kind: 'text', label: 'Tournament' },
  },
  title: 'title',
  titleFallback: 'matchDate',
  show: { facts: ['title', 'matchTime', 'overs', 'format', 'umpire', 'tournament', 'createdAt'] },
  list: {
    search: ['stadium'],
    filters: ['result'],
    columns: ['stadium_image', 'matchDate', 'stadium', 'result', 'teamA', 'teamB'],
    sort: ['matchDate'],
    range: 'matchDate',
    split: {
      param: 'when',
      field: 'matchDate',
      later: { value: 'upcoming', order: 'asc', description: 'the match date is now or later, soonest first' },
      earlier: { value: 'played', order: 'desc', description: 'the match date is before now, latest first' },
    },
    // The tabs' counts; the list's stat cards are its own (src/resources/matches).
    stats: {
      total: 'Matches the search and filters select',
      listed: true,
      figures: {
        upcoming: { about: 'Of those, the ones whose match date is now or later', counts: { split: 'later' } },
        played: { about: 'Of those, the ones whose match date is before now', counts: { split: 'earlier' } },
      },
    },
  },
  // Two sides of one team is no match.
  check: ({ teamA, teamB }): Record<string, string> => (teamA && teamA === teamB ? { teamB: VALIDATION.teamsMustDiffer } : {}),
  versioned: true,
  operations: ['list', 'show', 'create', 'update'],
  fixedFailures: ['create'],
  app: {
    fields: ['title', 'matchDate', 'matchTime', 'stadium', 'teamA', 'teamB', 'result', 'stadium_image', 'teamA_Flag', 'teamB_Flag', 'overs', 'format', 'umpire', 'tournament'],
    order: { field: 'matchDate', order: 'desc' },
    split: true,
    derived: {
      // The admin's result is required, so an upcoming match holds one ('No Result'): the app hears none until it starts.
      result: {
        value: (record, context) => (started(record, context) ? (record.result ?? null) : null),
        schema: { description: 'The result once the match has started; null before', anyOf: [{ type: 'string', enum: [...MATCH_RESULTS] }, { type: 'null' }] },
      },
      startsAt: {
        value: (record, { timeZone }) => kickoffOf(record, timeZone)?.toISOString() ?? null,
        schema: { description: 'When the match starts (ISO 8601, UTC)', anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      },
    },
  },
  menu: { label: MENU.matches, addLabel: MENU.addMatch },
  texts: {
    listTitle: 'Match Management',
    createTitle: 'Create New Match',
    createSubmit: 'Submit Match',
    createBusy: 'Submitting...',
    createFailure: 'Failed to create match.',
    editSubmit: 'Submit Match',
    editBusy: 'Saving...',
    editFailure: 'Failed to update match.',
  },
  demo: [
    { matchDate: '2026-05-01T14:00:00.000Z', result: 'Team A Won', title: 'Season opener', overs: 20, format: 'T20', tournament: 'Premier League' },
    { matchDate: '2026-05-08T14:00:00.000Z', result: 'Draw' },
  ],
});

/** The match screens' texts: the declared ones, and the stat cards, tabs, columns, form and detail of their own. */
export const MATCH_TEXTS = {
  ...textsOf(matches),
  statTotal: 'Total Matches',
  statPage: 'Current Page',
  statPageOf: (pages: number) => `of ${pages} ${pages === 1 ? 'page' : 'pages'}`,
  statShowing: 'Showing',
  columnSport: 'Sport',
  lookupFailure: 'Failed to load teams',
  versus: 'VS',
  // Screen texts the original panel implies but does not spell out (labels, placeholders, states).
  /** A match's name where it needs one (cards, the delete-free detail, the record's representation). */
  matchName: (teamA?: string | null, teamB?: string | null) => `${teamA || 'Team A'} vs ${teamB || 'Team B'}`,
  teamGone: 'Team no longer exists',
  noCoach: 'No coach assigned',
  noSport: 'No sport',
  coach: 'Coach',
  sport: 'Sport',
  logo: (team: string) => `${team} logo`,
  flag: (team: string) => `${team} flag`,
  stadiumImage: (stadium: string) => `${stadium || 'Stadium'} image`,
  optionalDetails: 'Match Information',
  notSet: 'Not set',
  openMatch: 'View Match',
} as const;
