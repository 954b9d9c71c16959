import { timingSafeEqual } from 'node:crypto';

/** A secret compared in constant time (a token given in a header against the configured one). */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The header the storefront's server sends SSR_API_TOKEN in (lower case, as Node gives headers). */
export const SERVER_TOKEN_HEADER = 'x-storefront-server-token';
