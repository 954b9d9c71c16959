// Transfer (EPP) codes at rest: AES-256-GCM with a key derived by HKDF-SHA-256 from SECURITY_SECRET_KEY (the same
// secret, and the same development default, as the TOTP secrets: config.security.secretKey). The domain's id is the
// additional authenticated data, so a ciphertext copied onto another domain's row does not open. A stolen database
// alone then yields no code that could move a domain away. Stored as 'epp1.<iv>.<tag>.<ciphertext>' (base64url).
// The code a customer gives to transfer a name in travels the same way through cart and invoice lines (cart_items,
// invoice_items), bound to the name it moves instead (the line is copied from cart to invoice and back).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, like, not } from 'drizzle-orm';
import type { Executor } from '../db';
import { cartItems, invoiceItems } from '../db/schema-commerce';
import { domainSettings } from '../db/schema-domains';

const PREFIX = 'epp1';

/** 32 bytes for AES-256, bound to this use by HKDF's info (a TOTP key from the same secret is a different key). */
export const eppKey = (secretKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretKey, 'hosthub:domain_settings', 'epp-code-encryption:v1', 32));

export const isSealed = (stored: string) => stored.startsWith(`${PREFIX}.`);

const domainAad = (domainId: number) => Buffer.from(`domain:${domainId}`);
const transferAad = (name: string) => Buffer.from(`transfer:${name.toLowerCase()}`);

function seal(key: Buffer, aad: Buffer, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

function open(key: Buffer, aad: Buffer, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [, iv, tag, body] = stored.split('.');
  if (!iv || !tag || body === undefined) throw new Error('Malformed sealed EPP code');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const sealEppCode = (key: Buffer, domainId: number, code: string): string => seal(key, domainAad(domainId), code);

/**
 * The code stored for `domainId`: decrypted, or as is when it predates encryption (sealed on its next reveal and by
 * the start-up sweep). Throws when it does not open (another key, another domain's ciphertext, tampering).
 */
export const openEppCode = (key: Buffer, domainId: number, stored: string): string => open(key, domainAad(domainId), stored);

/** A transfer's code on a cart or invoice line, bound to the name it transfers. */
export const sealTransferCode = (key: Buffer, name: string, code: string): string => seal(key, transferAad(name), code);

/** The code of a transfer line (as is when stored before encryption); throws as openEppCode does. */
export const openTransferCode = (key: Buffer, name: string, stored: string): string => open(key, transferAad(name), stored);

/**
 * Seals every code still stored in clear (rows written before encryption): domains' codes, and transfer lines in
 * carts and invoices. Returns how many. Idempotent.
 */
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
  for (const table of [cartItems, invoiceItems]) {
    const lines = await db
      .select({ id: table.id, domainName: table.domainName, eppCode: table.eppCode })
      .from(table)
      .where(and(isNotNull(table.eppCode), isNotNull(table.domainName), not(like(table.eppCode, `${PREFIX}.%`))));
    for (const line of lines) {
      const done = await db
        .update(table)
        .set({ eppCode: sealTransferCode(key, line.domainName!, line.eppCode!) })
        .where(and(eq(table.id, line.id), eq(table.eppCode, line.eppCode!)))
        .returning({ id: table.id });
      sealed += done.length;
    }
  }
  return sealed;
}
