/**
 * The second step of an admin's sign-in. A right password for an admin with a second factor earns a
 * ticket, not a session: a signed JWT (5 minutes, `purpose: 'second-factor'`, the admin's id) that
 * only the second-step calls take, with a code (TOTP, a recovery code) or a passkey. Its audience is
 * its own, so TokenService.verify (every guarded route) refuses it as a bearer token: alone it is
 * worth nothing.
 */
import { errors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { SECOND_FACTOR_TICKET_MINUTES } from '../../src/domain/limits';
import { systemClock, type Clock } from '../clock';

const ALGORITHM = 'HS256';
export const SECOND_FACTOR_AUDIENCE = 'crease-second-factor';
export const SECOND_FACTOR_PURPOSE = 'second-factor';

export interface SecondFactorTicket {
  adminId: string;
  /** "Remember me" as asked at the password step: the session the second step opens lasts as long. */
  remember: boolean;
  /** When the ticket was issued (seconds): a password changed since makes it worthless. */
  issuedAt: number;
}

export class SecondFactorTickets {
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    /** The server's clock: tickets' lifetimes and TOTP codes' time steps are read from it (tests move it). */
    private readonly clock: Clock = systemClock,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async issueSecondFactorTicket(adminId: string, options: { remember?: boolean } = {}): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ purpose: SECOND_FACTOR_PURPOSE, remember: options.remember === true })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(adminId)
      .setAudience(SECOND_FACTOR_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + SECOND_FACTOR_TICKET_MINUTES * 60)
      .sign(await this.key);
  }

  /** The ticket's admin, or undefined for anything else: expired, forged, another purpose, a session token. */
  async readSecondFactorTicket(ticket: string): Promise<SecondFactorTicket | undefined> {
    try {
      const { payload } = await jwtVerify(ticket, await this.key, {
        algorithms: [ALGORITHM],
        audience: SECOND_FACTOR_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: this.clock.now(),
      });
      if (payload.purpose !== SECOND_FACTOR_PURPOSE) return undefined;
      return { adminId: payload.sub!, remember: payload.remember === true, issuedAt: payload.iat! };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and reads the second step's tickets (plugins/auth.ts). */
    secondFactor: SecondFactorTickets;
  }
}
