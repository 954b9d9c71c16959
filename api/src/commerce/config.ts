// Commerce settings from the environment, parsed once when the commerce plugin is registered (fail fast, one message).
import fs from 'node:fs';
import * as v from 'valibot';
import { ConfigError } from '../config';

/** 'NGN,USD' -> ['NGN', 'USD']: the currencies a gateway account accepts. */
const currencyList = (name: string) =>
  v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)),
    v.array(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, `${name} must be a comma list of currency codes such as NGN,USD`))),
    v.minLength(1, `${name} must name at least one currency`),
  );

const EnvSchema = v.object({
  DOMAIN_REGISTRY: v.optional(
    v.picklist(['simulated', 'rdap'], 'DOMAIN_REGISTRY must be simulated or rdap'),
    'simulated',
  ),
  RDAP_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'RDAP_TIMEOUT_MS must be a whole number of milliseconds'),
      v.transform(Number),
      v.minValue(50),
      v.maxValue(60_000),
    ),
    '3000',
  ),
  RDAP_BOOTSTRAP_FILE: v.optional(
    v.pipe(
      v.string(),
      v.check((p) => fs.existsSync(p), 'RDAP_BOOTSTRAP_FILE does not exist'),
    ),
  ),
  RDAP_BOOTSTRAP_URL: v.optional(
    v.pipe(v.string(), v.url('RDAP_BOOTSTRAP_URL must be an absolute URL')),
    'https://data.iana.org/rdap/dns.json',
  ),
  RDAP_MAX_PARALLEL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'RDAP_MAX_PARALLEL must be a whole number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(64),
    ),
    '4',
  ),
  WHOIS_SERVERS_FILE: v.optional(
    v.pipe(
      v.string(),
      v.check((p) => fs.existsSync(p), 'WHOIS_SERVERS_FILE does not exist'),
    ),
  ),
  DOMAIN_NAMES_FILE: v.optional(
    v.pipe(
      v.string(),
      v.check((p) => fs.existsSync(p), 'DOMAIN_NAMES_FILE does not exist'),
    ),
  ),
  PAYSTACK_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^sk_(test|live)_\w+$/, 'PAYSTACK_SECRET_KEY must look like sk_test_... or sk_live_...'),
    ),
  ),
  PAYSTACK_BASE_URL: v.optional(
    v.pipe(v.string(), v.url('PAYSTACK_BASE_URL must be an absolute URL')),
    'https://api.paystack.co',
  ),
  PAYSTACK_CURRENCIES: v.optional(currencyList('PAYSTACK_CURRENCIES'), 'NGN'),
  COINBASE_COMMERCE_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'COINBASE_COMMERCE_API_KEY looks too short'))),
  COINBASE_COMMERCE_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(8, 'COINBASE_COMMERCE_WEBHOOK_SECRET looks too short')),
  ),
  COINBASE_COMMERCE_BASE_URL: v.optional(
    v.pipe(v.string(), v.url('COINBASE_COMMERCE_BASE_URL must be an absolute URL')),
    'https://api.commerce.coinbase.com',
  ),
  COINBASE_COMMERCE_CURRENCIES: v.optional(currencyList('COINBASE_COMMERCE_CURRENCIES'), 'USD'),
  SANDBOX_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(16, 'SANDBOX_WEBHOOK_SECRET must be at least 16 characters')),
  ),
  VAT_PERCENT: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,2}(\.\d{1,3})?$/, 'VAT_PERCENT must be a percentage such as 7.5')),
  ),
});

export interface CommerceConfig {
  registry: 'simulated' | 'rdap';
  rdapTimeoutMs: number;
  rdapBootstrapFile?: string;
  /** Where refreshRdapBootstrap downloads the bootstrap file (IANA's by default). */
  rdapBootstrapUrl: string;
  /** Lookups in flight per RDAP or WHOIS server. */
  rdapMaxParallel: number;
  /** WHOIS servers added to or replacing the built-in table (domains/whois.ts). */
  whoisServersFile?: string;
  /** Premium, reserved and blocked names instead of the bundled domains/names.json. */
  domainNamesFile?: string;
  paystackSecretKey?: string;
  paystackBaseUrl: string;
  /** PAYSTACK_CURRENCIES (default NGN): a payment in another currency is refused before it starts. */
  paystackCurrencies: string[];
  /** Coinbase Commerce (crypto), when both its API key and webhook secret are set. */
  coinbase?: { apiKey: string; webhookSecret: string; baseUrl: string; currencies: string[] };
  sandboxWebhookSecret?: string;
  /** Overrides the vat_percent setting of the database when set. */
  vatPercent?: string;
}

export function loadCommerceConfig(env: Record<string, string | undefined> = process.env): CommerceConfig {
  const clean: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') clean[key] = value.trim();
  }
  const r = v.safeParse(EnvSchema, clean);
  if (!r.success) {
    const lines = r.issues.map((i) => `  ${String(i.path?.[0]?.key ?? 'environment')}: ${i.message}`);
    throw new ConfigError(`Invalid environment for the commerce API:\n${lines.join('\n')}`);
  }
  const e = r.output;
  if (Boolean(e.COINBASE_COMMERCE_API_KEY) !== Boolean(e.COINBASE_COMMERCE_WEBHOOK_SECRET)) {
    const missing = e.COINBASE_COMMERCE_API_KEY ? 'COINBASE_COMMERCE_WEBHOOK_SECRET' : 'COINBASE_COMMERCE_API_KEY';
    throw new ConfigError(`Invalid environment for the commerce API:\n  ${missing}: required with the other Coinbase Commerce key`);
  }
  return {
    registry: e.DOMAIN_REGISTRY,
    rdapTimeoutMs: e.RDAP_TIMEOUT_MS,
    rdapBootstrapFile: e.RDAP_BOOTSTRAP_FILE,
    rdapBootstrapUrl: e.RDAP_BOOTSTRAP_URL,
    rdapMaxParallel: e.RDAP_MAX_PARALLEL,
    whoisServersFile: e.WHOIS_SERVERS_FILE,
    domainNamesFile: e.DOMAIN_NAMES_FILE,
    paystackSecretKey: e.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: e.PAYSTACK_BASE_URL,
    paystackCurrencies: e.PAYSTACK_CURRENCIES,
    coinbase:
      e.COINBASE_COMMERCE_API_KEY && e.COINBASE_COMMERCE_WEBHOOK_SECRET
        ? {
            apiKey: e.COINBASE_COMMERCE_API_KEY,
            webhookSecret: e.COINBASE_COMMERCE_WEBHOOK_SECRET,
            baseUrl: e.COINBASE_COMMERCE_BASE_URL,
            currencies: e.COINBASE_COMMERCE_CURRENCIES,
          }
        : undefined,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    vatPercent: e.VAT_PERCENT,
  };
}
