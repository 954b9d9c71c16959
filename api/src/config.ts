// Environment, parsed once at start-up. Anything wrong stops the process with one clear message.
import path from 'node:path';
import * as v from 'valibot';

/** The repository root (api/src/.. /..): the default data folder lives there, as CONTRACT.md says (`./.data/`). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const API_ROOT = path.resolve(__dirname, '..');

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
  TRUST_PROXY: v.optional(bool('TRUST_PROXY'), 'false'),
  SEED: v.optional(bool('SEED'), 'true'),
  PAYMENT_PROVIDER: v.optional(
    v.picklist(['sandbox', 'paystack'], 'PAYMENT_PROVIDER must be sandbox or paystack (unset: paystack when its key is set)'),
  ),
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
  rateLimit: { enabled: boolean; max: number; authMax: number; windowMs: number };
  trustProxy: boolean;
  /** Seed the database on first start (never in production, whatever this says). */
  seed: boolean;
  productName: string;
  /**
   * PAYMENT_PROVIDER as given (unset: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox outside production).
   * In production the sandbox (free money) runs only when this says `sandbox` explicitly.
   */
  paymentProvider?: 'sandbox' | 'paystack';
}

export class ConfigError extends Error {}

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
    storefrontUrl: e.STOREFRONT_URL.replace(/\/+$/, ''),
    storefrontOrigins: e.STOREFRONT_ORIGINS,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: e.BODY_LIMIT,
    rateLimit: { enabled: e.RATE_LIMIT, max: e.RATE_LIMIT_MAX, authMax: e.AUTH_RATE_LIMIT_MAX, windowMs: 60_000 },
    trustProxy: e.TRUST_PROXY,
    seed: e.SEED && nodeEnv !== 'production',
    productName: 'HostHub',
    paymentProvider: e.PAYMENT_PROVIDER,
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
  if (!has('MAIL_FROM')) out.push('MAIL_FROM is required in production, e.g. MAIL_FROM="HostHub <billing@your-domain>".');
  if (provider === undefined && !has('PAYSTACK_SECRET_KEY'))
    out.push(
      'PAYSTACK_SECRET_KEY is required in production (no real payment gateway is configured). ' +
        'Set PAYMENT_PROVIDER=sandbox to run the sandbox gateway instead: it credits every payment for free.',
    );
  return out;
}
