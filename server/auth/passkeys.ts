/**
 * The WebAuthn ceremonies (@simplewebauthn/server) for admins' passkeys: options with a kept challenge,
 * and the answers checked against it. The relying party (the "site" a passkey belongs to) is PUBLIC_URL's
 * host when that is a domain name; browsers refuse an IP address as one, so without PUBLIC_URL, or when it
 * names an IP address, the address the request came to is used (README, Security).
 */
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { PASSKEY_CHALLENGE_MINUTES } from '../../src/domain/limits';
import { PASSKEY_TEXTS } from '../../src/domain/messages';
import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import type { Clock } from '../clock';
import { keepChallenge, passkeyDescriptors, takeChallenge, type ChallengePurpose, type StoredPasskey } from '../repositories/passkeys';

const RP_NAME = 'Crease';

export interface RelyingParty {
  /** The RP ID: a host name, no scheme or port. */
  id: string;
  /** The origin the admin app is served from, as the browser reports it. */
  origin: string;
}

export function relyingParty(publicUrl: string | undefined, request: FastifyRequest): RelyingParty {
  const configured = publicUrl ? new URL(publicUrl) : undefined;
  if (configured && !isIP(configured.hostname.replace(/^\[|\]$/g, ''))) return { id: configured.hostname, origin: configured.origin };
  return { id: request.hostname, origin: `${request.protocol}://${request.host}` };
}

/** A challenge's expiry, by the clock tests move. */
const expiryFrom = (now: Date) => new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000);

const refused = (message: string) => new HttpError(400, message);

/** The challenge an answer signed, as the browser wrote it into clientDataJSON; undefined when unreadable. */
function answeredChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the challenge the answer signed (it works once), or refuses the answer. */
async function takeAnswered(db: Db, clientDataJSON: string, purpose: ChallengePurpose, adminId: string | null, clock: Clock): Promise<string> {
  const challenge = answeredChallenge(clientDataJSON);
  const kept = challenge && (await takeChallenge(db, challenge, purpose, adminId, clock.now()));
  if (!kept) throw refused(PASSKEY_TEXTS.challengeInvalid);
  return kept;
}

const transportsOf = (transports: string[]) => transports as AuthenticatorTransport[];

export class Passkeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string | undefined,
  ) {}

  rp(request: FastifyRequest) {
    return relyingParty(this.publicUrl, request);
  }

  /** Options to register a new passkey for the admin; their passkeys are excluded, so one authenticator is not registered twice. */
  async registrationOptions(request: FastifyRequest, admin: { id: string; email: string; name: string }) {
    const existing = await passkeyDescriptors(this.db, admin.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rp(request).id,
      userName: admin.email,
      userDisplayName: admin.name,
      // The user handle is the admin's id: a discoverable passkey then names its admin by itself.
      userID: new TextEncoder().encode(admin.id),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey.transports) })),
      // Discoverable, so it signs in without an e-mail; verified (fingerprint, face, PIN), so it is two factors in one.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    });
    const now = this.clock.now();
    await keepChallenge(this.db, options.challenge, 'register', admin.id, now, expiryFrom(now));
    return options;
  }

  /** Checks a registration answer against the admin's own challenge: the credential to store. */
  async verifyRegistration(request: FastifyRequest, adminId: string, response: RegistrationResponseJSON) {
    const expectedChallenge = await takeAnswered(this.db, response.response.clientDataJSON, 'register', adminId, this.clock);
    const rp = this.rp(request);
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }).catch(() => undefined);
    if (!verification?.verified) throw refused(PASSKEY_TEXTS.notVerified);
    const { credential } = verification.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  }

  /**
   * Options to sign in: for a password-less sign-in, any of the site's passkeys (the browser lists the
   * ones it holds); for the second step, only the admin's.
   */
  async authenticationOptions(request: FastifyRequest, adminId: string | null) {
    const allowed = adminId ? await passkeyDescriptors(this.db, adminId) : [];
    const options = await generateAuthenticationOptions({
      rpID: this.rp(request).id,
      allowCredentials: allowed.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey.transports) })),
      userVerification: adminId ? 'preferred' : 'required',
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    });
    const now = this.clock.now();
    await keepChallenge(this.db, options.challenge, adminId ? 'second-factor' : 'sign-in', adminId, now, expiryFrom(now));
    return options;
  }

  /**
   * Takes the challenge a sign-in answer signed: first of all, so an answer naming an unknown passkey
   * uses its challenge up as well. `secondStepOf`: the admin whose second step this is, or null.
   */
  takeSignInChallenge(response: AuthenticationResponseJSON, secondStepOf: string | null): Promise<string> {
    return takeAnswered(this.db, response.response.clientDataJSON, secondStepOf ? 'second-factor' : 'sign-in', secondStepOf, this.clock);
  }

  /**
   * Checks a sign-in answer made with `passkey` against its challenge: the passkey's new counter.
   * Without a password before it the passkey must have verified its user (it is both factors then);
   * as the second step, presence is enough.
   */
  async verifyAuthentication(request: FastifyRequest, passkey: StoredPasskey, response: AuthenticationResponseJSON, expectedChallenge: string, afterPassword: boolean): Promise<number> {
    const rp = this.rp(request);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: transportsOf(passkey.transports) },
      requireUserVerification: !afterPassword,
    }).catch(() => undefined);
    if (!verification?.verified) throw new HttpError(401, PASSKEY_TEXTS.notVerified, undefined, 'auth.invalid_credentials');
    return verification.authenticationInfo.newCounter;
  }
}
