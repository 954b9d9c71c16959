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

export class PageCache {
  private entries = new Map<string, { page: CachedPage; expires: number }>();

  constructor(
    private ttlMs = 10_000,
    private maxEntries = 500,
    private now: () => number = Date.now,
    private staleMs = 60_000,
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
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (hit.expires + this.staleMs <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { page: hit.page, fresh: hit.expires > now };
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, { page, expires: this.now() + this.ttlMs });
    // Oldest first (Map keeps insertion order): drop beyond the limit.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
