// With PAYSTACK_SECRET_KEY set, fiat payments go to Paystack (here a local double of its API that follows the
// documented shapes): initialize for the payment page, then a webhook signed with the secret key, which settles only
// when Verify says `success` with our amount and currency. The customer's return through callback_url verifies too,
// and reconcilePendingPayments settles or expires what no webhook settled.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { invoices, payments } from '../db/schema-commerce';
import { RECONCILE_BACKOFF_MS, reconcilePendingPayments } from './reconcile';
import { signBody } from './signature';

const KEY = 'sk_test_commerce0123456789';
let t: TestApp;
let server: Server;
/** reference -> what the double's verify says */
const verdicts = new Map<string, { status: string; amount: number; currency: string }>();
const initialized: Record<string, unknown>[] = [];
const verified: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${KEY}`)
        return send(401, { status: false, message: 'Invalid key' });
      if (req.url === '/transaction/initialize') {
        const b = JSON.parse(raw) as { reference: string; currency: string };
        // Paystack's own rules: its reference alphabet, and the account's currencies (this one has NGN and USD).
        if (!/^[A-Za-z0-9.=-]+$/.test(b.reference)) return send(400, { status: false, message: 'Invalid transaction reference' });
        if (!['NGN', 'USD'].includes(b.currency)) return send(403, { status: false, message: 'Currency not supported by merchant' });
        initialized.push(b);
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${b.reference}`, access_code: 'x', reference: b.reference },
        });
      }
      const ref = decodeURIComponent(req.url?.split('/transaction/verify/')[1] ?? '');
      verified.push(ref);
      const v = verdicts.get(ref);
      if (!v) return send(400, { status: false, message: 'Transaction reference not found' });
      send(200, { status: true, message: 'Verification successful', data: { reference: ref, domain: 'test', ...v } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await startTestApp({
    PAYSTACK_SECRET_KEY: KEY,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PAYSTACK_CURRENCIES: 'NGN,USD',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const signed = (body: string, key = KEY) => ({
  method: 'POST' as const,
  url: '/payment/webhook/paystack/',
  headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(key, body) },
  payload: body,
});
const chargeSuccess = (reference: string, amount: number, currency = 'NGN') =>
  JSON.stringify({ event: 'charge.success', data: { reference, amount, currency, status: 'success' } });
const balance = async (auth: string, code = 'NGN') =>
  (
    (await t.inject({ url: '/payment/wallet-balance/', auth })).json() as {
      balance: number;
      currency: { code: string };
    }[]
  ).find((b) => b.currency.code === code)!.balance;
async function deposit(auth: string, amount: number, currency = 'NGN') {
  const res = await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth, payload: { amount, currency } });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { reference: string }).reference;
}
const row = async (reference: string) => (await t.db.orm.select().from(payments).where(eq(payments.reference, reference)))[0]!;

