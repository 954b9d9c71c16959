// IANA's RDAP bootstrap file for DNS (RFC 9224) changes as registries move or open RDAP services. The copy bundled
// with the store (dns.json) is the fallback; refreshRdapBootstrap replaces it in memory with IANA's current file. The
// job system calls it on a schedule (daily is plenty: RFC 9224 section 8 asks clients not to fetch more often than the
// HTTP caching headers allow). It never throws and never leaves the registry without a file: a failed download, a
// timeout or a file of the wrong shape keeps the one in use.
import type { DomainRegistry } from './registry';
import { RdapRegistry, type RdapBootstrap } from './rdap-registry';

export const IANA_RDAP_DNS_URL = 'https://data.iana.org/rdap/dns.json';

const MAX_BYTES = 5 * 1024 * 1024;
const LDH_TLD = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Checks the shape of RFC 9224 section 3 (version "1.0", services of [[tlds], [urls]]); throws naming the problem. */
export function parseRdapBootstrap(json: unknown): RdapBootstrap {
  if (!json || typeof json !== 'object') throw new Error('not a JSON object');
  const o = json as Record<string, unknown>;
  if (o.version !== '1.0') throw new Error(`version is ${JSON.stringify(o.version)}, expected "1.0"`);
  if (
    o.publication !== undefined &&
    (typeof o.publication !== 'string' || Number.isNaN(Date.parse(o.publication)))
  )
    throw new Error('publication is not a date');
  if (!Array.isArray(o.services) || o.services.length === 0) throw new Error('services is missing or empty');
  const services: [string[], string[]][] = [];
  for (const [i, entry] of (o.services as unknown[]).entries()) {
    if (!Array.isArray(entry) || entry.length !== 2 || !Array.isArray(entry[0]) || !Array.isArray(entry[1]))
      throw new Error(`services[${i}] is not [[tlds], [urls]]`);
    const [tlds, urls] = entry as [unknown[], unknown[]];
    if (tlds.length === 0 || !tlds.every((t) => typeof t === 'string' && LDH_TLD.test(t.toLowerCase())))
      throw new Error(`services[${i}] has an invalid TLD list`);
    if (
      urls.length === 0 ||
      !urls.every((u) => {
        if (typeof u !== 'string') return false;
        try {
          const p = new URL(u).protocol;
          return p === 'https:' || p === 'http:';
        } catch {
          return false;
        }
      })
    )
      throw new Error(`services[${i}] has an invalid URL list`);
    services.push([tlds as string[], urls as string[]]);
  }
  return { ...o, version: '1.0', services, publication: o.publication as string | undefined };
}

export interface RefreshOptions {
  /** Defaults to IANA's address (`RDAP_BOOTSTRAP_URL` in the commerce config). */
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type RefreshResult =
  { refreshed: true; publication?: string; tlds: number } | { refreshed: false; reason: string };

/**
 * Downloads the bootstrap file and swaps it into `registry` when it is valid. With the simulated registry there is
 * nothing to refresh (`refreshed: false`). Safe to call at any time, concurrently with lookups.
 */
export async function refreshRdapBootstrap(
  registry: DomainRegistry,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  if (!(registry instanceof RdapRegistry))
    return { refreshed: false, reason: `the ${registry.kind} registry has no bootstrap file` };
  const url = options.url ?? IANA_RDAP_DNS_URL;
  try {
    const res = await (options.fetch ?? fetch)(url, {
      headers: { accept: 'application/json' },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      return { refreshed: false, reason: `${url} answered ${res.status}` };
    }
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_BYTES) {
      await res.body?.cancel();
      return { refreshed: false, reason: `${url} is larger than ${MAX_BYTES} bytes` };
    }
    const text = await res.text();
    if (text.length > MAX_BYTES)
      return { refreshed: false, reason: `${url} is larger than ${MAX_BYTES} bytes` };
    const bootstrap = parseRdapBootstrap(JSON.parse(text));
    registry.setBootstrap(bootstrap);
    return { refreshed: true, ...registry.bootstrapInfo };
  } catch (err) {
    return { refreshed: false, reason: `${url}: ${err instanceof Error ? err.message : String(err)}` };
  }
}
