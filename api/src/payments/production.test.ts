// CONTRACT.md 'Payment gateway in production' and issue 22.1: no free money in production. Without a real gateway's
// keys the server refuses to start; the sandbox (pages, approve/decline, its webhook) exists there only with
// PAYMENT_PROVIDER=sandbox, which logs a warning at every start; crypto is offered only when a real crypto provider is
// configured (hidden from GET /payment/methods/, refused with a 400 by every call that starts a payment).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { API_ROOT, ConfigError, loadConfig } from '../config';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

/** A production app on the test database; `processEnv` is what the commerce plugin reads (gateway keys). */
async function productionApp(env: Record<string, string>, processEnv: Record<string, string> = {}) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: t.base.config.dataDir,
    RATE_LIMIT: 'false',
    MAIL_FROM: 'HostHub <billing@hosthub.ng>',
    ...(t.base.databaseUrl ? { DATABASE_URL: t.base.databaseUrl } : {}),
    ...env,
  });
  const saved = { ...process.env };
  Object.assign(process.env, processEnv);
  let app: FastifyInstance;
  try {
    app = await buildApp({ db: t.db, config, clock: t.clock, loggerInstance: pino({ level: 'warn' }, sink) });
    await app.ready();
  } finally {
    for (const k of Object.keys(processEnv)) if (saved[k] === undefined) delete process.env[k];
  }
  return { app, logs: lines };
}

describe('starting in production', () => {
  it('refuses without gateway keys, naming the missing variable and the explicit sandbox switch', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'a@hosthub.ng' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'a@hosthub.ng' })).toThrow(
      /PAYSTACK_SECRET_KEY is required in production.*PAYMENT_PROVIDER=sandbox/s,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY is required when PAYMENT_PROVIDER=paystack/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'a@hosthub.ng', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', MAIL_FROM: 'a@hosthub.ng', PAYSTACK_SECRET_KEY: 'sk_live_abc' }).isProduction).toBe(true);
    // The default sender's domain is reserved: production needs MAIL_FROM.
    expect(() => loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_abc' })).toThrow(/MAIL_FROM is required in production/);
    // Development and tests keep the sandbox as the default.
    expect(loadConfig({}).paymentProvider).toBeUndefined();
  });

  it('the server process exits with the message before opening anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-prod-'));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, API_PORT: '0' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', 'server.ts')], {
      cwd: API_ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PAYSTACK_SECRET_KEY is required in production');
    expect(run.stderr).toContain('MAIL_FROM');
  }, 60_000);
});

describe('production with PAYMENT_PROVIDER=sandbox', () => {
  let app: FastifyInstance;
  let logs: string[];
  beforeAll(async () => {
    ({ app, logs } = await productionApp({ PAYMENT_PROVIDER: 'sandbox' }));
  });
  afterAll(() => app.close());

  it('warns at start that payments are free', () => {
    const warning = logs.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => /PAYMENT_PROVIDER=sandbox in production/.test(l.msg));
    expect(warning?.level).toBe(40);
  });

  it('runs the sandbox for fiat but offers no crypto, and refuses it with a clear 400', async () => {
    expect((await app.inject({ url: '/payment/methods/' })).json()).toEqual([
      { value: 'wallet', label: 'Wallet', currencies: null },
      { value: 'fiat_payment_gateway', label: 'Pay with Fiat', currencies: null },
    ]);
    const u = await t.user();
    const crypto = await app.inject({
      method: 'POST',
      url: '/payment/deposit/initiate-payment/',
      headers: { authorization: u.auth },
      payload: { amount: 50, currency: 'USD', payment_kind: 'crypto_payment_gateway' },
    });
    expect(crypto.statusCode).toBe(400);
    expect(crypto.json()).toEqual({ payment_kind: ['Pay with Crypto is not available in this store. Choose another payment method.'] });
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout/',
      headers: { authorization: u.auth },
      payload: { payment_kind: 'crypto_payment_gateway', currency: 'USD' },
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({ payment_kind: ['Pay with Crypto is not available in this store. Choose another payment method.'] });
    const fiat = await app.inject({
      method: 'POST',
      url: '/payment/deposit/initiate-payment/',
      headers: { authorization: u.auth },
      payload: { amount: 50, currency: 'USD' },
    });
    expect(fiat.statusCode).toBe(200);
    expect((await app.inject({ url: new URL(fiat.json().data.authorization_url as string).pathname })).statusCode).toBe(200);
  });
});

describe('production with Paystack keys', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await productionApp({ PAYSTACK_SECRET_KEY: 'sk_live_production0123' }, { PAYSTACK_SECRET_KEY: 'sk_live_production0123' }));
  });
  afterAll(() => app.close());

  it('has no sandbox at all: pages, approve, decline and the sandbox webhook are 404', async () => {
    const u = await t.user();
    // A payment made by the development app on the same database: the production app must not settle it.
    const dep = await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount: 50, currency: 'USD' } });
    const { reference } = dep.json().data as { reference: string };
    for (const [method, url] of [
      ['GET', `/sandbox/pay/${reference}`],
      ['POST', `/sandbox/pay/${reference}/approve`],
      ['POST', `/sandbox/pay/${reference}/decline`],
      ['POST', '/payment/webhook/sandbox/'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const balances = (await app.inject({ url: '/payment/wallet-balance/', headers: { authorization: u.auth } })).json() as { balance: number }[];
    expect(balances.every((b) => b.balance === 0)).toBe(true);
  });

  it('offers wallet and fiat (Paystack, in the currencies of PAYSTACK_CURRENCIES: NGN by default) only', async () => {
    expect((await app.inject({ url: '/payment/methods/' })).json()).toEqual([
      { value: 'wallet', label: 'Wallet', currencies: null },
      { value: 'fiat_payment_gateway', label: 'Pay with Fiat', currencies: ['NGN'] },
    ]);
  });
});

test('production with a real crypto gateway (Coinbase Commerce keys) offers crypto', async () => {
  const keys = { COINBASE_COMMERCE_API_KEY: 'cc-live-key-0123', COINBASE_COMMERCE_WEBHOOK_SECRET: 'cc-live-secret-0123' };
  const { app } = await productionApp({ PAYSTACK_SECRET_KEY: 'sk_live_production0123' }, { PAYSTACK_SECRET_KEY: 'sk_live_production0123', ...keys });
  try {
    expect((await app.inject({ url: '/payment/methods/' })).json()).toContainEqual({
      value: 'crypto_payment_gateway',
      label: 'Pay with Crypto',
      currencies: ['USD'],
    });
  } finally {
    await app.close();
  }
});

test('outside production every method is offered (the sandbox stands in)', async () => {
  expect((await t.inject({ url: '/payment/methods/' })).json()).toEqual([
    { value: 'wallet', label: 'Wallet', currencies: null },
    { value: 'fiat_payment_gateway', label: 'Pay with Fiat', currencies: null },
    { value: 'crypto_payment_gateway', label: 'Pay with Crypto', currencies: null },
  ]);
});