test('a deposit is initialized at Paystack in kobo and settled by its signed webhook once Verify says success', async () => {
  const u = await t.user();
  const res = await t.inject({
    method: 'POST',
    url: '/payment/deposit/initiate-payment/',
    auth: u.auth,
    payload: { amount: 2500, currency: 'NGN' },
  });
  expect(res.statusCode).toBe(200);
  const { authorization_url, reference } = res.json().data as { authorization_url: string; reference: string };
  expect(reference).toMatch(/^dep-[0-9a-f]{24}$/);
  expect(authorization_url).toBe(`https://checkout.paystack.com/${reference}`);
  expect(initialized.at(-1)).toMatchObject({
    amount: '250000',
    currency: 'NGN',
    email: u.email,
    // Back through the API, which verifies before sending the browser on to the storefront.
    callback_url: `http://localhost:8000/payment/return/paystack/${reference}`,
  });

  const body = chargeSuccess(reference, 250000);
  // Signed with the wrong key: refused.
  expect((await t.inject(signed(body, 'sk_test_wrongwrongwrong'))).statusCode).toBe(401);
  // Verify says it is not paid (abandoned, pending, ongoing, reversed): nothing credited, and a 5xx so Paystack retries.
  for (const status of ['abandoned', 'pending', 'ongoing', 'reversed']) {
    verdicts.set(reference, { status, amount: 250000, currency: 'NGN' });
    const r = await t.inject(signed(body));
    expect([status, r.statusCode]).toEqual([status, 503]);
    expect(r.json()).toEqual({ detail: 'The gateway does not confirm this payment (yet); nothing was credited. Please retry.' });
  }
  // Verify says success but for another amount or currency than the event: also a 5xx.
  verdicts.set(reference, { status: 'success', amount: 100, currency: 'NGN' });
  expect((await t.inject(signed(body))).statusCode).toBe(503);
  verdicts.set(reference, { status: 'success', amount: 250000, currency: 'USD' });
  expect((await t.inject(signed(body))).statusCode).toBe(503);
  expect(await balance(u.auth)).toBe(0);
  expect((await row(reference)).status).toBe('pending');
  // Verified: credited once.
  verdicts.set(reference, { status: 'success', amount: 250000, currency: 'NGN' });
  expect((await t.inject(signed(body))).json()).toEqual({ status: 'credited' });
  expect((await t.inject(signed(body))).json()).toEqual({ status: 'duplicate' });
  expect(await balance(u.auth)).toBe(2500);
});

test('an unreachable Verify answers 502 so Paystack retries; nothing credited', async () => {
  const u = await t.user();
  const reference = await deposit(u.auth, 100);
  // The double answers 400 'reference not found' for a reference it has no verdict for.
  const r = await t.inject(signed(chargeSuccess(reference, 10000)));
  expect(r.statusCode).toBe(502);
  expect(await balance(u.auth)).toBe(0);
});

test("a payment below Paystack's smallest charge is refused before anything starts, saying the smallest", async () => {
  const u = await t.user();
  const before = initialized.length;
  for (const [amount, currency, least] of [[1, 'NGN', 'NGN 50.00'], [1, 'USD', 'USD 2.00']] as const) {
    const res = await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount, currency } });
    expect([res.statusCode, res.json()]).toEqual([400, { amount: [`Pay with Fiat takes payments of at least ${least}: deposit more, or choose another payment method.`] }]);
  }
  expect(initialized.length).toBe(before);
  expect((await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount: 50, currency: 'NGN' } })).statusCode).toBe(200);
});

test('a currency the Paystack account does not accept is refused before anything starts (400, not 502)', async () => {
  const only = await startTestApp({ PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: 'http://127.0.0.1:1' });
  try {
    const u = await only.user();
    const before = initialized.length;
    const res = await only.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount: 10, currency: 'USD' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ currency: ['Pay with Fiat does not accept USD in this store: choose NGN, or another payment method.'] });
    const checkout = await only.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'fiat_payment_gateway', currency: 'USD' } });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({ currency: ['Pay with Fiat does not accept USD in this store: choose NGN, or another payment method.'] });
    expect(initialized.length).toBe(before);
    expect((await only.inject({ url: '/payment/methods/' })).json()).toContainEqual({ value: 'fiat_payment_gateway', label: 'Pay with Fiat', currencies: ['NGN'] });
    // The gateway cannot be reached: a 502 in the one error shape, {detail}.
    const down = await only.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount: 100, currency: 'NGN' } });
    expect(down.statusCode).toBe(502);
    expect(Object.keys(down.json())).toEqual(['detail']);
  } finally {
    await only.close();
  }
}, 60_000);

