// The price book: currencies, exchange rates, TLD prices, hosting plans and VAT, read once from the database and kept in
// memory (these tables change only through seeds or migrations; call `invalidate()` after writing them). Every price
// the API answers or charges is computed here, in the currency asked for, from what the database says.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { hostingPlans, services } from '../db/schema';
import { commerceSettings, currencies, exchangeRates, tldPrices, tlds } from '../db/schema-commerce';
import { validationError } from '../http/errors';
import { loadNameList, type NameList } from '../domains/name-list';

export interface TldProduct {
  id: number;
  tld: string;
  position: number;
  /** currency -> prices in minor units */
  prices: Map<string, { register: number; renewal: number; transfer: number }>;
}

export interface PlanProduct {
  id: number;
  serviceId: number;
  serviceName: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
}

export interface PriceBook {
  currencies: { code: string; name: string }[];
  rates: Map<string, number>;
  tlds: TldProduct[];
  tldById: Map<number, TldProduct>;
  tldByName: Map<string, TldProduct>;
  /** TLD names in offer order. */
  tldNames: string[];
  plans: Map<number, PlanProduct>;
  services: Map<number, { id: number; name: string; type: string }>;
  vatPercent: string;
  /** Premium, reserved and blocked names (domains/names.json or DOMAIN_NAMES_FILE). */
  names: NameList;
}

export const DEFAULT_VAT_PERCENT = '7.5';

export class Catalog {
  private book: Promise<PriceBook> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly vatOverride?: string,
    private readonly names: NameList = loadNameList(),
  ) {}

  invalidate(): void {
    this.book = null;
  }

  get(): Promise<PriceBook> {
    if (!this.book) {
      const p = this.load();
      this.book = p;
      p.catch(() => {
        if (this.book === p) this.book = null; // a failed load is retried on the next call
      });
    }
    return this.book;
  }

  private async load(): Promise<PriceBook> {
    const db = this.db;
    const [curr, rateRows, tldRows, priceRows, planRows, serviceRows, settings] = await Promise.all([
      db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.code)),
      db.select().from(exchangeRates),
      db.select().from(tlds).where(eq(tlds.isActive, true)).orderBy(asc(tlds.position)),
      db.select().from(tldPrices),
      db.select().from(hostingPlans),
      db.select().from(services),
      db.select().from(commerceSettings),
    ]);
    const rates = new Map<string, number>();
    for (const r of rateRows) {
      rates.set(`${r.baseCurrency}>${r.quoteCurrency}`, Number(r.rate));
      if (!rates.has(`${r.quoteCurrency}>${r.baseCurrency}`))
        rates.set(`${r.quoteCurrency}>${r.baseCurrency}`, 1 / Number(r.rate));
    }
    const tldList: TldProduct[] = tldRows.map((t) => ({
      id: t.id,
      tld: t.tld,
      position: t.position,
      prices: new Map(),
    }));
    const tldById = new Map(tldList.map((t) => [t.id, t]));
    for (const p of priceRows) {
      tldById.get(p.tldId)?.prices.set(p.currency, {
        register: p.registerMinor,
        renewal: p.renewalMinor,
        transfer: p.transferMinor,
      });
    }
    const serviceMap = new Map(serviceRows.map((s) => [s.id, { id: s.id, name: s.name, type: s.type }]));
    const plans = new Map<number, PlanProduct>(
      planRows.map((p) => [
        p.id,
        {
          id: p.id,
          serviceId: p.serviceId,
          serviceName: serviceMap.get(p.serviceId)?.name ?? '',
          name: p.name,
          description: p.description,
          priceMinor: p.priceMinor,
          currency: p.currency,
        },
      ]),
    );
    const vat =
      this.vatOverride ?? settings.find((s) => s.key === 'vat_percent')?.value ?? DEFAULT_VAT_PERCENT;
    return {
      currencies: curr.map((c) => ({ code: c.code, name: c.name })),
      rates,
      tlds: tldList,
      tldById,
      tldByName: new Map(tldList.map((t) => [t.tld, t])),
      tldNames: tldList.map((t) => t.tld),
      plans,
      services: serviceMap,
      vatPercent: vat,
      names: this.names,
    };
  }
}

/** Minor units of `from` expressed in `to`, rounded to the minor unit. */
export function convert(book: PriceBook, minor: number, from: string, to: string): number {
  if (from === to) return minor;
  const rate = book.rates.get(`${from}>${to}`);
  if (rate === undefined) throw new Error(`No exchange rate from ${from} to ${to}`);
  return Math.round(minor * rate);
}

/**
 * The currency a request asks for: missing means `fallback`, anything we do not sell is a 400 naming the choices.
 */
export function resolveCurrency(
  book: PriceBook,
  value: unknown,
  fallback = 'USD',
  field = 'currency',
): string {
  if (value === undefined || value === null || value === '') return fallback;
  const codes = book.currencies.map((c) => c.code);
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!codes.includes(code)) {
    throw validationError({
      [field]:
        typeof value === 'string'
          ? `We do not sell in ${JSON.stringify(value.slice(0, 10))}. Choose one of ${codes.join(', ')}.`
          : `Enter a currency code: one of ${codes.join(', ')}.`,
    });
  }
  return code;
}

export type DomainPriceKind = 'register' | 'renewal' | 'transfer';

/** A TLD's price in `currency`: its own price list when it has one, else converted from USD. */
export function tldPrice(book: PriceBook, tld: TldProduct, kind: DomainPriceKind, currency: string): number {
  const own = tld.prices.get(currency);
  if (own) return own[kind];
  const [base, prices] = tld.prices.has('USD')
    ? ['USD', tld.prices.get('USD')!]
    : ([...tld.prices.entries()][0] ?? []);
  if (!base || !prices) throw new Error(`TLD .${tld.tld} has no price`);
  return convert(book, prices[kind], base, currency);
}

/**
 * The price of one name: a premium name's own price for registration (and for renewal when the list gives one), else
 * its TLD's price. Transfers keep the TLD's transfer price (the registry charges the renewal year at its own rate).
 */
export function domainPrice(
  book: PriceBook,
  tld: TldProduct,
  kind: DomainPriceKind,
  currency: string,
  name: string,
): number {
  const rule = book.names.ruleFor(name);
  const own = rule?.kind === 'premium' ? (kind === 'register' ? rule.register : kind === 'renewal' ? rule.renewal : undefined) : undefined;
  if (!own) return tldPrice(book, tld, kind, currency);
  const direct = own.get(currency);
  if (direct !== undefined) return direct;
  const [base, amount] = own.has('USD') ? ['USD', own.get('USD')!] : [...own.entries()][0]!;
  return convert(book, amount, base, currency);
}

export function planPrice(book: PriceBook, plan: PlanProduct, currency: string): number {
  return convert(book, plan.priceMinor, plan.currency, currency);
}
