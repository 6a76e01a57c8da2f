/**
 * A local stand-in for Firebase Cloud Messaging's HTTP v1 API and Google's OAuth2 token endpoint,
 * for tests and for trying push delivery by hand (`npm run fcm:fake`). It writes a service-account
 * file whose token_uri points here, so a sender configured with it signs in and sends without the
 * network, and each registration token can be scripted to fail the ways FCM fails.
 *
 * It is built to be hammered (100k sends at 64-way concurrency in a bench): per send it reads the
 * body, parses it, looks up the outcome and writes a small answer, nothing more.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { importSPKI, jwtVerify } from 'jose';

export type FcmOutcome =
  | 'accept' // 200 { name: 'projects/<p>/messages/<n>' }
  | 'unregistered' // 404 NOT_FOUND, errorCode UNREGISTERED
  | 'invalid-token' // 400 INVALID_ARGUMENT, errorCode INVALID_ARGUMENT
  | 'quota' // 429 RESOURCE_EXHAUSTED, errorCode QUOTA_EXCEEDED, Retry-After
  | 'unavailable' // 503 UNAVAILABLE
  | 'internal' // 500 INTERNAL
  | 'refused'; // 401 UNAUTHENTICATED, as for a bad access token

export interface FcmReceived {
  token: string;
  message: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the sender sent
  outcome: FcmOutcome;
  at: number;
}

export interface FakeFcm {
  url: string;
  tokenUri: string;
  projectId: string;
  credentialsFile: string;
  /** Outcomes scripted per registration token; a list is used in order, one per attempt, the last repeating. */
  script(token: string, outcome: FcmOutcome | FcmOutcome[]): void;
  /** The outcome for tokens with no script (default 'accept'); may be a function of the token. */
  setDefault(outcome: FcmOutcome | ((token: string) => FcmOutcome)): void;
  /** When true the token endpoint refuses every assertion (400 invalid_grant) and messages:send answers 401. */
  refuseCredentials(on: boolean): void;
  /**
   * Every request to messages:send for this project, in arrival order. One refused for its bearer
   * is here as 'refused', one without message.token as 'invalid-token' with token ''.
   */
  received: FcmReceived[];
  /** How many times each token was ACCEPTED (the count of deliveries a phone would see). */
  accepted: Map<string, number>;
  /** Tokens issued by the token endpoint so far. */
  tokensIssued: number;
  retryAfterSeconds: number;
  /** Delay in ms before answering each messages:send (network latency). */
  latencyMs: number;
  /** Clears received, accepted and scripts; default back to 'accept', refusal off. Issued tokens stay valid. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeFcmOptions {
  port?: number;
  host?: string;
  projectId?: string;
  /** Keep `received` (default true); false keeps only `accepted` counts, for 100k-message benches. */
  record?: boolean;
  /** Called for each send as it arrives (`npm run fcm:fake` logs them). */
  onSend?: (received: FcmReceived) => void;
}

const SCOPES = ['firebase.messaging', 'cloud-platform'];
const JSON_TYPE = 'application/json; charset=UTF-8';

function errorBody(code: number, status: string, message: string, errorCode?: string): string {
  const details = errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [];
  return JSON.stringify({ error: { code, message, status, details } });
}

