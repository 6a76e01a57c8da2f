/**
 * Session tokens: HS256 JWTs. Admins' expire after a normal session, or after 30 days with "Remember me";
 * fans' (the app's) name their session row and are a separate audience: neither is taken where the other is.
 */
import { jwtVerify, SignJWT, errors, type CryptoKey } from 'jose';
import { REMEMBER_ME_DAYS, SESSION_HOURS } from '../../src/domain/limits';

const ALGORITHM = 'HS256';
/** Enough for every admin's open sessions; beyond it the oldest checked token is checked again when next used. */
const VERIFIED_TOKENS_KEPT = 1_000;

/** Admins' tokens; tokens signed before audiences existed carry none and stay admins'. */
export const ADMIN_AUDIENCE = 'crease-admin';
/** The fans' app's tokens: refused by every admin route (and an admin's by every fan route). */
export const FAN_AUDIENCE = 'crease-app';

const sessionSeconds = (remember: boolean) =>
  remember ? REMEMBER_ME_DAYS * 24 * 3600 : SESSION_HOURS * 3600;

export class TokenService {
  /** Imported once: given the raw secret, jose would import it again for every token it checks. */
  private readonly key: Promise<CryptoKey>;

  constructor(secret: string) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /** `sessionsFrom`: when the admin's current sessions began (a token is never dated before it, or it would be refused). */
  async sign(adminId: string, remember = false, sessionsFrom?: Date): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(adminId)
      .setAudience(ADMIN_AUDIENCE)
      .setIssuedAt(sessionsFrom ? Math.max(now, Math.floor(sessionsFrom.getTime() / 1000)) : now)
      .setExpirationTime(`${sessionSeconds(remember)}s`)
      .sign(await this.key);
  }

  /**
   * Tokens whose signature has been checked, newest last. A signature under this process's secret
   * stays valid, so it is checked once per token rather than on every call (WebCrypto's HMAC cost
   * 7% of a list call's CPU); expiry is still checked every time, and the admin is still looked up.
   */
  private readonly verified = new Map<string, { adminId: string; issuedAt: number; expiresAt: number }>();

  /** The admin id a valid token was issued to and when; throws `JWTExpired` or another jose error otherwise (also without sub, iat or exp). */
  async verify(token: string): Promise<{ adminId: string; issuedAt: number }> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now() / 1000) return { adminId: known.adminId, issuedAt: known.issuedAt };
    // A token without `exp` would never lapse: whoever once held one would keep it for good.
    const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'iat', 'exp'] });
    // Another audience's token (a fan's) is no admin's session, whatever its subject.
    if (payload.aud !== undefined && payload.aud !== ADMIN_AUDIENCE) throw new errors.JWTClaimValidationFailed('unexpected "aud" claim value', payload, 'aud', 'check_failed');
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { adminId: payload.sub!, issuedAt: payload.iat!, expiresAt: payload.exp! });
    return { adminId: payload.sub!, issuedAt: payload.iat! };
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
    const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM], audience: FAN_AUDIENCE, requiredClaims: ['sub', 'jti', 'exp'] });
    return { userId: payload.sub!, sessionId: payload.jti! };
  }
}

export const isExpired = (error: unknown) => error instanceof errors.JWTExpired;
