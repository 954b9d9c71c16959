// Secrets of account security. TOTP secrets are encrypted (AES-256-GCM) and recovery codes hashed (HMAC-SHA-256),
// both with keys derived from SECURITY_SECRET_KEY (config.security.secretKey; required in production). A stolen
// database alone then yields neither a usable TOTP secret nor a way to test recovery-code guesses offline.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

const derive = (secretKey: string, purpose: string) => createHash('sha256').update(`${purpose}:${secretKey}`).digest();

/**
 * SECURITY_SECRET_KEY and the keys it replaced (SECURITY_SECRET_KEY_PREVIOUS, newest first): `config.security`. New
 * secrets are sealed with the first; the others still open what they sealed, until it is sealed again (at start:
 * resealTotpSecrets).
 */
export interface SecretKeys {
  readonly secretKey: string;
  readonly previousKeys: readonly string[];
}
export const keysOf = (keys: SecretKeys) => [keys.secretKey, ...keys.previousKeys];

export function encryptSecret(keys: SecretKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(keys.secretKey, 'totp-encryption'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

function decryptSecret(secretKey: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', derive(secretKey, 'totp-encryption'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The secret sealed in `stored` and whether it was sealed with an earlier key (`stale`), or null when no key opens it
 * (SECURITY_SECRET_KEY changed without the old one listed, or the value was altered): such an authenticator app can no
 * longer be checked, and its codes are refused as wrong.
 */
export function openSecret(keys: SecretKeys, stored: string): { secret: string; stale: boolean } | null {
  for (const [i, key] of keysOf(keys).entries()) {
    try {
      return { secret: decryptSecret(key, stored), stale: i > 0 };
    } catch {
      // the next key
    }
  }
  return null;
}

/** Recovery codes are compared without case, spaces or dashes, so 'abcde-fghij' and 'ABCDEFGHIJ' are one code. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

const hmacOf = (secretKey: string, code: string) =>
  createHmac('sha256', derive(secretKey, 'recovery-codes')).update(normaliseRecoveryCode(code)).digest('hex');

/** How a new recovery code is stored: keyed with SECURITY_SECRET_KEY. */
export const recoveryCodeHash = (keys: SecretKeys, code: string) => hmacOf(keys.secretKey, code);

/**
 * What a recovery code may be stored as: under each key (a keyed hash cannot be keyed again without the code, so a
 * code made under an earlier key works while that key is listed).
 */
export const recoveryCodeHashes = (keys: SecretKeys, code: string) => keysOf(keys).map((key) => hmacOf(key, code));

// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 characters from a 31-letter alphabet (~49 bits), shown as two groups of five. */
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(0, ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
export const RECOVERY_CODE_COUNT = 10;
