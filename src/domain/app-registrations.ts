/**
 * Registrations sent from the fans' app (`POST /app/v1/registrations`): the same declaration as the
 * admins' (src/domain/entities/registrations.ts), the same rules for what the admins' edit form
 * checks, and rules of their own for what only the app sends (the date of birth, the government ID,
 * the playing role and batting style, the players and their photos). Its texts and limits.
 */
import { ruleOf, type EntityDeclaration, type FieldDeclaration } from './entity';
import { REGISTRATION_RULES, registrations } from './entities/registrations';
import { PLAYER_ROLES } from './enums';
import { MAX_FORM_FILES, MINUTE_WINDOW_SECONDS, pleaseWait } from './limits';
import { UPLOAD, VALIDATION } from './messages';
import type { FormRules } from './rules';

/** The government IDs a registration names (the demo league draws from these too). */
export const GOVERNMENT_ID_TYPES = ['Aadhaar Card', 'PAN Card', 'Voter ID', 'Passport', 'Driving Licence'] as const;

/** Players one registration holds: at least one, and as many as one form carries photos. */
export const REGISTRATION_PLAYERS = { min: 1, max: MAX_FORM_FILES } as const;

/** Registrations sent from one address a minute (refusals count too: each may carry five photos to check). */
export const REGISTRATIONS_PER_MINUTE = 10;

export const APP_REGISTRATION_TEXTS = {
  submitted: 'Registration sent. The league will review it.',
  fetched: 'Fetched successfully',
  notFound: 'Registration not found',
  pendingExists: 'You already have a registration waiting for review. You can send another once the league has decided on it.',
  tooManyRegistrations: `Too many registrations from this address. ${pleaseWait(MINUTE_WINDOW_SECONDS)}`,
  dobRequired: 'DOB is required',
  dobNotPast: 'DOB must be a past date, written YYYY-MM-DD',
  idTypeRequired: 'Government ID Type is required',
  idTypeInvalid: `Government ID Type must be one of: ${GOVERNMENT_ID_TYPES.join(', ')}`,
  idNumberRequired: 'Government ID Number is required',
  playersRequired: `players is required: a JSON array of ${REGISTRATION_PLAYERS.min} to ${REGISTRATION_PLAYERS.max} players`,
  playersInvalid: `players must be a JSON array of ${REGISTRATION_PLAYERS.min} to ${REGISTRATION_PLAYERS.max} players, each an object of their fields`,
  tooManyPlayers: `A registration holds at most ${REGISTRATION_PLAYERS.max} players`,
  /** A player's field refused: the player named by their place in the list, as the app shows them. */
  player: (index: number, message: string) => `Player ${index + 1}: ${message}`,
  playerTextInvalid: (label: string) => `${label} must be text`,
  photoRequired: 'Photo is required',
  photoNotAFile: 'Photo must be an image file sent as its own part',
  photoWithoutPlayer: (name: string) => `${name} names no player in players`,
  // The lists the form chooses its places from.
  stateQueryInvalid: 'state is required: the _id of a state from /app/v1/states',
  districtQueryInvalid: 'district is required: the _id of a district from /app/v1/districts?state=<id>',
} as const;

/** The fields the admins' form leaves to the server (`form: false`) that the app sends, and how it checks them. */
const APP_SENT: Record<string, Partial<FieldDeclaration>> = {
  DOB: { required: true, messages: { required: APP_REGISTRATION_TEXTS.dobRequired } },
  GovernmentIdType: {
    kind: 'choice',
    choices: GOVERNMENT_ID_TYPES,
    required: true,
    messages: { required: APP_REGISTRATION_TEXTS.idTypeRequired, invalid: APP_REGISTRATION_TEXTS.idTypeInvalid },
  },
  GovernmentIdNumber: { required: true, messages: { required: APP_REGISTRATION_TEXTS.idNumberRequired } },
  playingRole: { kind: 'choice', choices: PLAYER_ROLES, messages: { invalid: VALIDATION.playingRoleInvalid } },
  battingStyle: {},
};

/**
 * Registrations as the app writes them: the admins' declaration, with the fields the app sends
 * offered to API clients (`form: 'api'`) under the app's rules; the status stays the server's.
 */
export const appRegistrations: EntityDeclaration = {
  ...registrations,
  fields: Object.fromEntries(
    Object.entries(registrations.fields as Record<string, FieldDeclaration>).map(([name, field]) => [
      name,
      APP_SENT[name] ? ({ ...field, ...APP_SENT[name], form: 'api' } as FieldDeclaration) : field,
    ]),
  ),
};

/** The app's form: the admins' edit form's rules, and the declared rules of what only the app sends (a birth date that has come). */
export const APP_REGISTRATION_RULES: FormRules = {
  ...REGISTRATION_RULES,
  ...Object.fromEntries(Object.keys(APP_SENT).map((name) => [name, ruleOf(appRegistrations.fields[name], 'create')])),
  DOB: { ...ruleOf(appRegistrations.fields.DOB, 'create'), past: APP_REGISTRATION_TEXTS.dobNotPast },
};

/** A player's fields as the app sends them in `players` (the registration_players columns), with their labels. */
export const APP_PLAYER_FIELDS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  dob: 'DOB',
  playingRole: 'Playing Role',
  battingStyle: 'Batting Style',
  bowlingStyle: 'Bowling Style',
} as const;
export type AppPlayerField = keyof typeof APP_PLAYER_FIELDS;

/** Each player's rules; the photo is the file `players.<n>.photo`. */
export const APP_PLAYER_RULES = {
  firstName: { required: VALIDATION.firstNameRequired },
  dob: { past: APP_REGISTRATION_TEXTS.dobNotPast },
  playingRole: { oneOf: [PLAYER_ROLES, VALIDATION.playingRoleInvalid] },
  photo: { required: APP_REGISTRATION_TEXTS.photoRequired, image: { tooLarge: UPLOAD.tooLarge, notAnImage: UPLOAD.notAnImage } },
} satisfies FormRules;

/** The multipart part a player's photo comes in. */
export const playerPhotoPart = (index: number) => `players.${index}.photo`;
