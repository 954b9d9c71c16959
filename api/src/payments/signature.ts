import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's webhook signature: hex HMAC-SHA512 of the raw body keyed with the secret key. */
export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Constant-time check of a hex signature; any malformed value is simply false. */
export function signatureMatches(secret: string, rawBody: Buffer | string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Paystack's rule for a transaction reference: only letters, digits, '-', '.' and '='. */
export const PAYSTACK_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

/**
 * What a reference may look like when it comes back from outside: Paystack's rule (letters, digits, '-', '.', '='),
 * plus '_' for payments started before references followed it. Anything else (control characters, 10,000 characters)
 * cannot be ours and never reaches a query.
 */
export const INCOMING_REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

/** Parses a Paystack-shaped `charge.*` event (the sandbox speaks the same dialect). */
export function parsePaystackEvent(
  body: unknown,
): { event: string; reference: string; amount: number; currency: string } | null {
  if (!body || typeof body !== 'object') return null;
  const { event, data } = body as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || !data || typeof data !== 'object') return null;
  const { reference, amount, currency } = data as {
    reference?: unknown;
    amount?: unknown;
    currency?: unknown;
  };
  if (typeof reference !== 'string' || !INCOMING_REFERENCE.test(reference)) return null;
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) return null;
  const minor = typeof amount === 'string' ? Number(amount) : amount;
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor)) return null;
  return { event, reference, amount: minor, currency: currency.toUpperCase() };
}
