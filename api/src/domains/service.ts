// Domain answers of spec section 7: suggestions, one check, transfer eligibility. Pure price-book and registry work:
// no database query on the hot path (the names already sold here are kept in memory by the commerce context).
import type { Commerce } from '../commerce/context';
import { validationError } from '../http/errors';
import { type PriceBook, type TldProduct, tldPrice } from '../money/catalog';
import { toMajor } from '../money/money';
import { DomainInputError, type NormalizedDomain, normalizeDomain } from './normalize';
import type { Availability } from './registry';
import { paginate, suggestionNames } from './suggestions';

export const DOMAIN_SERVICE_ID = 1;

export interface DomainOffer {
  domain: string;
  price: number;
  renewal_price: number;
  available: boolean;
  /** 'unknown' when the registry could not say (RDAP timeout, TLD without RDAP): never sold as available. */
  status: Availability;
  id: number;
  service: number;
  currency: string;
}

/** Normalises user input or answers 400 `{field: [message]}`. */
export function parseDomain(book: PriceBook, raw: unknown, field = 'domain'): NormalizedDomain {
  try {
    return normalizeDomain(raw, book.tldNames);
  } catch (err) {
    if (err instanceof DomainInputError) throw validationError({ [field]: err.message });
    throw err;
  }
}

/** A full name with a TLD we sell, or 400. */
export function requireSellable(
  book: PriceBook,
  raw: unknown,
  field = 'domain',
): { name: string; tld: TldProduct } {
  const n = parseDomain(book, raw, field);
  if (!n.domain || !n.tld)
    throw validationError({ [field]: 'Enter the full domain name with its extension, like acme.com.' });
  const tld = book.tldByName.get(n.tld);
  if (!tld || !n.supported) throw validationError({ [field]: unsoldMessage(book, n.tld) });
  return { name: n.domain, tld };
}

function unsoldMessage(book: PriceBook, tld: string): string {
  return `We do not sell .${tld} domains. We sell ${book.tldNames.map((t) => `.${t}`).join(', ')}.`;
}

function tldOf(book: PriceBook, name: string): TldProduct {
  const dot = name.indexOf('.');
  const tld = book.tldByName.get(name.slice(dot + 1));
  if (!tld) throw new Error(`no TLD product for ${name}`);
  return tld;
}

export async function availabilityOf(
  commerce: Commerce,
  names: readonly string[],
): Promise<Map<string, Availability>> {
  const map = await commerce.registry.availability(names);
  for (const n of names) if (commerce.takenHere.has(n)) map.set(n, 'registered');
  return map;
}

function offer(book: PriceBook, name: string, availability: Availability, currency: string): DomainOffer {
  const tld = tldOf(book, name);
  return {
    domain: name,
    price: toMajor(tldPrice(book, tld, 'register', currency)),
    renewal_price: toMajor(tldPrice(book, tld, 'renewal', currency)),
    available: availability === 'available',
    status: availability,
    id: tld.id,
    service: DOMAIN_SERVICE_ID,
    currency,
  };
}

export async function suggestions(
  commerce: Commerce,
  book: PriceBook,
  raw: unknown,
  currency: string,
  page: number,
) {
  const input = parseDomain(book, raw);
  const names = suggestionNames(input, book.tldNames);
  const p = paginate(names, page);
  const availability = await availabilityOf(commerce, p.items);
  const out: Record<string, unknown> = {
    result: 'success',
    suggestions: p.items.map((n) => offer(book, n, availability.get(n) ?? 'unknown', currency)),
    total_pages: p.total_pages,
    has_next: p.has_next,
    page: p.page,
    count: names.length,
    query: input.domain ?? input.label,
  };
  if (input.domain && !input.supported && input.tld) out.message = unsoldMessage(book, input.tld);
  return out;
}

export async function checkOne(
  commerce: Commerce,
  book: PriceBook,
  raw: unknown,
  currency: string,
): Promise<DomainOffer> {
  const { name } = requireSellable(book, raw);
  const availability = await availabilityOf(commerce, [name]);
  return offer(book, name, availability.get(name) ?? 'unknown', currency);
}

export async function transferCheck(commerce: Commerce, book: PriceBook, raw: unknown, currency: string) {
  const { name, tld } = requireSellable(book, raw);
  const check = commerce.takenHere.has(name)
    ? { eligible: false, reason: `${name} is already managed by this store.` }
    : await commerce.registry.transferEligibility(name);
  const body: Record<string, unknown> = {
    domain: name,
    eligible: check.eligible,
    transfer_price: toMajor(tldPrice(book, tld, 'transfer', currency)),
    renewal_price: toMajor(tldPrice(book, tld, 'renewal', currency)),
    currency,
    message: check.eligible ? `${name} can be transferred to us.` : `${name} is not eligible for transfer.`,
    id: tld.id,
    service: DOMAIN_SERVICE_ID,
  };
  if (!check.eligible) body.error = check.reason;
  return body;
}
