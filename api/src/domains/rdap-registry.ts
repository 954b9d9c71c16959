import { HostLimiter, type HostLimiterOptions, SKIPPED } from './host-limiter';
import {
  type Availability,
  type DomainRegistry,
  type RegistryRecord,
  type TransferCheck,
  transferCheckOf,
} from './registry';
import { DEFAULT_WHOIS_SERVERS, parseWhois, type WhoisServer, whoisQuery } from './whois';

/** The shape of IANA's RDAP bootstrap file (RFC 9224): `services` is a list of `[tlds, baseUrls]`. */
export interface RdapBootstrap {
  services: [string[], string[]][];
  publication?: string;
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
  /** 'unknown' is reused briefly too, so a search of 40 names does not hammer a registry that is failing. */
  unknownTtlMs?: number;
  /** Real time: cache ages and back-offs. */
  now?: () => number;
  /** The store's business clock (the time machine moves it): the 60-day transfer rules. Defaults to `now`. */
  today?: () => number;
  /** Parallel lookups per server and back-off after 429 (RFC 7480 section 5.5). */
  limits?: HostLimiterOptions;
  /** TLDs without RDAP asked over WHOIS (RFC 3912), longest suffix first; defaults to DEFAULT_WHOIS_SERVERS. */
  whoisServers?: Record<string, WhoisServer>;
  whoisTimeoutMs?: number;
}

const CACHE_MAX = 5000;
const RDAP_MEDIA_TYPE = 'application/rdap+json';

