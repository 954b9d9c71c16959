import { api } from 'shared/api-client';
import { suggestionsSchema, type Suggestions } from './schemas';

/** GET domain/suggestions/?domain=&currency=&page=: one page of names around the typed one, with prices. */
export function getSuggestions(domain: string, currency: string, page: number, signal?: AbortSignal): Promise<Suggestions> {
  return api
    .get('domain/suggestions/', { searchParams: { domain, currency, page }, signal })
    .json(suggestionsSchema);
}
