// Rendered public pages kept briefly in memory (issue 21 item 3), keyed by path and what they were built from (the
// remotes' manifest versions, the content version): a new manifest or a staff edit is a new key, so nothing stale is
// served once either has changed. Pages hold no customer's data (personal parts render in the browser only).
// A page past its time to live is still served for `staleMs` more while a new one is rendered (stale-while-
// revalidate, as the Cache-Control header tells shared caches), so a visitor never waits for a render of a page
// that was cached a minute ago.
export interface CachedPage {
  status: number;
  /** The page, or (the storefront server's) its bytes as sent and gzipped once. */
  html: string | { identity: Uint8Array; gzip: Uint8Array };
}

/**
 * Whether `url` (path and query, as requested) is the address the page in `html` names as its canonical one: one of the
 * site's own pages. Other addresses render pages too ('/about/', '//about', '/About', '/about#x', '/blog?utm=1'): a
 * visitor can make up any number of them, so they are kept apart (PageCache's `tail`). A page without a canonical
 * link is kept apart as well.
 */
export function isOwnAddress(url: string, html: string): boolean {
  const link = /<link\b[^>]*\brel="canonical"[^>]*>/.exec(html)?.[0];
  const href = link && /\bhref="([^"]*)"/.exec(link)?.[1];
  if (!href) return false;
  try {
    const canonical = new URL(href.replace(/&amp;/g, '&'));
    return `${canonical.pathname}${canonical.search}` === url;
  } catch {
    return false;
  }
}

export class PageCache {
  /** The site's own pages (isOwnAddress) answered 200, as many as it has. */
  private entries = new Map<string, { page: CachedPage; expires: number }>();
  /**
   * Pages of other addresses (a query string, another spelling of a page's path), and 404s: any visitor can make up as
   * many as they like (`/blog?utm=1`, `/about//`, `/nope-1`), so they are kept apart, fewer, and can never push the
   * site's own pages out.
   */
  private tail = new Map<string, { page: CachedPage; expires: number }>();

  constructor(
    private ttlMs = 10_000,
    private maxEntries = 500,
    private now: () => number = Date.now,
    private staleMs = 60_000,
    private maxTail = 100,
  ) {}

  static key(pathname: string, versions: Record<string, string>): string {
    const parts = Object.keys(versions)
      .sort()
      .map((name) => `${name}=${versions[name]}`);
    return `${pathname}|${parts.join('&')}`;
  }

  /** The page while it is fresh. */
  get(key: string): CachedPage | undefined {
    const hit = this.lookup(key);
    return hit?.fresh ? hit.page : undefined;
  }

  /** The page while it is fresh, or stale but within `staleMs` (`fresh: false`: render it again). */
  lookup(key: string): { page: CachedPage; fresh: boolean } | undefined {
    const map = this.entries.has(key) ? this.entries : this.tail;
    const hit = map.get(key);
    if (!hit) return undefined;
    const now = this.now();
    map.delete(key);
    if (hit.expires + this.staleMs <= now) return undefined;
    // Now the most recently used: the limit drops the least recently used first.
    map.set(key, hit);
    return { page: hit.page, fresh: hit.expires > now };
  }

  /** Keeps `page` under `key`; `tail`: a page of another address or a 404 (kept apart, above). */
  set(key: string, page: CachedPage, { tail = false } = {}): void {
    this.entries.delete(key);
    this.tail.delete(key);
    const map = tail ? this.tail : this.entries;
    map.set(key, { page, expires: this.now() + this.ttlMs });
    // Least recently used first (Map keeps insertion order, and a hit is put back last): dropped beyond the limit.
    const max = tail ? this.maxTail : this.maxEntries;
    while (map.size > max) map.delete(map.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
    this.tail.clear();
  }

  get size(): number {
    return this.entries.size + this.tail.size;
  }
}