const mediaType = (res: Response) =>
  (res.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();

function latestEvent(events: unknown, action: string): number | undefined {
  if (!Array.isArray(events)) return undefined;
  let latest: number | undefined;
  for (const e of events as { eventAction?: unknown; eventDate?: unknown }[]) {
    if (e?.eventAction !== action || typeof e.eventDate !== 'string') continue;
    const t = Date.parse(e.eventDate);
    if (!Number.isNaN(t) && (latest === undefined || t > latest)) latest = t;
  }
  return latest;
}

function baseMap(bootstrap: RdapBootstrap): Map<string, string> {
  const map = new Map<string, string>();
  for (const [tlds, urls] of bootstrap.services) {
    const url = urls.find((u) => u.startsWith('https://')) ?? urls[0];
    if (!url) continue;
    for (const tld of tlds) map.set(tld.toLowerCase(), url.endsWith('/') ? url : `${url}/`);
  }
  return map;
}

/**
 * Asks the authoritative registry over RDAP (RFC 9082/9083), or over WHOIS for TLDs the bootstrap file lacks.
 * 200 with a domain object is registered; 404 is 'not registered' only when the body is `application/rdap+json` (an
 * HTML 404 from a misconfigured server says nothing); anything else (429, 5xx, timeout, no service) is 'unknown' and
 * never offered as available. Premium and reserved names also answer 404: the store's name list (name-list.ts) and,
 * for real registrations, the registrar's EPP `domain:check` with the fee extension decide those.
 */
export class RdapRegistry implements DomainRegistry {
  readonly kind = 'rdap' as const;
  private baseByTld: Map<string, string>;
  private bootstrapPublication: string | undefined;
  private readonly cache = new Map<string, { at: number; value: RegistryRecord }>();
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly whoisTimeoutMs: number;
  private readonly ttl: Record<Availability, number>;
  private readonly now: () => number;
  private readonly today: () => number;
  private readonly whoisServers: Record<string, WhoisServer>;
  readonly limiter: HostLimiter;

  constructor(options: RdapOptions) {
    this.baseByTld = baseMap(options.bootstrap);
    this.bootstrapPublication = options.bootstrap.publication;
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.whoisTimeoutMs = options.whoisTimeoutMs ?? this.timeoutMs;
    this.ttl = {
      registered: options.registeredTtlMs ?? 10 * 60_000,
      available: options.availableTtlMs ?? 60_000,
      unknown: options.unknownTtlMs ?? 15_000,
    };
    this.now = options.now ?? Date.now;
    this.today = options.today ?? this.now;
    this.whoisServers = options.whoisServers ?? DEFAULT_WHOIS_SERVERS;
    // A lookup waits for a slot at most as long as one request may take.
    this.limiter = new HostLimiter({ now: this.now, maxWaitMs: this.timeoutMs, ...options.limits });
  }

  /** Replaces the bootstrap file in memory (see refreshRdapBootstrap). Lookups already running finish on the old one. */
  setBootstrap(bootstrap: RdapBootstrap): void {
    this.baseByTld = baseMap(bootstrap);
    this.bootstrapPublication = bootstrap.publication;
  }

  /** The `publication` date of the bootstrap file in use, and how many TLDs it serves. */
  get bootstrapInfo(): { publication?: string; tlds: number } {
    return { publication: this.bootstrapPublication, tlds: this.baseByTld.size };
  }

  private longestSuffix<T>(name: string, lookup: (suffix: string) => T | undefined): T | undefined {
    const labels = name.toLowerCase().split('.');
    for (let i = 1; i < labels.length; i++) {
      const hit = lookup(labels.slice(i).join('.'));
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** The RDAP base URL serving `name`: the longest matching suffix in the bootstrap file (RFC 9224 section 4). */
  baseUrlFor(name: string): string | undefined {
    return this.longestSuffix(name, (s) => this.baseByTld.get(s));
  }

  /** The WHOIS server for a name whose TLD has no RDAP service (longest suffix: `.com.ng` before `.ng`). */
  whoisServerFor(name: string): WhoisServer | undefined {
    return this.longestSuffix(name, (s) => this.whoisServers[s]);
  }

  private async lookup(name: string, fresh = false): Promise<RegistryRecord> {
    const key = name.toLowerCase();
    const hit = fresh ? undefined : this.cache.get(key);
    if (hit) {
      if (this.now() - hit.at < this.ttl[hit.value.availability]) return hit.value;
      this.cache.delete(key);
    }
    const value = await this.query(key);
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { at: this.now(), value });
    return value;
  }

  private query(name: string): Promise<RegistryRecord> {
    const base = this.baseUrlFor(name);
    if (base) return this.queryRdap(name, base);
    const whois = this.whoisServerFor(name);
    if (whois) return this.queryWhois(name, whois);
    return Promise.resolve({ availability: 'unknown', status: [] });
  }

  private async queryRdap(name: string, base: string): Promise<RegistryRecord> {
    const unknown: RegistryRecord = { availability: 'unknown', status: [] };
    let host: string;
    try {
      host = new URL(base).host;
    } catch {
      return unknown;
    }
    const answer = await this.limiter.run(host, async (): Promise<RegistryRecord> => {
      try {
        const res = await this.fetchImpl(`${base}domain/${encodeURIComponent(name)}`, {
          headers: { accept: `${RDAP_MEDIA_TYPE}, application/json;q=0.9` },
          redirect: 'follow',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if (res.status === 429 || (res.status === 503 && res.headers.has('retry-after'))) {
          await res.body?.cancel();
          this.limiter.backOff(host, res.headers.get('retry-after'));
          return unknown;
        }
        if (res.status === 404) {
          await res.body?.cancel();
          this.limiter.succeeded(host);
          // RFC 7480 section 5.3: "no data"; trusted only from a real RDAP server, never from an HTML error page.
          return mediaType(res) === RDAP_MEDIA_TYPE ? { availability: 'available', status: [] } : unknown;
        }
        if (res.status !== 200) {
          await res.body?.cancel();
          return unknown;
        }
        this.limiter.succeeded(host);
        const body = (await res.json()) as { objectClassName?: unknown; status?: unknown; events?: unknown };
        if (body?.objectClassName !== 'domain') return unknown;
        const status = Array.isArray(body.status)
          ? body.status.filter((s): s is string => typeof s === 'string').map((s) => s.toLowerCase())
          : [];
        return {
          availability: 'registered',
          status,
          registeredAt: latestEvent(body.events, 'registration'),
          transferredAt: latestEvent(body.events, 'transfer'),
        };
      } catch {
        // Timeout, refused connection, bad JSON: we do not know, so we do not sell it.
        return unknown;
      }
    });
    return answer === SKIPPED ? unknown : answer;
  }

  private async queryWhois(name: string, server: WhoisServer): Promise<RegistryRecord> {
    const unknown: RegistryRecord = { availability: 'unknown', status: [] };
    const port = server.port ?? 43;
    const host = `whois:${server.host}:${port}`;
    const answer = await this.limiter.run(host, async (): Promise<RegistryRecord> => {
      try {
        const text = await whoisQuery(server.host, port, name, this.whoisTimeoutMs);
        const parsed = parseWhois(text, name, server);
        if (parsed.limited) {
          this.limiter.backOff(host, null);
          return unknown;
        }
        if (parsed.availability !== 'unknown') this.limiter.succeeded(host);
        return {
          availability: parsed.availability,
          status: parsed.status,
          registeredAt: parsed.registeredAt,
          transferredAt: parsed.transferredAt,
        };
      } catch {
        return unknown;
      }
    });
    return answer === SKIPPED ? unknown : answer;
  }

  async availability(
    names: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<Map<string, Availability>> {
    const results = await Promise.all(
      names.map(async (n) => [n, (await this.lookup(n, options.fresh)).availability] as const),
    );
    return new Map(results);
  }

  async transferEligibility(name: string): Promise<TransferCheck> {
    return transferCheckOf(name, await this.lookup(name), this.today());
  }

  /**
   * RDAP and WHOIS are read-only: a real registration goes through the registrar's EPP channel (`domain:check` with the
   * fee extension, then `domain:create`), which would sit behind this same interface. Here the cache is dropped so the
   * next check asks the registry again.
   */
  register(name: string): Promise<void> {
    this.cache.delete(name.toLowerCase());
    return Promise.resolve();
  }

  /** EPP `domain:transfer op="request"` would carry `authCode` as its authInfo; RDAP only reads. */
  transferIn(name: string, _authCode: string): Promise<void> {
    this.cache.delete(name.toLowerCase());
    return Promise.resolve();
  }
}