test('the customer coming back through callback_url gets the payment verified and settled, webhook or not', async () => {
  const u = await t.user();
  const reference = await deposit(u.auth, 700);
  verdicts.set(reference, { status: 'ongoing', amount: 70000, currency: 'NGN' });
  // Paystack appends ?trxref=&reference= to the callback URL.
  const early = await t.inject({ url: `/payment/return/paystack/${reference}?trxref=${reference}&reference=${reference}` });
  expect(early.statusCode).toBe(303);
  expect(early.headers.location).toBe(`http://localhost:3000/dashboard?reference=${reference}`);
  expect(await balance(u.auth)).toBe(0);
  verdicts.set(reference, { status: 'success', amount: 70000, currency: 'NGN' });
  const back = await t.inject({ url: `/payment/return/paystack/${reference}?trxref=${reference}&reference=${reference}` });
  expect(back.statusCode).toBe(303);
  expect(await balance(u.auth)).toBe(700);
  // The webhook arriving afterwards changes nothing.
  expect((await t.inject(signed(chargeSuccess(reference, 70000)))).json()).toEqual({ status: 'duplicate' });
  expect(await balance(u.auth)).toBe(700);
  // A return for nobody's payment just goes to the storefront.
  const stranger = await t.inject({ url: '/payment/return/paystack/dep-000000000000000000000000' });
  expect([stranger.statusCode, stranger.headers.location]).toEqual([303, 'http://localhost:3000/dashboard']);
  expect((await t.inject({ url: `/payment/return/sandbox/${reference}` })).statusCode).toBe(404);
});

describe('reconcilePendingPayments', () => {
  it('a missing webhook reconciled: Verify says success, the deposit is credited', async () => {
    const u = await t.user();
    const reference = await deposit(u.auth, 1200);
    verdicts.set(reference, { status: 'success', amount: 120000, currency: 'NGN' });
    const now = t.clock.now();
    const r = await reconcilePendingPayments(t.app, { now });
    expect(r.settled).toBeGreaterThanOrEqual(1);
    expect(await balance(u.auth)).toBe(1200);
    expect(await row(reference)).toMatchObject({ status: 'success' });
    // Settled once: the next pass does not see it.
    const calls = verified.filter((v) => v === reference).length;
    await reconcilePendingPayments(t.app, { now });
    expect(verified.filter((v) => v === reference).length).toBe(calls);
    expect(await balance(u.auth)).toBe(1200);
  });

  it('asks again with backoff while Verify is not final, stored in the row; reversed and failed never credit', async () => {
    const u = await t.user();
    const open = await deposit(u.auth, 300);
    const reversed = await deposit(u.auth, 400);
    verdicts.set(open, { status: 'abandoned', amount: 30000, currency: 'NGN' });
    verdicts.set(reversed, { status: 'reversed', amount: 40000, currency: 'NGN' });
    const start = t.clock.now();
    await reconcilePendingPayments(t.app, { now: start });
    expect(await row(reversed)).toMatchObject({ status: 'failed', failureReason: 'declined' });
    expect(await row(open)).toMatchObject({ status: 'pending', verifyAttempts: 1, nextVerifyAt: new Date(start.getTime() + RECONCILE_BACKOFF_MS[0]!) });
    // Not due yet: not asked.
    const asked = () => verified.filter((v) => v === open).length;
    const before = asked();
    await reconcilePendingPayments(t.app, { now: new Date(start.getTime() + 60_000) });
    expect(asked()).toBe(before);
    // Due: asked again, the next wait is longer.
    const later = new Date(start.getTime() + RECONCILE_BACKOFF_MS[0]!);
    await reconcilePendingPayments(t.app, { now: later });
    expect(asked()).toBe(before + 1);
    expect(await row(open)).toMatchObject({ verifyAttempts: 2, nextVerifyAt: new Date(later.getTime() + RECONCILE_BACKOFF_MS[1]!) });
    expect(await balance(u.auth)).toBe(0);
  });

  it('expires what is not confirmed within 72 hours; a success reported later still reaches the customer', async () => {
    const u = await t.user();
    const reference = await deposit(u.auth, 900);
    verdicts.set(reference, { status: 'abandoned', amount: 90000, currency: 'NGN' });
    const created = (await row(reference)).createdAt;
    const r = await reconcilePendingPayments(t.app, { now: new Date(created.getTime() + 73 * 3600_000) });
    expect(r.expired).toBeGreaterThanOrEqual(1);
    expect(await row(reference)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/^expired: not confirmed by the gateway within 72 hours/) });
    verdicts.set(reference, { status: 'success', amount: 90000, currency: 'NGN' });
    expect((await t.inject(signed(chargeSuccess(reference, 90000)))).json()).toEqual({ status: 'credited' });
    expect(await balance(u.auth)).toBe(900);
  });

  it('an amount that is not ours is declined, not credited', async () => {
    const u = await t.user();
    const reference = await deposit(u.auth, 500);
    verdicts.set(reference, { status: 'success', amount: 100, currency: 'NGN' });
    const r = await reconcilePendingPayments(t.app, { now: t.clock.now() });
    expect(r.declined).toBeGreaterThanOrEqual(1);
    expect(await row(reference)).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('expected') });
    expect(await balance(u.auth)).toBe(0);
  });

  it('a failed checkout payment cancels its invoice', async () => {
    const u = await t.user();
    await t.inject({
      method: 'POST',
      url: '/api/cart/',
      auth: u.auth,
      payload: { service_id: 1, product_id: 1, metadata: { domain_name: `reconcile${Date.now()}.com` } },
    });
    const res = await t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'fiat_payment_gateway', currency: 'NGN' } });
    expect([res.statusCode, res.body]).toEqual([200, expect.stringContaining('authorization_url')]);
    const { reference, invoice_id } = res.json().data as { reference: string; invoice_id: number };
    expect(initialized.at(-1)).toMatchObject({ callback_url: `http://localhost:8000/payment/return/paystack/${reference}` });
    const p = await row(reference);
    verdicts.set(reference, { status: 'failed', amount: p.amountMinor, currency: 'NGN' });
    await reconcilePendingPayments(t.app, { now: t.clock.now() });
    expect(await row(reference)).toMatchObject({ status: 'failed' });
    const [inv] = await t.db.orm.select().from(invoices).where(eq(invoices.id, invoice_id));
    expect(inv!.status).toBe('Cancelled');
    // The gateway later reports the charge paid after all (a crypto payment that arrived after its charge expired):
    // the money is the customer's, credited to the wallet (it was kept, answered 'duplicate', and credited to no one).
    verdicts.set(reference, { status: 'success', amount: p.amountMinor, currency: 'NGN' });
    expect((await t.inject(signed(chargeSuccess(reference, p.amountMinor)))).json()).toEqual({ status: 'credited' });
    expect(await balance(u.auth)).toBe(p.amountMinor / 100);
    expect((await t.inject(signed(chargeSuccess(reference, p.amountMinor)))).json()).toEqual({ status: 'duplicate' });
    expect(await balance(u.auth)).toBe(p.amountMinor / 100);
  });
});

