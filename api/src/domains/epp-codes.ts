// Transfer (EPP) codes at rest: AES-256-GCM with a key derived by HKDF-SHA-256 from SECURITY_SECRET_KEY (the same
// secret, and the same development default, as the TOTP secrets: config.security.secretKey). The domain's id is the
// additional authenticated data, so a ciphertext copied onto another domain's row does not open. A stolen database
// alone then yields no code that could move a domain away. Stored as 'epp1.<iv>.<tag>.<ciphertext>' (base64url).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, like, not } from 'drizzle-orm';
import type { Executor } from '../db';
import { domainSettings } from '../db/schema-domains';

const PREFIX = 'epp1';

/** 32 bytes for AES-256, bound to this use by HKDF's info (a TOTP key from the same secret is a different key). */
export const eppKey = (secretKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretKey, 'hosthub:domain_settings', 'epp-code-encryption:v1', 32));

export const isSealed = (stored: string) => stored.startsWith(`${PREFIX}.`);

const aad = (domainId: number) => Buffer.from(`domain:${domainId}`);

export function sealEppCode(key: Buffer, domainId: number, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(domainId));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/**
 * The code stored for `domainId`: decrypted, or as is when it predates encryption (sealed on its next reveal and by
 * the start-up sweep). Throws when it does not open (another key, another domain's ciphertext, tampering).
 */
export function openEppCode(key: Buffer, domainId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [, iv, tag, body] = stored.split('.');
  if (!iv || !tag || body === undefined) throw new Error('Malformed sealed EPP code');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(domainId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Seals every code still stored in clear (rows written before encryption); returns how many. Idempotent. */
export async function sealClearEppCodes(db: Executor, key: Buffer): Promise<number> {
  const clear = await db
    .select({ domainId: domainSettings.domainId, eppCode: domainSettings.eppCode })
    .from(domainSettings)
    .where(and(isNotNull(domainSettings.eppCode), not(like(domainSettings.eppCode, `${PREFIX}.%`))));
  let sealed = 0;
  for (const row of clear) {
    // Only if still the same clear value (a reveal may have sealed it meanwhile).
    const done = await db
      .update(domainSettings)
      .set({ eppCode: sealEppCode(key, row.domainId, row.eppCode!) })
      .where(and(eq(domainSettings.domainId, row.domainId), eq(domainSettings.eppCode, row.eppCode!)))
      .returning({ id: domainSettings.domainId });
    sealed += done.length;
  }
  return sealed;
}
