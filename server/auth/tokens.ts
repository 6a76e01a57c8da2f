/**
 * Session tokens: HS256 JWTs, each naming its server-side session row (`jti`). Admins' last as long as
 * their session (auth/admin-sessions.ts); fans' (the app's) are a separate audience, short-lived and
 * renewed with a refresh token (auth/fan-sessions.ts): neither is taken where the other is.
 */
import { jwtVerify, SignJWT, errors, type CryptoKey } from 'jose';
import { systemClock, type Clock } from '../clock';

const ALGORITHM = 'HS256';
/** Enough for every admin's open sessions; beyond it the oldest checked token is checked again when next used. */
const VERIFIED_TOKENS_KEPT = 1_000;

/** Admins' tokens; tokens signed before audiences existed carry none and stay admins'. */
export const ADMIN_AUDIENCE = 'crease-admin';
/** The fans' app's tokens: refused by every admin route (and an admin's by every fan route). */
export const FAN_AUDIENCE = 'crease-app';

export class TokenService {
  /** Imported once: given the raw secret, jose would import it again for every token it checks. */
  private readonly key: Promise<CryptoKey>;

  /** `clock`: the time tokens are dated and checked by, which tests move (the server's one clock). */
  constructor(
    secret: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /**
   * An admin's token for the server-side session `sessionId` (auth/admin-sessions.ts), lasting until
   * `expiresAt`. `sessionsFrom`: when the admin's current sessions began (a token is never dated before it, or it would be refused).
   */
  async sign(adminId: string, sessionId: string, expiresAt: Date, sessionsFrom?: Date): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(adminId)
      .setJti(sessionId)
      .setAudience(ADMIN_AUDIENCE)
      .setIssuedAt(sessionsFrom ? Math.max(now, Math.floor(sessionsFrom.getTime() / 1000)) : now)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /**
   * Tokens whose signature has been checked, newest last. A signature under this process's secret
   * stays valid, so it is checked once per token rather than on every call (WebCrypto's HMAC cost
   * 7% of a list call's CPU); expiry is still checked every time, and the admin is still looked up.
   */
  private readonly verified = new Map<string, { adminId: string; issuedAt: number; sessionId?: string; expiresAt: number }>();

  /**
   * The admin id a valid token was issued to, when, and the session it names (none in a token from
   * before sessions were kept on the server); throws `JWTExpired` or another jose error otherwise (also without sub, iat or exp).
   */
  async verify(token: string): Promise<{ adminId: string; issuedAt: number; sessionId?: string }> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > this.clock.now().getTime() / 1000) return { adminId: known.adminId, issuedAt: known.issuedAt, sessionId: known.sessionId };
    // A token without `exp` would never lapse: whoever once held one would keep it for good.
    const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'iat', 'exp'], currentDate: this.clock.now() });
    // Another audience's token (a fan's) is no admin's session, whatever its subject.
    if (payload.aud !== undefined && payload.aud !== ADMIN_AUDIENCE) throw new errors.JWTClaimValidationFailed('unexpected "aud" claim value', payload, 'aud', 'check_failed');
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { adminId: payload.sub!, issuedAt: payload.iat!, sessionId: payload.jti, expiresAt: payload.exp! });
    return { adminId: payload.sub!, issuedAt: payload.iat!, sessionId: payload.jti };
  }

  /** A fan's token for the session `sessionId`, lasting until `expiresAt`. */
  async signFan(userId: string, sessionId: string, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(userId)
      .setJti(sessionId)
      .setAudience(FAN_AUDIENCE)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /** The fan and session a fan's token names; throws a jose error for any other token (an admin's too). */
  async verifyFan(token: string): Promise<{ userId: string; sessionId: string }> {
    const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM], audience: FAN_AUDIENCE, requiredClaims: ['sub', 'jti', 'exp'], currentDate: this.clock.now() });
    return { userId: payload.sub!, sessionId: payload.jti! };
  }
}

export const isExpired = (error: unknown) => error instanceof errors.JWTExpired;
