/**
 * A signed-in fan's registrations (/app/v1): `POST /registrations` sends one (multipart: the
 * person's fields by the names an admin's registration carries, `players` as a JSON array of the
 * players' fields, and each player's photo as the file `players.<n>.photo`), `GET /registrations`
 * lists the fan's own and `GET /registrations/{id}` answers one of them (any other id: 404).
 *
 * The person is checked by the admins' edit rules and the app's own (src/domain/app-registrations.ts),
 * through the same form checks as every admin form, and written as the admins' declared writes are
 * (places that exist and nest, an activity entry). Photos are checked from their bytes and stripped
 * of their metadata by the upload plugin, and removed again when the write is refused.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  APP_PLAYER_FIELDS,
  APP_PLAYER_RULES,
  APP_REGISTRATION_RULES,
  APP_REGISTRATION_TEXTS as TEXTS,
  REGISTRATION_PLAYERS,
  REGISTRATIONS_PER_MINUTE,
  appRegistrations,
  playerPhotoPart,
} from '../../../src/domain/app-registrations';
import { checkForm } from '../../../src/domain/rules';
import { requireFan, requireVerifiedEmail } from '../../auth/fan-sessions';
import type { Db } from '../../db/connection';
import { badRequest, found, HttpError } from '../../errors';
import { jsonBoundsError } from '../../http/json-bounds';
import { clean } from '../../http/clean-text';
import { createAppRegistration, fanRegistration, fanRegistrations, refusePending, type AppPlayer } from '../../repositories/app-registrations';
import { appRef, documentAs, named } from '../../schemas/app';
import { bodySchema } from '../../schemas/declared';
import { ok, responses } from '../../schemas/envelope';
import { formBody, MULTIPART, type UploadedImage } from '../../schemas/form';
import { FanRegistration } from '../../schemas/app-registrations';
import { appImagesOf } from '../../storage/image-sizes';
import { isUploadedImage } from '../../storage/images';
import { withSavedImages } from '../../storage/saved-images';
import { addressLimit } from '../../http/limits';

const Players = Type.Optional(
  Type.Unknown({
    description:
      `A JSON array of ${REGISTRATION_PLAYERS.min}–${REGISTRATION_PLAYERS.max} players, each { ${Object.keys(APP_PLAYER_FIELDS).join(', ')} } ` +
      '(firstName required; dob YYYY-MM-DD); each player\'s photo is the file part players.<n>.photo, counted from 0',
  }),
);

/** The person's fields as the declared create body types them, checked by the app's rules; and the players. */
/** A player as the app sends it, in the `players` part: the fields the route reads (APP_PLAYER_FIELDS), by their rules. */
const SentPlayer = named(
  'RegistrationPlayer',
  Type.Object(
    Object.fromEntries(
      Object.entries(APP_PLAYER_FIELDS).map(([name, label]) => {
        const choices = name === 'playingRole' ? { enum: [...APP_PLAYER_RULES.playingRole.oneOf[0]] } : {};
        const value = Type.String({ description: name === 'dob' ? `${label} (YYYY-MM-DD, in the past)` : label, ...(name === 'dob' && { format: 'date' }), ...choices });
        return [name, name === 'firstName' ? value : Type.Optional(Type.Union([value, Type.Null()]))];
      }),
    ),
    { description: "One player in the registration's `players` part; their photo is the part players.<n>.photo, counted from 0" },
  ),
);

const RegistrationBody = formBody(APP_REGISTRATION_RULES, { ...bodySchema(appRegistrations, 'create').properties, players: Players });

/**
 * The form as the document shows it: the person's fields, `players` a JSON array of
 * RegistrationPlayer (its part sent as application/json), and each player's photo as its own part.
 */
const RegistrationForm = documentAs('RegistrationForm', RegistrationBody, {
  ...RegistrationBody,
  properties: {
    ...RegistrationBody.properties,
    // Each player's photo is its own part, named by the player's place in `players` (at most REGISTRATION_PLAYERS.max).
    ...Object.fromEntries(
      Array.from({ length: REGISTRATION_PLAYERS.max }, (_, index) => [
        playerPhotoPart(index),
        { type: 'string', format: 'binary', contentMediaType: 'image/*', description: `Player ${index + 1}'s photo (required for each player sent; at most 5 MB, checked from its bytes)` },
      ]),
    ),
    players: {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { type: 'array', items: appRef(SentPlayer), minItems: REGISTRATION_PLAYERS.min, maxItems: REGISTRATION_PLAYERS.max },
      description: `A JSON array of ${REGISTRATION_PLAYERS.min}–${REGISTRATION_PLAYERS.max} RegistrationPlayer`,
    },
  },
  required: [...(RegistrationBody.required ?? []), 'players'],
} as TSchema);


const PHOTO_PART = /^players\./;

/**
 * The players sent: the JSON array's fields (cleaned as the text-input hook cleans every field, which
 * saw this one only as JSON text) and each one's photo, checked by the players' rules. A 400 names
 * each refused field as `players.<n>.<field>`, the player counted from 1 in its message.
 */
