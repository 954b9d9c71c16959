// Money inside the API is integer minor units (both currencies sold have 2 decimals). Responses carry major units
// as numbers with at most 2 decimals (WIRE.md); this is the one place that converts.

export const MINOR_PER_MAJOR = 100;

/** 1299 -> 12.99 */
export function toMajor(minor: number): number {
  return Math.round(minor) / MINOR_PER_MAJOR;
}

/** 12.99 -> 1299 (for amounts already validated as having at most 2 decimals). */
export function toMinor(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** 'USD 1,234.50' for messages. */
export function formatMoney(minor: number, currency: string): string {
  return `${currency} ${toMajor(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * VAT on a subtotal, rounded half up to the minor unit. `percent` is a decimal string or number ('7.5'); computed in
 * thousandths of a percent with integers so 7.5 % of 1999 is exactly 149.925 -> 150.
 */
export function vatOf(subtotalMinor: number, percent: string | number): number {
  const milli = Math.round(Number(percent) * 1000);
  return Math.floor((subtotalMinor * milli + 50_000) / 100_000);
}
