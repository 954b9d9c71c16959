// With Coinbase Commerce's keys set, 'Pay with Crypto' goes to its hosted checkout (here a local double of its API on
// loopback that follows the documented shapes): POST /charges priced in our currency with our reference in metadata,
// GET /charges/:code for Verify, and webhooks signed with X-CC-Webhook-Signature (hex HMAC-SHA256 of the raw body with
// the webhook shared secret). Money moves only when the charge's timeline says COMPLETED with our amount.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { payments } from '../db/schema-commerce';
import { minorFromDecimal } from './coinbase-provider';
import { reconcilePendingPayments } from './reconcile';

const API_KEY = 'cc-api-key-0123456789';
const SECRET = 'cc-webhook-shared-secret';
let t: TestApp;
let server: Server;
interface FakeCharge {
  id: string;
  code: string;
  hosted_url: string;
  pricing: { local: { amount: string; currency: string } };
  metadata: { reference: string };
  timeline: { status: string; time: string }[];
  redirects: { success_url: string; cancel_url: string };
}
const charges = new Map<string, FakeCharge>();
const requests: { method: string; url: string; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers });
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-cc-api-key'] !== API_KEY) return send(401, { error: { type: 'authorization_error', message: 'No such API key.' } });
      if (req.method === 'POST' && req.url === '/charges') {
        const b = JSON.parse(raw) as { pricing_type: string; local_price: { amount: string; currency: string }; metadata: { reference: string }; redirect_url: string; cancel_url: string };
        if (b.pricing_type !== 'fixed_price' || !/^\d+\.\d{2}$/.test(b.local_price.amount))
          return send(400, { error: { type: 'invalid_request', message: 'Invalid local_price' } });
        const code = randomUUID().slice(0, 8).toUpperCase();
        const charge: FakeCharge = {
          id: randomUUID(),
          code,
          hosted_url: `https://commerce.coinbase.com/pay/${code}`,
          pricing: { local: b.local_price },
          metadata: b.metadata,
          timeline: [{ status: 'NEW', time: new Date().toISOString() }],
          redirects: { success_url: b.redirect_url, cancel_url: b.cancel_url },
        };
        charges.set(code, charge);
        return send(201, { data: charge, warnings: [] });
      }
      const code = /^\/charges\/([^/]+)$/.exec(req.url ?? '')?.[1];
      const charge = code ? charges.get(code) : undefined;
      if (req.method === 'GET' && charge) return send(200, { data: charge, warnings: [] });
      send(404, { error: { type: 'not_found', message: 'Not found' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await startTestApp({
    COINBASE_COMMERCE_API_KEY: API_KEY,
    COINBASE_COMMERCE_WEBHOOK_SECRET: SECRET,
    COINBASE_COMMERCE_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A webhook as Coinbase Commerce sends it: {id, scheduled_for, event: {id, type, api_version, created_at, data}}. */
function webhook(type: string, charge: FakeCharge, opts: { secret?: string; amount?: string } = {}) {
  const data = opts.amount ? { ...charge, pricing: { local: { ...charge.pricing.local, amount: opts.amount } } } : charge;
  const body = JSON.stringify({
    id: 1,
    scheduled_for: new Date().toISOString(),
    event: { id: randomUUID(), resource: 'event', type, api_version: '2018-03-22', created_at: new Date().toISOString(), data },
  });
  return {
    method: 'POST' as const,
    url: '/payment/webhook/coinbase/',
    headers: { 'content-type': 'application/json', 'x-cc-webhook-signature': createHmac('sha256', opts.secret ?? SECRET).update(body).digest('hex') },
    payload: body,
  };
}
const balance = async (auth: string) =>
  ((await t.inject({ url: '/payment/wallet-balance/', auth })).json() as { balance: number; currency: { code: string } }[]).find(
    (b) => b.currency.code === 'USD',
  )!.balance;
async function cryptoDeposit(auth: string, amount: number) {
  const res = await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth, payload: { amount, currency: 'USD', payment_kind: 'crypto_payment_gateway' } });
  expect([res.statusCode, res.body]).toEqual([200, expect.stringContaining('authorization_url')]);
  const { reference, authorization_url } = res.json().data as { reference: string; authorization_url: string };
  const [p] = await t.db.orm.select().from(payments).where(eq(payments.reference, reference));
  return { reference, authorization_url, charge: charges.get(p!.providerReference!)!, payment: p! };
}
const complete = (c: FakeCharge, status = 'COMPLETED') => c.timeline.push({ status, time: new Date().toISOString() });

test('a crypto deposit opens a Coinbase Commerce charge priced in our currency, carrying our reference', async () => {
  const u = await t.user();
  const { reference, authorization_url, charge, payment } = await cryptoDeposit(u.auth, 25);
  expect(payment).toMatchObject({ provider: 'coinbase', paymentKind: 'crypto_payment_gateway', providerReference: charge.code });
  expect(authorization_url).toBe(charge.hosted_url);
  expect(charge.pricing.local).toEqual({ amount: '25.00', currency: 'USD' });
  expect(charge.metadata.reference).toBe(reference);
  expect(charge.redirects.success_url).toBe(`http://localhost:8000/payment/return/coinbase/${reference}`);
  expect(requests.at(-1)!.headers).toMatchObject({ 'x-cc-api-key': API_KEY, 'x-cc-version': '2018-03-22' });
  expect((await t.inject({ url: '/payment/methods/' })).json()).toContainEqual({ value: 'crypto_payment_gateway', label: 'Pay with Crypto', currencies: ['USD'] });
});

test('signed webhooks: a bad or forged signature is 401; charge:confirmed credits only once Verify says COMPLETED', async () => {
  const u = await t.user();
  const { charge } = await cryptoDeposit(u.auth, 40);
  expect((await t.inject(webhook('charge:confirmed', charge, { secret: 'another-secret' }))).statusCode).toBe(401);
  const forged = webhook('charge:confirmed', charge);
  expect((await t.inject({ ...forged, payload: forged.payload.replace('40.00', '4000.00') })).statusCode).toBe(401);
  // Signed, but the charge is only PENDING (seen on chain, not final): not credited, 503 so Coinbase retries.
  complete(charge, 'PENDING');
  expect((await t.inject(webhook('charge:confirmed', charge))).statusCode).toBe(503);
  expect(await balance(u.auth)).toBe(0);
  complete(charge);
  expect((await t.inject(webhook('charge:confirmed', charge))).json()).toEqual({ status: 'credited' });
  expect((await t.inject(webhook('charge:confirmed', charge))).json()).toEqual({ status: 'duplicate' });
  expect(await balance(u.auth)).toBe(40);
  // Events we do not act on are acknowledged.
  expect((await t.inject(webhook('charge:created', charge))).json()).toEqual({ status: 'ignored' });
});

test('amount mismatch: an event that disagrees with the charge is 503; a charge for another amount than ours is declined', async () => {
  const u = await t.user();
  const { charge, reference } = await cryptoDeposit(u.auth, 50);
  complete(charge);
  // The event claims more than the charge at Coinbase says.
  expect((await t.inject(webhook('charge:confirmed', charge, { amount: '500.00' }))).statusCode).toBe(503);
  // The charge itself (Verify) is for 5.00, not our 50.00: never credited, the payment fails with the reason.
  charge.pricing.local.amount = '5.00';
  expect((await t.inject(webhook('charge:confirmed', charge))).json()).toEqual({ status: 'amount mismatch' });
  const [p] = await t.db.orm.select().from(payments).where(eq(payments.reference, reference));
  expect(p).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('expected') });
  expect(await balance(u.auth)).toBe(0);
});

test('charge:failed declines once Verify says EXPIRED; a missing webhook is reconciled', async () => {
  const u = await t.user();
  const failed = await cryptoDeposit(u.auth, 10);
  complete(failed.charge, 'EXPIRED');
  expect((await t.inject(webhook('charge:failed', failed.charge))).json()).toEqual({ status: 'declined' });
  const missed = await cryptoDeposit(u.auth, 12);
  complete(missed.charge);
  const r = await reconcilePendingPayments(t.app, { now: t.clock.now() });
  expect(r.settled).toBeGreaterThanOrEqual(1);
  expect(await balance(u.auth)).toBe(12);
});

test('a currency the crypto gateway is not configured for is refused with a 400 before anything starts', async () => {
  const u = await t.user();
  const before = requests.length;
  const res = await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount: 1000, currency: 'NGN', payment_kind: 'crypto_payment_gateway' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ currency: ['Pay with Crypto does not accept NGN in this store: choose USD, or another payment method.'] });
  expect(requests.length).toBe(before);
});

test('decimal amounts read exactly', () => {
  expect(minorFromDecimal('12.50')).toBe(1250);
  expect(minorFromDecimal('12.5')).toBe(1250);
  expect(minorFromDecimal('12')).toBe(1200);
  expect(minorFromDecimal('0.07')).toBe(7);
  for (const bad of ['12.505', '-1.00', '1e3', '', null, 'abc']) expect(minorFromDecimal(bad)).toBeNull();
});
