// Transfer (EPP) codes at rest: AES-256-GCM with a key derived by HKDF-SHA-256 from SECURITY_SECRET_KEY (the same
// secret, and the same development default, as the TOTP secrets: config.security.secretKey). The domain's id is the
// additional authenticated data, so a ciphertext copied onto another domain's row does not open. A stolen database
// alone then yields no code that could move a domain away. Stored as 'epp1.<iv>.<tag>.<ciphertext>' (base64url).
// The code a customer gives to transfer a name in travels the same way through cart and invoice lines (cart_items,
// invoice_items), bound to the name it moves instead (the line is copied from cart to invoice and back).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, like, not } from 'drizzle-orm';
import type { Executor } from '../db';
import { keysOf, type SecretKeys } from '../security/secrets';
import { cartItems, invoiceItems } from '../db/schema-commerce';
import { domainSettings } from '../db/schema-domains';

const PREFIX = 'epp1';

/** 32 bytes for AES-256, bound to this use by HKDF's info (a TOTP key from the same secret is a different key). */
const derive = (secretKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretKey, 'hosthub:domain_settings', 'epp-code-encryption:v1', 32));

/** The key codes are sealed with (from SECURITY_SECRET_KEY), then those they may have been sealed with before. */
export interface EppKeys {
  readonly seal: Buffer;
  readonly open: readonly Buffer[];
}

export function eppKeys(keys: SecretKeys): EppKeys {
  const open = keysOf(keys).map(derive);
  return { seal: open[0]!, open };
}

export const isSealed = (stored: string) => stored.startsWith(`${PREFIX}.`);

const domainAad = (domainId: number) => Buffer.from(`domain:${domainId}`);
const transferAad = (name: string) => Buffer.from(`transfer:${name.toLowerCase()}`);

function seal(keys: EppKeys, aad: Buffer, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

function openWith(key: Buffer, aad: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The code and whether it was sealed with an earlier key; throws when no key opens it. */
function openSealed(keys: EppKeys, aad: Buffer, stored: string): { code: string; stale: boolean } {
  if (!isSealed(stored)) return { code: stored, stale: false };
  const [, iv, tag, body] = stored.split('.');
  if (!iv || !tag || body === undefined) throw new Error('Malformed sealed EPP code');
  let failure: unknown;
  for (const [i, key] of keys.open.entries()) {
    try {
      return { code: openWith(key, aad, iv, tag, body), stale: i > 0 };
    } catch (err) {
      failure ??= err;
    }
  }
  throw failure;
}

const open = (keys: EppKeys, aad: Buffer, stored: string) => openSealed(keys, aad, stored).code;

export const sealEppCode = (keys: EppKeys, domainId: number, code: string): string => seal(keys, domainAad(domainId), code);

/**
 * The code stored for `domainId`: decrypted, or as is when it predates encryption (sealed on its next reveal and by
 * the start-up sweep). Throws when it does not open (another key, another domain's ciphertext, tampering).
 */
export const openEppCode = (keys: EppKeys, domainId: number, stored: string): string => open(keys, domainAad(domainId), stored);

/** A transfer's code on a cart or invoice line, bound to the name it transfers. */
export const sealTransferCode = (keys: EppKeys, name: string, code: string): string => seal(keys, transferAad(name), code);

/** The code of a transfer line (as is when stored before encryption); throws as openEppCode does. */
export const openTransferCode = (keys: EppKeys, name: string, stored: string): string => open(keys, transferAad(name), stored);

/**
 * Seals with the current key every code still stored in clear (rows written before encryption) and, while earlier
 * keys are listed (SECURITY_SECRET_KEY_PREVIOUS), every code sealed with one of them: domains' codes, and transfer
 * lines in carts and invoices. Returns how many. Idempotent; a row changed meanwhile is left as it is (each update is
 * conditional on the value read). A code no key opens is left too (its reveal issues a new one).
 */
export async function sealEppCodesAgain(db: Executor, keys: EppKeys): Promise<number> {
  // Only clear codes, unless an earlier key may have sealed some.
  const which = (column: typeof domainSettings.eppCode | typeof cartItems.eppCode | typeof invoiceItems.eppCode) =>
    keys.open.length > 1 ? isNotNull(column) : and(isNotNull(column), not(like(column, `${PREFIX}.%`)));
  /** The value to store instead of `stored`, or null to leave it. */
  const again = (aad: Buffer, stored: string): string | null => {
    if (!isSealed(stored)) return seal(keys, aad, stored);
    try {
      const opened = openSealed(keys, aad, stored);
      return opened.stale ? seal(keys, aad, opened.code) : null;
    } catch {
      return null;
    }
  };
  let sealed = 0;
  const rows = await db
    .select({ domainId: domainSettings.domainId, eppCode: domainSettings.eppCode })
    .from(domainSettings)
    .where(which(domainSettings.eppCode));
  for (const row of rows) {
    const next = again(domainAad(row.domainId), row.eppCode!);
    if (next === null) continue;
    const done = await db
      .update(domainSettings)
      .set({ eppCode: next })
      .where(and(eq(domainSettings.domainId, row.domainId), eq(domainSettings.eppCode, row.eppCode!)))
      .returning({ id: domainSettings.domainId });
    sealed += done.length;
  }
  for (const table of [cartItems, invoiceItems]) {
    const lines = await db
      .select({ id: table.id, domainName: table.domainName, eppCode: table.eppCode })
      .from(table)
      .where(and(which(table.eppCode), isNotNull(table.domainName)));
    for (const line of lines) {
      const next = again(transferAad(line.domainName!), line.eppCode!);
      if (next === null) continue;
      const done = await db
        .update(table)
        .set({ eppCode: next })
        .where(and(eq(table.id, line.id), eq(table.eppCode, line.eppCode!)))
        .returning({ id: table.id });
      sealed += done.length;
    }
  }
  return sealed;
}
