// Domain answers of spec section 7: suggestions, one check, transfer eligibility. Pure price-book and registry work:
// no database query on the hot path (the names already sold here are kept in memory by the commerce context).
import { domainToUnicode } from 'node:url';
import type { Commerce } from '../commerce/context';
import { validationError } from '../http/errors';
import { domainPrice, type PriceBook, type TldProduct, tldPrice } from '../money/catalog';
import { toMajor } from '../money/money';
import { DomainInputError, type NormalizedDomain, normalizeDomain } from './normalize';
import type { Availability } from './registry';
import { paginate, suggestionNames } from './suggestions';

export const DOMAIN_SERVICE_ID = 1;

/**
 * What the store can say about a name: the registry's answer, or 'reserved' / 'blocked' from the store's name list
 * (registries answer those like free names). Only 'available' is ever sold; 'unknown' is neither free nor taken.
 */
export type NameState = Availability | 'reserved' | 'blocked';

/** The customer's words for a name we could not check (RDAP/WHOIS timeout, rate limit, no service). */
export const couldNotCheck = (name: string) => `We could not check ${name} right now, try again in a few minutes.`;

/** Why a name cannot be added or bought, by state; undefined when it can. */
export function unavailableReason(name: string, state: NameState | undefined): string | undefined {
  switch (state) {
    case 'available':
      return undefined;
    case 'reserved':
      return `${name} is reserved by its registry and cannot be registered.`;
    case 'blocked':
      return `${name} is blocked by its registry and cannot be registered.`;
    case 'registered':
      return `${name} is not available.`;
    default:
      return couldNotCheck(name);
  }
}

export interface DomainOffer {
  domain: string;
  price: number;
  renewal_price: number;
  /** What moving the name here costs (the search page's transfer mode shows it, as the cart will charge it). */
  transfer_price: number;
  /** An internationalised name as people write it ('café.com' for 'xn--caf-dma.com'); only for such names. */
  domain_unicode?: string;
  available: boolean;
  /**
   * 'unknown' when the registry could not say (timeout, rate limit, no RDAP or WHOIS service): never sold as available
   * nor shown as taken; 'reserved' and 'blocked' come from the store's name list.
   */
  status: NameState;
  /** A premium name: `price` (and `renewal_price` when the registry charges premium renewals) is its own price. */
  premium: boolean;
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

/**
 * Reserved and blocked names (the name list) are settled without asking the registry, and so is a name that is itself
 * a suffix the store sells (co.uk under .uk, com.ng under .ng): a registry's own zone, never a customer's (its owner's
 * DNS zone would answer for every name under it).
 */
export async function availabilityOf(
  commerce: Commerce,
  names: readonly string[],
  options: { fresh?: boolean } = {},
): Promise<Map<string, NameState>> {
  const book = await commerce.catalog.get();
  const out = new Map<string, NameState>();
  const ask: string[] = [];
  for (const n of names) {
    const kind = book.tldByName.has(n) ? 'blocked' : book.names.ruleFor(n)?.kind;
    if (kind === 'reserved' || kind === 'blocked') out.set(n, kind);
    else if (commerce.takenHere.has(n)) out.set(n, 'registered');
    else ask.push(n);
  }
  const answers = ask.length > 0 ? await commerce.registry.availability(ask, options) : new Map<string, Availability>();
  for (const n of ask) out.set(n, answers.get(n) ?? 'unknown');
  return new Map(names.map((n) => [n, out.get(n)!]));
}

function offer(book: PriceBook, name: string, state: NameState, currency: string): DomainOffer {
  const tld = tldOf(book, name);
  const unicode = name.includes('xn--') ? domainToUnicode(name) : '';
  return {
    domain: name,
    ...(unicode && unicode !== name ? { domain_unicode: unicode } : {}),
    price: toMajor(domainPrice(book, tld, 'register', currency, name)),
    renewal_price: toMajor(domainPrice(book, tld, 'renewal', currency, name)),
    transfer_price: toMajor(tldPrice(book, tld, 'transfer', currency)),
    available: state === 'available',
    status: state,
    premium: book.names.ruleFor(name)?.kind === 'premium',
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
    renewal_price: toMajor(domainPrice(book, tld, 'renewal', currency, name)),
    currency,
    message: check.eligible ? `${name} can be transferred to us.` : `${name} is not eligible for transfer.`,
    id: tld.id,
    service: DOMAIN_SERVICE_ID,
  };
  if (!check.eligible) body.error = check.reason;
  return body;
}
