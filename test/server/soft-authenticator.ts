/**
 * A software passkey for server tests: makes the answers a browser's authenticator would (attestation
 * "none", ES256), so the ceremonies run end to end without a browser. Each instance is one credential.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly id = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cose: Uint8Array;
  private counter = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
    private readonly verifiesUser = true,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get credentialId() {
    return b64url(this.id);
  }

  private authData(attested: boolean, rpId = this.rpId) {
    const flags = UP | (this.verifiesUser ? UV : 0) | (attested ? AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.id.length);
      parts.push(Buffer.alloc(16), length, this.id, Buffer.from(this.cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create()'s answer, as @simplewebauthn/browser sends it. */
  register(challenge: string, options: { origin?: string; rpId?: string } = {}) {
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authData(true, options.rpId)]]) as never);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', challenge, options.origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get()'s answer; each use counts up, as authenticators with a counter do. */
  authenticate(challenge: string, options: { origin?: string; userHandle?: string } = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(false);
    const clientDataJSON = this.clientData('webauthn.get', challenge, options.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.key);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), ...(options.userHandle && { userHandle: options.userHandle }) },
    };
  }
}
