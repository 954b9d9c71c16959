/**
 * The TLDs the store sells. The product id of a TLD (`id` in every domain answer) is stable: carts and invoices keep
 * it. Prices here are only the seed of the `tld_prices` table; at run time the table is the source of truth.
 * Amounts are minor units (cents, kobo).
 */
export interface TldSeed {
  id: number;
  tld: string;
  /** Order in which the same label is offered across TLDs (local TLDs early: the store is in Lagos). */
  position: number;
  prices: Record<'USD' | 'NGN', { register: number; renewal: number; transfer: number }>;
}

const p = (register: number, renewal: number, transfer: number) => ({ register, renewal, transfer });

export const TLD_SEED: readonly TldSeed[] = [
  {
    id: 1,
    tld: 'com',
    position: 1,
    prices: { USD: p(1299, 1499, 1299), NGN: p(1_850_000, 2_100_000, 1_850_000) },
  },
  {
    id: 2,
    tld: 'ng',
    position: 2,
    prices: { USD: p(1000, 1000, 1000), NGN: p(1_500_000, 1_500_000, 1_500_000) },
  },
  { id: 3, tld: 'com.ng', position: 3, prices: { USD: p(450, 450, 450), NGN: p(650_000, 650_000, 650_000) } },
  {
    id: 4,
    tld: 'net',
    position: 4,
    prices: { USD: p(1399, 1699, 1399), NGN: p(2_000_000, 2_400_000, 2_000_000) },
  },
  {
    id: 5,
    tld: 'org',
    position: 5,
    prices: { USD: p(1199, 1599, 1199), NGN: p(1_750_000, 2_300_000, 1_750_000) },
  },
  {
    id: 6,
    tld: 'co',
    position: 6,
    prices: { USD: p(999, 2999, 2499), NGN: p(1_500_000, 4_400_000, 3_600_000) },
  },
  {
    id: 7,
    tld: 'io',
    position: 7,
    prices: { USD: p(3999, 5999, 5499), NGN: p(6_000_000, 8_800_000, 8_000_000) },
  },
  {
    id: 8,
    tld: 'uk',
    position: 8,
    prices: { USD: p(799, 999, 799), NGN: p(1_200_000, 1_450_000, 1_200_000) },
  },
  {
    id: 9,
    tld: 'co.uk',
    position: 9,
    prices: { USD: p(699, 949, 699), NGN: p(1_050_000, 1_400_000, 1_050_000) },
  },
  {
    id: 10,
    tld: 'dev',
    position: 10,
    prices: { USD: p(1499, 1699, 1499), NGN: p(2_200_000, 2_500_000, 2_200_000) },
  },
  {
    id: 11,
    tld: 'app',
    position: 11,
    prices: { USD: p(1699, 1899, 1699), NGN: p(2_500_000, 2_800_000, 2_500_000) },
  },
  {
    id: 12,
    tld: 'xyz',
    position: 12,
    prices: { USD: p(199, 1399, 1199), NGN: p(300_000, 2_050_000, 1_750_000) },
  },
];

/** Variations offered after the same label across TLDs, each in these TLDs. */
export const VARIATION_PREFIXES = ['get', 'my', 'try', 'the'] as const;
export const VARIATION_SUFFIXES = ['hq', 'online', 'hub', 'ng', 'app', 'site'] as const;
export const VARIATION_TLDS = ['com', 'ng', 'com.ng'] as const;
