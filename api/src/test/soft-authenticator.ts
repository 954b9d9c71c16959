// A software WebAuthn authenticator for tests: an ES256 key pair from node:crypto, 'none' attestation, and the
// authenticator data, client data and signatures a browser would send. Nothing of the server library is mocked:
// its verification checks these bytes as it checks a real authenticator's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The few CBOR items an attestation needs: integers, text, byte strings and maps (RFC 8949, definite lengths). */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface Relying {
  origin: string;
  rpId: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  /** The browser's answer to navigator.credentials.create(options). */
  register(options: { challenge?: unknown }, at: Relying) {
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: String(options.challenge), origin: at.origin, crossOrigin: false }));
    const idLen = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 255]);
    // flags: UP (0x01) | UV (0x04) | AT (0x40)
    const authData = Buffer.concat([sha256(at.rpId), Buffer.from([0x45]), u32(this.counter), Buffer.alloc(16), idLen, this.credentialId, this.coseKey()]);
    const attestation = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestation), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to navigator.credentials.get(options). */
  assert(options: { challenge?: unknown }, at: Relying) {
    this.counter += 1;
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: String(options.challenge), origin: at.origin, crossOrigin: false }));
    const authData = Buffer.concat([sha256(at.rpId), Buffer.from([0x05]), u32(this.counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey); // DER, as WebAuthn wants
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
    };
  }
}