function readPlayers(body: Record<string, unknown>): { players: AppPlayer[]; photos: UploadedImage[] } {
  let sent = body.players;
  if (sent === undefined || sent === null || sent === '') throw badRequest({ players: TEXTS.playersRequired });
  if (typeof sent === 'string') {
    // Bounded as a JSON body is, before it is parsed: the JSON body parser never saw this text.
    const refused = jsonBoundsError(sent);
    if (refused) throw badRequest({ players: refused });
    try {
      sent = JSON.parse(sent);
    } catch {
      throw badRequest({ players: TEXTS.playersInvalid });
    }
  }
  if (!Array.isArray(sent) || sent.some((player) => !player || typeof player !== 'object' || Array.isArray(player))) throw badRequest({ players: TEXTS.playersInvalid });
  if (sent.length < REGISTRATION_PLAYERS.min) throw badRequest({ players: TEXTS.playersRequired });
  if (sent.length > REGISTRATION_PLAYERS.max) throw badRequest({ players: TEXTS.tooManyPlayers });
  const errors: Record<string, string> = {};
  const cleaned = clean(sent, 'players', errors) as Record<string, unknown>[];
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const players: AppPlayer[] = [];
  const photos: UploadedImage[] = [];
  cleaned.forEach((player, index) => {
    const values: AppPlayer = {};
    for (const [name, label] of Object.entries(APP_PLAYER_FIELDS) as [keyof typeof APP_PLAYER_FIELDS, string][]) {
      const value = player[name];
      if (value === undefined || value === null) continue;
      if (typeof value === 'string') values[name] = value;
      else errors[`players.${index}.${name}`] = TEXTS.player(index, TEXTS.playerTextInvalid(label));
    }
    const part = playerPhotoPart(index);
    const photo = body[part];
    for (const [name, message] of Object.entries(checkForm(APP_PLAYER_RULES, { ...values, photo }))) {
      errors[name === 'photo' ? part : `players.${index}.${name}`] ??= TEXTS.player(index, message);
    }
    if (!errors[part] && !isUploadedImage(photo)) errors[part] = TEXTS.player(index, TEXTS.photoNotAFile);
    players.push(values);
    if (isUploadedImage(photo)) photos.push(photo);
  });
  const parts = new Set(cleaned.map((_, index) => playerPhotoPart(index)));
  for (const key of Object.keys(body)) if (PHOTO_PART.test(key) && !parts.has(key)) errors[key] = TEXTS.photoWithoutPlayer(key);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { players, photos };
}

/** The players as read by the form check (plugins/forms.ts), for the handler that writes them. */
const readPlayersOf = new WeakMap<FastifyRequest, ReturnType<typeof readPlayers>>();

/** The players' field errors, given with the person's in one 400 (the players read are kept for the handler). */
function playerErrors(request: FastifyRequest, body: Record<string, unknown>): Record<string, string> {
  try {
    readPlayersOf.set(request, readPlayers(body));
    return {};
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && error.errors) return error.errors;
    throw error;
  }
}

const registrationRoutes: FastifyPluginAsyncTypebox<{ db: Db; verifyingEmails?: boolean }> = async (app, { db, verifyingEmails }) => {
  const tags = ['app'];
  const security = [{ bearer: [] }];
  // Before the body is read: an unsigned, unverified or over-limit send costs no photo decoding.
  const signedIn = requireFan(db);
  const verified = requireVerifiedEmail(db, verifyingEmails ?? false);
  const limitSends = addressLimit(app, 'app-registrations', REGISTRATIONS_PER_MINUTE, TEXTS.tooManyRegistrations);
  const fields = Object.keys(appRegistrations.fields);
  // Signed as they are answered, to the fan who sent them, at the server's public address: the records keep the bare /media/ URLs.
  const signed = (registration: FanRegistration) => ({
    ...registration,
    players: registration.players.map((player) => ({ ...player, photo: app.publicUrls.image(app.mediaLinks.signImage(player.photo)) })),
  });

  app.post(
    '/registrations',
    {
      onRequest: [limitSends, signedIn, verified],
      config: { moreFieldErrors: playerErrors },
      schema: {
        tags,
        summary: `Send a registration (403 until the fan's e-mail is verified) (pending until the league decides; one pending at a time: 409). Multipart: the person's fields, players (JSON) and each player's photo as players.<n>.photo`,
        security,
        consumes: MULTIPART,
        body: RegistrationForm,
        response: responses(FanRegistration),
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const fan = request.fan!.id;
      const { players, photos } = readPlayersOf.get(request) ?? readPlayers(body);
      // Told before the photos are stored; checked again in the write, under the fan's lock.
      await refusePending(db, fan);
      const person = Object.fromEntries(fields.map((name) => [name, body[name]]));
      const files = Object.fromEntries(photos.map((photo, index) => [playerPhotoPart(index), photo]));
      // A fan's photos are private: kept apart, served only by signed links (plugins/media.ts).
      const id = await withSavedImages(app.images.fans, files, (urls) =>
        // Every player has a photo by now (the rules require one).
        createAppRegistration(db, fan, person, players, players.map((_, index) => urls[playerPhotoPart(index)]!)),
      );
      return ok(signed(found(await fanRegistration(db, fan, id, appImagesOf), TEXTS.notFound)), TEXTS.submitted);
    },
  );

  app.get(
    '/registrations',
    {
      onRequest: [app.appReads.limit, signedIn],
      schema: { tags, summary: "The fan's own registrations, newest first, each with its status and players", security, response: responses(Type.Array(FanRegistration)) },
    },
    async (request) => ok((await fanRegistrations(db, request.fan!.id, appImagesOf)).map(signed), TEXTS.fetched),
  );

  app.get(
    '/registrations/:id',
    {
      onRequest: [app.appReads.limit, signedIn],
      schema: { tags, summary: "One of the fan's own registrations (any other id: 404)", security, params: Type.Object({ id: Type.String() }), response: responses(FanRegistration) },
    },
    async (request) => ok(signed(found(await fanRegistration(db, request.fan!.id, request.params.id, appImagesOf), TEXTS.notFound)), TEXTS.fetched),
  );
};

export default registrationRoutes;
