/** Passkeys' calls: the WebAuthn JSON the browser sends (@simplewebauthn/browser's answers), bounded. */
import { Type } from 'typebox';
import { PASSKEY_NAME_MAX } from '../../src/domain/limits';

/** base64url, as WebAuthn's JSON encodes bytes; long enough for any attestation a passkey makes. */
const bytes = (maxLength: number, description: string) => Type.String({ pattern: '^[A-Za-z0-9_-]*={0,2}$', maxLength, description });

const credentialId = bytes(1_400, 'The credential id (base64url)');

const common = {
  id: credentialId,
  rawId: credentialId,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  clientExtensionResults: Type.Object({}, { additionalProperties: true, maxProperties: 20 }),
};

export const RegistrationAnswer = Type.Object({
  ...common,
  response: Type.Object({
    clientDataJSON: bytes(4_096, 'The client data (base64url JSON)'),
    attestationObject: bytes(16_384, 'The attestation (base64url CBOR)'),
    authenticatorData: Type.Optional(bytes(8_192, 'The authenticator data')),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(bytes(8_192, 'The public key (SPKI)')),
  }),
}, { description: "navigator.credentials.create()'s answer as JSON (@simplewebauthn/browser startRegistration)" });

export const AuthenticationAnswer = Type.Object({
  ...common,
  response: Type.Object({
    clientDataJSON: bytes(4_096, 'The client data (base64url JSON)'),
    authenticatorData: bytes(8_192, 'The authenticator data'),
    signature: bytes(2_048, 'The signature'),
    userHandle: Type.Optional(bytes(256, 'The user handle')),
  }),
}, { description: "navigator.credentials.get()'s answer as JSON (@simplewebauthn/browser startAuthentication)" });

export const PasskeyAddBody = Type.Object({
  name: Type.String({ maxLength: 1_000, description: `The admin's name for it (up to ${PASSKEY_NAME_MAX} characters once trimmed)` }),
  response: RegistrationAnswer,
});

export const Passkey = Type.Object({
  id: Type.String({ description: 'The credential id' }),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** The options @simplewebauthn/browser hands to the browser, as WebAuthn's JSON defines them. */
export const CeremonyOptions = Type.Object({ challenge: Type.String() }, { additionalProperties: true, description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON' });

export const PasskeyOptionsBody = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 2_000, description: "The password step's ticket: the options offer that admin's passkeys only" })),
});

export const PasskeySignInBody = Type.Object({
  response: AuthenticationAnswer,
  ticket: Type.Optional(Type.String({ maxLength: 2_000, description: "The password step's ticket, when the passkey is the second step" })),
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session for 30 days instead of 12 hours' })),
});