test('webhooks, returns and a reconciliation pass racing for one payment credit it once', async () => {
  const u = await t.user();
  const reference = await deposit(u.auth, 3300);
  verdicts.set(reference, { status: 'success', amount: 330000, currency: 'NGN' });
  const body = chargeSuccess(reference, 330000);
  const results = await Promise.all([
    t.inject(signed(body)),
    t.inject(signed(body)),
    t.inject(signed(body)),
    t.inject({ url: `/payment/return/paystack/${reference}` }),
    t.inject({ url: `/payment/return/paystack/${reference}` }),
    reconcilePendingPayments(t.app, { now: t.clock.now() }),
  ]);
  const statuses = results.slice(0, 3).map((r) => (r as { json(): { status: string } }).json().status);
  expect(statuses.filter((s) => s === 'credited').length).toBeLessThanOrEqual(1);
  expect(await balance(u.auth)).toBe(3300);
  const entries = await t.db.orm.select().from(payments).where(eq(payments.reference, reference));
  expect(entries[0]!.status).toBe('success');
});

test('the sandbox page does not serve Paystack payments', async () => {
  const u = await t.user();
  const reference = await deposit(u.auth, 100);
  expect((await t.inject({ url: `/sandbox/pay/${reference}` })).statusCode).toBe(404);
  await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` });
  expect(
    (
      (await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).json() as { balance: number }[]
    ).every((b) => b.balance === 0),
  ).toBe(true);
});
