// Tokens, codes and passwords. Tokens are 32 random bytes; only their SHA-256 is stored. Passwords use argon2id.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { isRowId } from '../db';

export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A code of `digits` decimal digits from a uniform CSPRNG draw (leading zeros kept). */
export const numericCode = (digits: number) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1: OWASP's minimum).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the user does not exist, so both answers take the same time. */
export const dummyPasswordHash = () => (dummy ??= hash(randomToken()));

/** uid in reset links: the user id, base64url-encoded as Django does. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && isRowId(Number(text)) ? Number(text) : undefined;
}
