import { type Availability, type DomainRegistry, type TransferCheck, transferReasons } from './registry';

/** The shape of IANA's RDAP bootstrap file (RFC 9224): `services` is a list of `[tlds, baseUrls]`. */
export interface RdapBootstrap {
  services: [string[], string[]][];
  [key: string]: unknown;
}

export interface RdapOptions {
  bootstrap: RdapBootstrap;
  /** Per request; a registry slower than this answers 'unknown'. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** How long answers are reused (registered names rarely become free; free names may be taken any minute). */
  registeredTtlMs?: number;
  availableTtlMs?: number;
  now?: () => number;
}

interface RdapLookup {
  availability: Availability;
  status: string[];
  registeredAt?: number;
}

const TRANSFER_LOCKS = ['client transfer prohibited', 'server transfer prohibited', 'pending transfer'];
const SIXTY_DAYS_MS = 60 * 24 * 3600 * 1000;
const CACHE_MAX = 5000;

/**
 * Asks the authoritative registry over RDAP (RFC 9082/9083). 404 means free, 200 registered; anything else (timeout,
 * 5xx, a TLD absent from the bootstrap file) is 'unknown' and never offered as available.
 */
export class RdapRegistry implements DomainRegistry {
  readonly kind = 'rdap' as const;
  private readonly baseByTld = new Map<string, string>();
  private readonly cache = new Map<string, { at: number; value: RdapLookup }>();
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly registeredTtlMs: number;
  private readonly availableTtlMs: number;
  private readonly now: () => number;

  constructor(options: RdapOptions) {
    for (const [tlds, urls] of options.bootstrap.services) {
      const url = urls.find((u) => u.startsWith('https://')) ?? urls[0];
      if (!url) continue;
      for (const tld of tlds) this.baseByTld.set(tld.toLowerCase(), url.endsWith('/') ? url : `${url}/`);
    }
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.registeredTtlMs = options.registeredTtlMs ?? 10 * 60_000;
    this.availableTtlMs = options.availableTtlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The RDAP base URL serving `name`: the longest matching suffix in the bootstrap file (RFC 9224 section 4). */
  baseUrlFor(name: string): string | undefined {
    const labels = name.toLowerCase().split('.');
    for (let i = 1; i < labels.length; i++) {
      const base = this.baseByTld.get(labels.slice(i).join('.'));
      if (base) return base;
    }
    return undefined;
  }

  private async lookup(name: string): Promise<RdapLookup> {
    const key = name.toLowerCase();
    const hit = this.cache.get(key);
    if (hit) {
      const ttl = hit.value.availability === 'registered' ? this.registeredTtlMs : this.availableTtlMs;
      if (this.now() - hit.at < ttl) return hit.value;
      this.cache.delete(key);
    }
    const value = await this.query(key);
    if (value.availability !== 'unknown') {
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, { at: this.now(), value });
    }
    return value;
  }

  private async query(name: string): Promise<RdapLookup> {
    const base = this.baseUrlFor(name);
    if (!base) return { availability: 'unknown', status: [] };
    try {
      const res = await this.fetchImpl(`${base}domain/${encodeURIComponent(name)}`, {
        headers: { accept: 'application/rdap+json, application/json' },
        redirect: 'follow',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (res.status === 404) {
        await res.body?.cancel();
        return { availability: 'available', status: [] };
      }
      if (res.status !== 200) {
        await res.body?.cancel();
        return { availability: 'unknown', status: [] };
      }
      const body = (await res.json()) as { status?: unknown; events?: unknown };
      const status = Array.isArray(body.status)
        ? body.status.filter((s): s is string => typeof s === 'string')
        : [];
      const events = Array.isArray(body.events)
        ? (body.events as { eventAction?: string; eventDate?: string }[])
        : [];
      const reg = events.find((e) => e.eventAction === 'registration')?.eventDate;
      const registeredAt = reg ? Date.parse(reg) : undefined;
      return {
        availability: 'registered',
        status: status.map((s) => s.toLowerCase()),
        registeredAt: Number.isNaN(registeredAt) ? undefined : registeredAt,
      };
    } catch {
      // Timeout, refused connection, bad JSON: we do not know, so we do not sell it.
      return { availability: 'unknown', status: [] };
    }
  }

  async availability(names: readonly string[]): Promise<Map<string, Availability>> {
    const results = await Promise.all(
      names.map(async (n) => [n, (await this.lookup(n)).availability] as const),
    );
    return new Map(results);
  }

  async transferEligibility(name: string): Promise<TransferCheck> {
    const r = await this.lookup(name);
    if (r.availability === 'unknown')
      return { eligible: false, availability: 'unknown', reason: transferReasons.unknown(name) };
    if (r.availability === 'available')
      return { eligible: false, availability: 'available', reason: transferReasons.notRegistered(name) };
    if (r.status.some((s) => TRANSFER_LOCKS.includes(s)))
      return { eligible: false, availability: 'registered', reason: transferReasons.locked(name) };
    if (r.registeredAt !== undefined && this.now() - r.registeredAt < SIXTY_DAYS_MS)
      return { eligible: false, availability: 'registered', reason: transferReasons.tooRecent(name) };
    return { eligible: true, availability: 'registered' };
  }

  /** RDAP is read-only: a real registration goes through the registrar's EPP channel, outside this store's demo. */
  register(name: string): Promise<void> {
    this.cache.delete(name.toLowerCase());
    return Promise.resolve();
  }

  transferIn(name: string): Promise<void> {
    this.cache.delete(name.toLowerCase());
    return Promise.resolve();
  }
}
