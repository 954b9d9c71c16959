// Environment, parsed once at start-up. Anything wrong stops the process with one clear message.
import net from 'node:net';
import path from 'node:path';
import * as v from 'valibot';

/** The repository root (api/src/.. /..): the default data folder lives there, as CONTRACT.md says (`./.data/`). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const API_ROOT = path.resolve(__dirname, '..');
/** The pictures the API serves under /static/ (content images, blog covers). */
export const STATIC_DIR = path.join(API_ROOT, 'static');

const url = (name: string) =>
  v.pipe(v.string(), v.trim(), v.url(`${name} must be an absolute URL such as http://localhost:8000`));

const intFrom = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

const bool = (name: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.picklist(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], `${name} must be true or false`),
    v.transform((s) => ['1', 'true', 'yes', 'on'].includes(s)),
  );

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'NODE_ENV must be development, production or test'), 'development'),
  API_HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '0.0.0.0'),
  API_PORT: v.optional(intFrom('API_PORT', 0, 65535), '8000'),
  API_BASE_URL: v.optional(url('API_BASE_URL'), 'http://localhost:8000'),
  STOREFRONT_URL: v.optional(url('STOREFRONT_URL'), 'http://localhost:3000'),
  STOREFRONT_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean)),
      v.array(v.pipe(v.string(), v.url('STOREFRONT_ORIGINS must be a comma-separated list of origins such as http://localhost:3000'))),
    ),
    'http://localhost:3000',
  ),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')),
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  SMTP_URL: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'HostHub <no-reply@hosthub.example>'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'LOG_LEVEL must be a pino level')),
  BODY_LIMIT: v.optional(intFrom('BODY_LIMIT', 1024, 50 * 1024 * 1024), String(100 * 1024)),
  RATE_LIMIT: v.optional(bool('RATE_LIMIT'), 'true'),
  RATE_LIMIT_MAX: v.optional(intFrom('RATE_LIMIT_MAX', 1, 10_000_000), '1000'),
  AUTH_RATE_LIMIT_MAX: v.optional(intFrom('AUTH_RATE_LIMIT_MAX', 1, 10_000_000), '10'),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => parseTrustProxy(s) !== undefined,
        'TRUST_PROXY must be false, true, a number of proxy hops, or a comma-separated list of addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)',
      ),
    ),
    'false',
  ),
  DRAIN_DELAY_MS: v.optional(intFrom('DRAIN_DELAY_MS', 0, 600_000)),
  KEEP_ALIVE_TIMEOUT_MS: v.optional(intFrom('KEEP_ALIVE_TIMEOUT_MS', 1000, 3_600_000), '72000'),
  REQUEST_TIMEOUT_MS: v.optional(intFrom('REQUEST_TIMEOUT_MS', 1000, 600_000), '30000'),
  METRICS_PORT: v.optional(intFrom('METRICS_PORT', 0, 65535)),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'METRICS_TOKEN must be at least 16 characters'))),
  SSR_API_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'SSR_API_TOKEN must be at least 16 characters'))),

  SEED: v.optional(bool('SEED'), 'true'),
  PAYMENT_PROVIDER: v.optional(
    v.picklist(['sandbox', 'paystack'], 'PAYMENT_PROVIDER must be sandbox or paystack (unset: paystack when its key is set)'),
  ),
  SECURITY_SECRET_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'SECURITY_SECRET_KEY must be at least 32 characters'))),
  // The keys SECURITY_SECRET_KEY replaced, newest first, separated by commas: what they sealed still opens (and is
  // sealed again with the new key at start); recovery codes made under one work while it is listed.
  SECURITY_SECRET_KEY_PREVIOUS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((k) => k.trim()).filter(Boolean)),
      v.check((keys) => keys.every((k) => k.length >= 32), 'SECURITY_SECRET_KEY_PREVIOUS: each key must be at least 32 characters'),
    ),
  ),
  WEBAUTHN_RP_ID: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9.-]+$/i, 'WEBAUTHN_RP_ID must be a host name such as example.com'))),
  ROLE: v.optional(v.picklist(['api', 'worker', 'all'], 'ROLE must be api, worker or all'), 'all'),
  JOBS: v.optional(bool('JOBS')),
  MAIL_RETRY_LIMIT: v.optional(intFrom('MAIL_RETRY_LIMIT', 0, 100), '5'),
  MAIL_RETRY_DELAY_SECONDS: v.optional(intFrom('MAIL_RETRY_DELAY_SECONDS', 1, 86_400), '30'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  apiBaseUrl: string;
  storefrontUrl: string;
  storefrontOrigins: string[];
  databaseUrl?: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  bodyLimit: number;
  /**
   * `serverToken` (SSR_API_TOKEN): the storefront's server sends it with the reads its page renders make
   * (X-Storefront-Server-Token); they skip the per-IP limit, which would otherwise count every visitor's page as one
   * client's requests (issue 21).
   */
  rateLimit: { enabled: boolean; max: number; authMax: number; windowMs: number; serverToken?: string };
  /**
   * Fastify's trustProxy: false (default: X-Forwarded-* ignored, request.ip is the peer), a hop count, or the
   * balancer's addresses/CIDRs. `true` trusts any peer: only when nothing but the balancer can reach the API.
   */
  trustProxy: TrustProxy;
  /** SIGTERM: how long /readyz answers 503 before the listener closes, so the balancer takes the node out first. */
  drainDelayMs: number;
  /** Node's keep-alive timeout: above the balancer's idle timeouts (HAProxy), or it reuses a closed socket (502). */
  keepAliveTimeoutMs: number;
  /** The longest a client may take to send a whole request (headers and body); then 408 and the connection closes. */
  requestTimeoutMs: number;
  /** /metrics: on a separate listener at 127.0.0.1:METRICS_PORT, and/or on the API with Bearer METRICS_TOKEN. */
  metrics: { port?: number; token?: string };
  /** Seed the database on first start (never in production, whatever this says). */
  seed: boolean;
  productName: string;
  /** Account security (issue 17): key for TOTP secrets (AES-256-GCM) and recovery codes (HMAC); passkey relying party. */
  security: { secretKey: string; previousKeys: string[]; rpId: string; origins: string[] };
  /**
   * PAYMENT_PROVIDER as given (unset: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox outside production).
   * In production the sandbox (free money) runs only when this says `sandbox` explicitly.
   */
  paymentProvider?: 'sandbox' | 'paystack';
  /** api: HTTP only (enqueues); worker: runs queues and schedules, no HTTP; all: both in one process. */
  role: 'api' | 'worker' | 'all';
  /** Start the job system (pg-boss). Default on, off under NODE_ENV=test (test files that need it turn it on). */
  jobs: boolean;
  /** send-mail queue: retries after the first failure, first delay (doubling each time). */
  mailRetry: { limit: number; delaySeconds: number };
}

