/**
 * Firebase Cloud Messaging's HTTP v1 API, spoken directly: an OAuth2 access token from the
 * service account (a JWT signed with jose, posted to the account's own `token_uri`), then one
 * `messages:send` request per device over kept-alive connections to `FCM_API_URL`.
 *
 * Why not firebase-admin or google-auth-library: firebase-admin fixes both Google addresses and
 * sends over HTTP/2, and google-auth-library 10 (the last for Node 20) posts every service-account
 * assertion to https://oauth2.googleapis.com/token whatever `token_uri` says. Honouring both
 * addresses is what lets a local fake stand in for Google in tests and benches.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { importPKCS8, SignJWT } from 'jose';
import type { Platform } from '../../src/domain/push';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** A token is renewed this long before Google says it expires. */
const RENEW_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface FcmSettings {
  account: ServiceAccount;
  /** FCM_API_URL: https://fcm.googleapis.com unless a fake stands in. */
  apiUrl: string;
  /** How many messages are in flight at once (the connections kept open). */
  concurrency: number;
}

/** Reads and checks a service account's JSON file, with a message naming what is wrong. */
export function readServiceAccount(path: string): ServiceAccount {
  let json: Partial<ServiceAccount> & { type?: string };
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`FCM_CREDENTIALS (${path}) could not be read as JSON: ${(error as Error).message}`, { cause: error });
  }
  const missing = (['project_id', 'client_email', 'private_key', 'token_uri'] as const).filter((key) => typeof json[key] !== 'string' || !json[key]);
  if (json.type !== 'service_account' || missing.length > 0) {
    throw new Error(`FCM_CREDENTIALS (${path}) is not a service account's key file${missing.length ? `: it lacks ${missing.join(', ')}` : ''}`);
  }
  return json as ServiceAccount;
}

/** What a device's message came to. */
export type SendOutcome =
  | { kind: 'sent' }
  /** The token is dead: remove the device. */
  | { kind: 'gone'; reason: string }
  /** Worth another try, not before `retryAfterMs` when FCM says so. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** This message will never go (a bad message, a sender mismatch). */
  | { kind: 'failed'; reason: string }
  /** FCM refused the credentials: the whole send stops. */
  | { kind: 'refused'; reason: string };

export interface PushMessage {
  title: string;
  body: string;
  /** An absolute address the phone fetches the picture from. */
  image?: string;
  /** What the app acts on when the push is tapped: the keys of PUSH_DATA_KEYS (src/domain/push.ts), as strings. */
  data?: Readonly<Record<string, string | undefined>>;
}

/** Only the keys that say something: FCM takes string values alone. */
const dataOf = (data: PushMessage['data']) => {
  const kept = Object.entries(data ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return kept.length > 0 ? { data: Object.fromEntries(kept) } : {};
};

/** The message FCM takes: Android reads `notification.image`, iOS `fcm_options.image` once woken by mutable-content; both read `data`. */
export function messageFor(token: string, platform: Platform, { title, body, image, data }: PushMessage) {
  if (platform === 'ios') {
    return {
      token,
      notification: { title, body },
      ...dataOf(data),
      ...(image && { apns: { payload: { aps: { 'mutable-content': 1 } }, fcm_options: { image } } }),
    };
  }
  return { token, notification: { title, body, ...(image && { image }) }, ...dataOf(data) };
}

interface FcmError {
  error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
}

/** FCM's answer as an outcome: its error code where it gives one, else the HTTP status. */
export function outcomeOf(status: number, text: string, retryAfter: string | undefined): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  let parsed: FcmError = {};
  try {
    parsed = JSON.parse(text) as FcmError;
  } catch {
    // Not JSON (a proxy's page): the status decides.
  }
  const code = parsed.error?.details?.find((detail) => detail.errorCode)?.errorCode ?? parsed.error?.status;
  const seconds = Number(retryAfter);
  const retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  if (code === 'UNREGISTERED' || status === 404) return { kind: 'gone', reason: 'UNREGISTERED' };
  if (code === 'INVALID_ARGUMENT' && /registration token/i.test(parsed.error?.message ?? '')) return { kind: 'gone', reason: 'INVALID_ARGUMENT' };
  if (status === 401 || status === 403 || code === 'THIRD_PARTY_AUTH_ERROR' || code === 'SENDER_ID_MISMATCH') {
    return { kind: 'refused', reason: code ?? `HTTP_${status}` };
  }
  if (status === 429 || code === 'QUOTA_EXCEEDED') return { kind: 'retry', reason: code === 'QUOTA_EXCEEDED' ? code : 'HTTP_429', retryAfterMs };
  if (status >= 500 || code === 'UNAVAILABLE' || code === 'INTERNAL') {
    return { kind: 'retry', reason: code === 'UNAVAILABLE' || code === 'INTERNAL' ? code : 'HTTP_5XX', retryAfterMs };
  }
  return { kind: 'failed', reason: code ?? `HTTP_${status}` };
}

