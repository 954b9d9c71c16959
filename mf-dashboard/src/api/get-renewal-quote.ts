import { api } from 'shared/api-client';
import { domainPath, renewalQuoteSchema, type RenewalQuote } from './domain-schemas';

/** GET domain/{domain}/renewal/?years=N: the price of renewing for N years (1 to 10), from the server. */
export function getRenewalQuote(domain: string, years: number): Promise<RenewalQuote> {
  return api.get(`${domainPath(domain)}renewal/`, { searchParams: { years } }).json(renewalQuoteSchema);
}