/** FCM's answers for each failing outcome, made once: they never change. */
const FAILURES: Record<Exclude<FcmOutcome, 'accept'>, { code: number; body: string }> = {
  unregistered: { code: 404, body: errorBody(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED') },
  'invalid-token': {
    code: 400,
    body: errorBody(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'),
  },
  quota: {
    code: 429,
    body: errorBody(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Send requests' of service 'fcm.googleapis.com'.", 'QUOTA_EXCEEDED'),
  },
  unavailable: { code: 503, body: errorBody(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE') },
  internal: { code: 500, body: errorBody(500, 'INTERNAL', 'Internal error encountered.', 'INTERNAL') },
  // Google answers a bad or expired access token with no FcmError detail.
  refused: {
    code: 401,
    body: errorBody(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    ),
  },
};
const MISSING_TOKEN = errorBody(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
const BAD_JSON = errorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
const INVALID_GRANT = JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });

function send(res: ServerResponse, code: number, body: string, extra?: Record<string, string | number>): void {
  res.writeHead(code, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

function readBody(req: IncomingMessage, then: (body: string) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => then(chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks).toString()));
}

export async function startFakeFcm(options: FakeFcmOptions = {}): Promise<FakeFcm> {
  const projectId = options.projectId ?? 'crease-test';
  const record = options.record ?? true;
  const clientEmail = `crease@${projectId}.iam.gserviceaccount.com`;

  const { publicKey, privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const verifyKey = await importSPKI(publicKey, 'RS256');

  const issued = new Set<string>();
  const scripts = new Map<string, { outcomes: FcmOutcome[]; next: number }>();
  let fallback: FcmOutcome | ((token: string) => FcmOutcome) = 'accept';
  let refusing = false;
  let sent = 0;

  const sendPath = `/v1/projects/${projectId}/messages:send`;
  const otherProject = /^\/v1\/projects\/([^/]+)\/messages:send$/;

  function outcomeFor(token: string): FcmOutcome {
    const script = scripts.get(token);
    if (!script) return typeof fallback === 'function' ? fallback(token) : fallback;
    const outcome = script.outcomes[Math.min(script.next, script.outcomes.length - 1)];
    script.next++;
    return outcome;
  }

  async function issueToken(body: string, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(body);
    const assertion = form.get('assertion');
    if (refusing || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !assertion) {
      return send(res, 400, INVALID_GRANT);
    }
    try {
      const { payload } = await jwtVerify(assertion, verifyKey, { algorithms: ['RS256'], audience: fake.tokenUri, issuer: clientEmail });
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      if (!SCOPES.some((wanted) => scope.includes(wanted))) return send(res, 400, INVALID_GRANT);
    } catch {
      return send(res, 400, INVALID_GRANT);
    }
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    issued.add(accessToken);
    fake.tokensIssued++;
    send(res, 200, JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }));
  }

  function sendMessage(req: IncomingMessage, body: string, res: ServerResponse): void {
    const at = Date.now();
    let message: FcmReceived['message'];
    try {
      message = JSON.parse(body)?.message;
    } catch {
      return send(res, 400, BAD_JSON);
    }
    const token: string = typeof message?.token === 'string' ? message.token : '';
    const bearer = req.headers.authorization;
    const authorized = !refusing && bearer !== undefined && bearer.startsWith('Bearer ') && issued.has(bearer.slice(7));
    // Only a send that FCM would act on takes its turn in the token's script.
    const outcome: FcmOutcome = !authorized ? 'refused' : !token ? 'invalid-token' : outcomeFor(token);
    const entry = { token, message, outcome, at };
    if (record) fake.received.push(entry);
    if (outcome === 'accept') fake.accepted.set(token, (fake.accepted.get(token) ?? 0) + 1);
    options.onSend?.(entry);

    const answer = () => {
      if (outcome === 'accept') return send(res, 200, `{"name":"projects/${projectId}/messages/${++sent}"}`);
      if (outcome === 'quota') return send(res, 429, FAILURES.quota.body, { 'retry-after': fake.retryAfterSeconds });
      if (outcome === 'invalid-token' && !token) return send(res, 400, MISSING_TOKEN);
      send(res, FAILURES[outcome].code, FAILURES[outcome].body);
    };
    if (fake.latencyMs > 0) setTimeout(answer, fake.latencyMs);
    else answer();
  }

  const server = createServer((req, res) => {
    readBody(req, (body) => {
      const path = req.url ?? '';
      if (req.method === 'POST' && path === sendPath) return sendMessage(req, body, res);
      if (req.method === 'POST' && path === '/token') return void issueToken(body, res);
      const other = req.method === 'POST' && otherProject.exec(path);
      if (other) {
        const message = `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${other[1]}' (or it may not exist).`;
        return send(res, 403, errorBody(403, 'PERMISSION_DENIED', message, 'SENDER_ID_MISMATCH'));
      }
      send(res, 404, errorBody(404, 'NOT_FOUND', `No route for ${req.method} ${path}`));
    });
  });
  // Senders keep their connections open for the whole run; a socket dropped mid-bench costs a reconnect.
  server.keepAliveTimeout = 60_000;
  server.maxRequestsPerSocket = 0;

  const folder = await mkdtemp(join(tmpdir(), 'crease-fcm-'));
  const credentialsFile = join(folder, 'service-account.json');
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  }).catch(async (error: unknown) => {
    await rm(folder, { recursive: true, force: true });
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  // No await from here until `fake` exists: a request handled before would find no `fake`.
  const fake: FakeFcm = {
    url,
    tokenUri: `${url}/token`,
    projectId,
    credentialsFile,
    script(token, outcome) {
      scripts.set(token, { outcomes: Array.isArray(outcome) ? outcome : [outcome], next: 0 });
    },
    setDefault(outcome) {
      fallback = outcome;
    },
    refuseCredentials(on) {
      refusing = on;
    },
    received: [],
    accepted: new Map(),
    tokensIssued: 0,
    retryAfterSeconds: 1,
    latencyMs: 0,
    reset() {
      fake.received.length = 0;
      fake.accepted.clear();
      scripts.clear();
      fallback = 'accept';
      refusing = false;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would otherwise hold close() open for a minute.
      server.closeAllConnections();
      await closed;
      await rm(folder, { recursive: true, force: true });
    },
  };
  await writeFile(
    credentialsFile,
    JSON.stringify(
      {
        type: 'service_account',
        project_id: projectId,
        private_key_id: randomBytes(20).toString('hex'),
        private_key: privateKey,
        client_email: clientEmail,
        client_id: String(100_000_000_000_000_000_000n + BigInt(randomBytes(6).readUIntBE(0, 6))),
        token_uri: fake.tokenUri,
        universe_domain: 'googleapis.com',
      },
      null,
      2,
    ),
    { mode: 0o600 },
  );
  return fake;
}