/** Credentials that could not buy an access token. */
export class CredentialsRefused extends Error {}

export class FcmClient {
  private token?: { value: string; renewAt: number; fetchedAt: number };
  private pendingToken?: Promise<string>;
  private readonly agent: http.Agent;
  private readonly endpoint: URL;

  constructor(private readonly settings: FcmSettings) {
    this.endpoint = new URL(`/v1/projects/${encodeURIComponent(settings.account.project_id)}/messages:send`, settings.apiUrl);
    const Agent = this.endpoint.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: settings.concurrency });
  }

  /** A valid access token, fetched once for everyone asking at the same time. */
  async accessToken(now = Date.now()): Promise<string> {
    if (this.token && now < this.token.renewAt) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = undefined));
    return this.pendingToken;
  }

  /** The next message buys a new token (FCM said this one is no longer good). */
  forgetToken(): void {
    this.token = undefined;
  }

  private async fetchToken(): Promise<string> {
    const { account } = this.settings;
    let assertion: string;
    try {
      assertion = await new SignJWT({ scope: SCOPE })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(account.client_email)
        .setAudience(account.token_uri)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(await importPKCS8(account.private_key, 'RS256'));
    } catch (error) {
      throw new CredentialsRefused(`the private key could not sign: ${(error as Error).message}`);
    }
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const json = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (response.status >= 500) throw new Error(`the token endpoint answered ${response.status}`);
    if (!response.ok || !json.access_token) throw new CredentialsRefused(json.error ?? `the token endpoint answered ${response.status}`);
    this.token = { value: json.access_token, fetchedAt: Date.now(), renewAt: Date.now() + Math.max(0, (json.expires_in ?? 3600) * 1000 - RENEW_MS) };
    return json.access_token;
  }

  /** Sends one device its message and says what came of it; never throws. */
  async send(token: string, platform: Platform, message: PushMessage): Promise<SendOutcome> {
    let accessToken: string;
    try {
      accessToken = await this.accessToken();
    } catch (error) {
      return error instanceof CredentialsRefused ? { kind: 'refused', reason: 'UNAUTHENTICATED' } : { kind: 'retry', reason: 'NETWORK' };
    }
    const body = JSON.stringify({ message: messageFor(token, platform, message) });
    try {
      const { status, text, retryAfter } = await this.post(body, accessToken);
      const outcome = outcomeOf(status, text, retryAfter);
      // An access token can be revoked before it expires: an old one is renewed and the message tried again; a new one refused means the credentials are.
      if (outcome.kind === 'refused' && status === 401 && this.token?.value === accessToken && Date.now() - this.token.fetchedAt > 60_000) {
        this.forgetToken();
        return { kind: 'retry', reason: 'UNAUTHENTICATED', retryAfterMs: 0 };
      }
      return outcome;
    } catch {
      return { kind: 'retry', reason: 'NETWORK' };
    }
  }

  private post(body: string, accessToken: string): Promise<{ status: number; text: string; retryAfter?: string }> {
    const request = this.endpoint.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(
        this.endpoint,
        {
          method: 'POST',
          agent: this.agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, retryAfter: res.headers['retry-after'] as string | undefined }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('FCM did not answer in time')));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
