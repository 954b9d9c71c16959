import type { NormalizedDomain } from './normalize';
import { VARIATION_PREFIXES, VARIATION_SUFFIXES, VARIATION_TLDS } from './tlds';

export const SUGGESTIONS_PER_PAGE = 10;

/**
 * Every name offered for a search, in order: the typed name first when it has a TLD we sell, then the same label
 * across our TLDs (in `tlds` order), then variations of the label in a few popular TLDs. Deterministic, so pages are
 * stable between requests. Only the names of one page are ever checked with the registry.
 */
export function suggestionNames(input: NormalizedDomain, tlds: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (name: string) => {
    if (!seen.has(name)) {
      seen.add(name);
      out.push(name);
    }
  };
  if (input.domain && input.supported) push(input.domain);
  for (const tld of tlds) push(`${input.label}.${tld}`);
  const variationTlds = VARIATION_TLDS.filter((t) => tlds.includes(t));
  // Gluing letters onto punycode would change the name it decodes to: IDN labels get no variations.
  const labels = input.label.startsWith('xn--')
    ? []
    : [
        ...VARIATION_PREFIXES.map((p) => `${p}${input.label}`),
        ...VARIATION_SUFFIXES.filter((s) => !input.label.endsWith(s)).map((s) => `${input.label}${s}`),
      ].filter((l) => l.length <= 63);
  for (const label of labels) for (const tld of variationTlds) push(`${label}.${tld}`);
  return out;
}

export interface Page<T> {
  items: T[];
  page: number;
  total_pages: number;
  has_next: boolean;
}

export function paginate<T>(all: readonly T[], page: number, perPage = SUGGESTIONS_PER_PAGE): Page<T> {
  const total_pages = Math.max(1, Math.ceil(all.length / perPage));
  const items = all.slice((page - 1) * perPage, page * perPage);
  return { items, page, total_pages, has_next: page < total_pages };
}
