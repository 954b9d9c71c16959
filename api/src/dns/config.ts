// The DNS server's settings (CONTRACT.md 'Round 2'), parsed once at start-up; a bad value stops the start with a message.
import * as v from 'valibot';
import { isHostname, asciiHost } from 'shared/schemas';

const EnvSchema = v.object({
  DNS_HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('DNS_HOST must be an address such as 127.0.0.1')), '127.0.0.1'),
  DNS_PORT: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'DNS_PORT must be a whole number'),
      v.transform(Number),
      v.maxValue(65535, 'DNS_PORT must be at most 65535'),
    ),
    '5300',
  ),
  STORE_NAMESERVERS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((h) => h.trim()).filter(Boolean)),
      v.check((l) => l.length >= 1 && l.every(isHostname), 'STORE_NAMESERVERS must be a comma list of host names such as ns1.hosthub.test,ns2.hosthub.test'),
      v.transform((l) => l.map(asciiHost)),
    ),
    'ns1.hosthub.test,ns2.hosthub.test',
  ),
  DNS_RESPONSES_PER_SECOND: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, 'DNS_RESPONSES_PER_SECOND must be a whole number (0: no limit)'), v.transform(Number)),
    '20',
  ),
  DNS_SERVER: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['true', 'false', '1', '0'], 'DNS_SERVER must be true or false'), v.transform((s) => s === 'true' || s === '1')),
    'true',
  ),
});

export interface DnsConfig {
  host: string;
  port: number;
  /** The store's nameservers, lower-case punycode: the NS records of every zone served here. */
  storeNameservers: string[];
  /** Whether `npm start` runs the DNS server beside the API (default true). */
  enabled: boolean;
  /** UDP response rate limit (server.ts RESPONSE_RATE_LIMIT): alike answers a second to one network; 0 turns it off. */
  responsesPerSecond: number;
}

export function loadDnsConfig(env: Record<string, string | undefined> = process.env): DnsConfig {
  const clean: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') clean[key] = value;
  }
  const r = v.safeParse(EnvSchema, clean);
  if (!r.success) {
    const lines = r.issues.map((i) => `  ${String(i.path?.[0]?.key ?? 'environment')}=${JSON.stringify(clean[String(i.path?.[0]?.key)] ?? '')}: ${i.message}`);
    throw new Error(`Invalid environment for the DNS server:\n${lines.join('\n')}`);
  }
  const e = r.output;
  return {
    host: e.DNS_HOST,
    port: e.DNS_PORT,
    storeNameservers: e.STORE_NAMESERVERS,
    enabled: e.DNS_SERVER,
    responsesPerSecond: e.DNS_RESPONSES_PER_SECOND,
  };
}