export class ConfigError extends Error {}

export type TrustProxy = boolean | number | string[];

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an IPv4/IPv6 address, optionally /prefix, or proxy-addr's names (loopback, ...). */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr, prefix, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const v4 = IPV4.test(addr);
  const v6 = !v4 && net.isIPv6(addr);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** TRUST_PROXY: false/off, true, a hop count, or a list of addresses/CIDRs; undefined when malformed. */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const s = raw.trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(s)) return false;
  if (['true', 'yes', 'on'].includes(s)) return true;
  if (/^\d{1,2}$/.test(s)) return Number(s);
  const list = s.split(',').map((x) => x.trim()).filter(Boolean);
  return list.length > 0 && list.every(isProxyAddress) ? list : undefined;
}

/** Parses `env` (process.env by default). Throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset: `FOO= npm start` should mean "default".
  const clean: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') clean[key] = value;
  }
  const result = v.safeParse(EnvSchema, clean);
  if (!result.success) {
    const lines = result.issues.map((i) => {
      const key = String(i.path?.[0]?.key ?? 'environment');
      return `  ${key}=${JSON.stringify(clean[key] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid environment for the API server:\n${lines.join('\n')}`);
  }
  const e = result.output;
  const nodeEnv = e.NODE_ENV;
  const storefrontUrl = e.STOREFRONT_URL.replace(/\/+$/, '');
  const missing = missingInProduction(nodeEnv, e.PAYMENT_PROVIDER, (key) => (env[key] ?? '').trim() !== '');
  if (missing.length > 0) {
    throw new ConfigError(`Cannot start the API server:\n${missing.map((m) => `  ${m}`).join('\n')}`);
  }
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host: e.API_HOST,
    port: e.API_PORT,
    apiBaseUrl: e.API_BASE_URL.replace(/\/+$/, ''),
    storefrontUrl,
    storefrontOrigins: e.STOREFRONT_ORIGINS,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: e.BODY_LIMIT,
    rateLimit: { enabled: e.RATE_LIMIT, max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX, windowMs: 60_000, serverToken: e.SSR_API_TOKEN },
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    drainDelayMs: e.DRAIN_DELAY_MS ?? (nodeEnv === 'production' ? 5000 : nodeEnv === 'test' ? 0 : 200),
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    seed: e.SEED && nodeEnv !== 'production',
    productName: 'HostHub',
    paymentProvider: e.PAYMENT_PROVIDER,
    security: {
      // A fixed development key outside production only (missingInProduction refuses to start without one there).
      secretKey: e.SECURITY_SECRET_KEY ?? 'development-only-security-key-do-not-use-in-production',
      previousKeys: (e.SECURITY_SECRET_KEY_PREVIOUS ?? []).filter((k) => k !== e.SECURITY_SECRET_KEY),
      rpId: e.WEBAUTHN_RP_ID ?? new URL(storefrontUrl).hostname,
      origins: e.STOREFRONT_ORIGINS,
    },
    role: e.ROLE,
    jobs: e.JOBS ?? nodeEnv !== 'test',
    mailRetry: { limit: e.MAIL_RETRY_LIMIT, delaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
  };
}

/**
 * CONTRACT.md, 'Payment gateway in production': without a real gateway's keys the store refuses to start (the sandbox
 * would credit any payment for nothing) unless PAYMENT_PROVIDER=sandbox says so explicitly. Only presence is checked
 * here; commerce/config.ts parses the keys themselves.
 */
function missingInProduction(
  nodeEnv: Config['nodeEnv'],
  provider: Config['paymentProvider'],
  has: (key: string) => boolean,
): string[] {
  const out: string[] = [];
  if (provider === 'paystack' && !has('PAYSTACK_SECRET_KEY'))
    out.push('PAYSTACK_SECRET_KEY is required when PAYMENT_PROVIDER=paystack.');
  if (nodeEnv !== 'production') return out;
  // The default sender's domain is reserved (RFC 2606): real relays refuse it.
  if (!has('SECURITY_SECRET_KEY'))
    out.push('SECURITY_SECRET_KEY is required in production (32+ random characters: it encrypts TOTP secrets and keys recovery-code hashes).');
  if (!has('MAIL_FROM')) out.push('MAIL_FROM is required in production, e.g. MAIL_FROM="HostHub <billing@your-domain>".');
  if (provider === undefined && !has('PAYSTACK_SECRET_KEY'))
    out.push(
      'PAYSTACK_SECRET_KEY is required in production (no real payment gateway is configured). ' +
        'Set PAYMENT_PROVIDER=sandbox to run the sandbox gateway instead: it credits every payment for free.',
    );
  return out;
}
