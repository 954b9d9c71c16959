// Deposits, the signed webhook (forged, replayed, mismatched), the sandbox's approve/decline, and the wallet ledger.
import { eq } from 'drizzle-orm';
import { payments, paymentEvents, walletEntries } from '../db/schema-commerce';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { signBody } from './signature';
import { credit } from './wallet';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-for-tests-0123456789' });
}, 120_000);
afterAll(() => t?.close());

const SECRET = 'sandbox-secret-for-tests-0123456789';

async function deposit(auth: string, amount: unknown = 5000, currency: unknown = 'NGN') {
  return t.inject({
    method: 'POST',
    url: '/payment/deposit/initiate-payment/',
    auth,
    payload: { amount, currency },
  });
}
const balanceOf = async (auth: string, code = 'NGN') =>
  (
    (await t.inject({ url: '/payment/wallet-balance/', auth })).json() as {
      balance: number;
      currency: { code: string };
    }[]
  ).find((b) => b.currency.code === code)!.balance;

function webhook(event: string, reference: string, amount: number, currency: string, secret = SECRET) {
  const body = JSON.stringify({ event, data: { reference, amount, currency, status: 'success' } });
  return t.inject({
    method: 'POST',
    url: '/payment/webhook/sandbox/',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(secret, body) },
    payload: body,
  });
}

test('currencies are public; the wallet balance needs a session and lists every currency', async () => {
  expect((await t.inject({ url: '/payment/currencies/' })).json()).toEqual([
    { code: 'USD', name: 'US Dollar' },
    { code: 'NGN', name: 'Nigerian Naira' },
  ]);
  expect((await t.inject({ url: '/payment/wallet-balance/' })).statusCode).toBe(401);
  const u = await t.user();
  expect((await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).json()).toEqual([
    { balance: 0, currency: { code: 'USD', name: 'US Dollar' } },
    { balance: 0, currency: { code: 'NGN', name: 'Nigerian Naira' } },
  ]);
});

test.each([
  [-5, 'NGN', { amount: ['Enter an amount of at least 1.'] }],
  [0, 'NGN', { amount: ['Enter an amount of at least 1.'] }],
  [10.5, 'NGN', { amount: ['Enter a whole amount, without decimals.'] }],
  ['12.25', 'USD', { amount: ['Enter a whole amount, without decimals.'] }],
  ['lots', 'USD', { amount: ['Enter a whole amount, such as 20000.'] }],
  [null, 'USD', { amount: ['This field is required.'] }],
  [10_000_001, 'NGN', { amount: ['The most you can deposit at once is NGN 10,000,000.00.'] }],
  [10_001, 'USD', { amount: ['The most you can deposit at once is USD 10,000.00.'] }],
  [100, 'EUR', { currency: ['We do not sell in "EUR". Choose one of USD, NGN.'] }],
])(
  'a deposit of %p %p is refused with a clear message and no payment row',
  async (amount, currency, body) => {
    const u = await t.user();
    const res = await deposit(u.auth, amount, currency);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
    expect(await t.db.orm.select().from(payments).where(eq(payments.userId, u.id))).toHaveLength(0);
  },
);

test('a deposit needs a session', async () => {
  expect(
    (
      await t.inject({
        method: 'POST',
        url: '/payment/deposit/initiate-payment/',
        payload: { amount: 5, currency: 'USD' },
      })
    ).statusCode,
  ).toBe(401);
});

test('a forged webhook credits nothing; a replayed one credits once', async () => {
  const u = await t.user();
  const res = await deposit(u.auth, 5000, 'NGN');
  expect(res.json()).toMatchObject({
    message: expect.any(String),
    data: { authorization_url: expect.stringMatching(/\/sandbox\/pay\/dep-[0-9a-f]{24}$/) },
  });
  const { reference } = res.json().data as { reference: string };

  // Wrong key, missing header, body changed after signing: all refused, nothing credited.
  expect(
    (await webhook('charge.success', reference, 500000, 'NGN', 'some-other-secret-0123456789')).statusCode,
  ).toBe(401);
  const unsigned = await t.inject({
    method: 'POST',
    url: '/payment/webhook/sandbox/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      event: 'charge.success',
      data: { reference, amount: 500000, currency: 'NGN' },
    }),
  });
  expect(unsigned.statusCode).toBe(401);
  const body = JSON.stringify({
    event: 'charge.success',
    data: { reference, amount: 500000, currency: 'NGN' },
  });
  const tampered = await t.inject({
    method: 'POST',
    url: '/payment/webhook/sandbox/',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(SECRET, body) },
    payload: body.replace('500000', '9900000'),
  });
  expect(tampered.statusCode).toBe(401);
  expect(await balanceOf(u.auth)).toBe(0);

  // The genuine event credits once; the same event again (a replay) changes nothing.
  const ok = await webhook('charge.success', reference, 500000, 'NGN');
  expect(ok.json()).toEqual({ status: 'credited' });
  const replay = await webhook('charge.success', reference, 500000, 'NGN');
  expect(replay.json()).toEqual({ status: 'duplicate' });
  expect(await balanceOf(u.auth)).toBe(5000);
  const entries = await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, u.id));
  expect(entries).toHaveLength(1);
  const audit = await t.db.orm.select().from(paymentEvents).where(eq(paymentEvents.reference, reference));
  expect(audit.map((e) => [e.signatureOk, e.outcome])).toEqual([
    [false, 'rejected: bad signature'],
    [false, 'rejected: bad signature'],
    [false, 'rejected: bad signature'],
    [true, 'credited'],
    [true, 'duplicate'],
  ]);
});

test('the same signed event delivered five times at once credits once', async () => {
  const u = await t.user();
  const { reference } = (await deposit(u.auth, 1234, 'NGN')).json().data as { reference: string };
  const results = await Promise.all(
    Array.from({ length: 5 }, () => webhook('charge.success', reference, 123400, 'NGN')),
  );
  expect(results.map((r) => r.json().status).sort()).toEqual([
    'credited',
    'duplicate',
    'duplicate',
    'duplicate',
    'duplicate',
  ]);
  expect(await balanceOf(u.auth)).toBe(1234);
  expect(await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, u.id))).toHaveLength(1);
});

test('approving one deposit five times at once (double clicks, two tabs) credits once', async () => {
  const u = await t.user();
  const { reference } = (await deposit(u.auth, 321, 'USD')).json().data as { reference: string };
  const results = await Promise.all(
    Array.from({ length: 5 }, () => t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` })),
  );
  expect(results.every((r) => r.statusCode === 303 || r.statusCode === 409)).toBe(true);
  expect(await balanceOf(u.auth, 'USD')).toBe(321);
  expect(await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, u.id))).toHaveLength(1);
});

test('Approve and Decline pressed at once (two tabs): the sandbox decides once, and says so to the other', async () => {
  for (const first of ['approve', 'decline'] as const) {
    const u = await t.user();
    const { reference } = (await deposit(u.auth, 55, 'USD')).json().data as { reference: string };
    const other = first === 'approve' ? 'decline' : 'approve';
    const results = await Promise.all([first, other, first, other].map((action) => t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/${action}` })));
    const sent = results.filter((r) => r.statusCode === 303);
    expect(sent).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    const [p] = await t.db.orm.select().from(payments).where(eq(payments.reference, reference));
    const approved = p!.status === 'success';
    expect(p!.status).toBe(approved ? 'success' : 'failed');
    // Every refusal names the one decision made, and the money follows it.
    for (const r of refused) expect(r.body).toContain(`This payment is no longer pending: it was already ${approved ? 'approved' : 'declined'}.`);
    expect(await balanceOf(u.auth, 'USD')).toBe(approved ? 55 : 0);
  }
});

test('a sandbox decision whose webhook the store refused is not kept: the payment stays pending and can be decided again', async () => {
  const u = await t.user();
  const { reference } = (await deposit(u.auth, 33, 'USD')).json().data as { reference: string };
  const sandbox = t.app.commerce.providers.sandbox!;
  const real = sandbox.webhookFor.bind(sandbox);
  const spy = jest.spyOn(sandbox, 'webhookFor').mockImplementationOnce((event) => ({ ...real(event), signature: 'not-the-signature' }));
  try {
    expect((await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` })).statusCode).toBe(303);
    expect(await balanceOf(u.auth, 'USD')).toBe(0);
    expect((await t.inject({ url: `/sandbox/pay/${reference}` })).body).toContain('Approve payment');
    expect((await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` })).statusCode).toBe(303);
    expect(await balanceOf(u.auth, 'USD')).toBe(33);
  } finally {
    spy.mockRestore();
  }
});

test('an event for another amount or currency credits nothing', async () => {
  const u = await t.user();
  const { reference } = (await deposit(u.auth, 70, 'USD')).json().data as { reference: string };
  expect((await webhook('charge.success', reference, 7000, 'NGN')).json()).toEqual({
    status: 'amount mismatch',
  });
  expect((await webhook('charge.success', reference, 7000, 'USD')).json()).toEqual({ status: 'duplicate' });
  expect(await balanceOf(u.auth, 'USD')).toBe(0);
  const [p] = await t.db.orm.select().from(payments).where(eq(payments.reference, reference));
  expect(p).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('expected USD 70.00') });
});

test('unknown references, unknown providers and events we do not act on are harmless', async () => {
  expect((await webhook('charge.success', 'dep_doesnotexist', 100, 'USD')).json()).toEqual({
    status: 'unknown reference',
  });
  expect((await webhook('transfer.success', 'dep_x', 100, 'USD')).json()).toEqual({ status: 'ignored' });
  expect((await t.inject({ method: 'POST', url: '/payment/webhook/stripe/', payload: {} })).statusCode).toBe(
    404,
  );
});

test('declining on the sandbox page credits nothing and sends the browser back', async () => {
  const u = await t.user();
  const { reference } = (await deposit(u.auth, 20000, 'NGN')).json().data as { reference: string };
  const decline = await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/decline` });
  expect(decline.statusCode).toBe(303);
  expect(decline.headers.location).toBe(`http://localhost:3000/dashboard?reference=${reference}`);
  expect(await balanceOf(u.auth)).toBe(0);
  const outcome = (auth: string, query: string) => t.inject({ url: `/payment/outcome/?${query}`, auth });
  expect((await outcome(u.auth, `reference=${reference}`)).json()).toEqual({
    reference,
    purpose: 'deposit',
    status: 'failed',
    amount: 20000,
    currency: 'NGN',
    invoicenum: null,
    invoice_status: null,
    credited_to_wallet: false,
    refunds: [],
  });
  // Only the payer learns about a payment; nothing is found from a made-up or foreign reference or invoice.
  const other = await t.user();
  expect((await outcome(other.auth, `reference=${reference}`)).statusCode).toBe(404);
  expect((await outcome(u.auth, 'reference=dep_made_up')).statusCode).toBe(404);
  expect((await outcome(u.auth, 'invoice=INV-999999')).statusCode).toBe(404);
  expect((await outcome(u.auth, '')).statusCode).toBe(400);
  expect((await t.inject({ url: `/payment/outcome/?reference=${reference}` })).statusCode).toBe(401);
  // Approving afterwards is refused, on a page that says why: the payment is decided.
  const late = await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` });
  expect(late.statusCode).toBe(409);
  expect(late.body).toContain('This payment is no longer pending: it was already declined.');
  expect(await balanceOf(u.auth)).toBe(0);
  const unknown = await t.inject({ method: 'POST', url: '/sandbox/pay/dep-0123456789abcdef/approve' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.body).toContain('There is no pending sandbox payment with this reference');
  const page = await t.inject({ url: `/sandbox/pay/${reference}` });
  expect(page.body).toContain('already declined');
  expect(page.body).not.toContain('Approve payment');
  expect((await t.inject({ url: '/sandbox/pay/nope' })).statusCode).toBe(404);
});

test('a sandbox payment the store gave up on (not confirmed within 72 hours) says it expired, not that it was declined', async () => {
  const u = await t.user();
  const { reference } = (await deposit(u.auth, 20000, 'NGN')).json().data as { reference: string };
  // What the reconciliation pass writes (payments/reconcile.ts) when it expires a payment.
  await t.db.orm.update(payments).set({ status: 'failed', failureReason: 'expired: not confirmed by the gateway within 72 hours' }).where(eq(payments.reference, reference));
  const page = await t.inject({ url: `/sandbox/pay/${reference}` });
  expect(page.body).toContain('This payment expired: it was not confirmed within 72 hours of being started.');
  expect(page.body).not.toContain('declined');
  const late = await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` });
  expect(late.statusCode).toBe(409);
  expect(late.body).toContain('This payment is no longer pending: it expired');
  expect(await balanceOf(u.auth)).toBe(0);
});

test('the ledger sums deposits per currency', async () => {
  const u = await t.user();
  for (const [amount, currency] of [
    [100, 'USD'],
    [25, 'USD'],
    [3000, 'NGN'],
  ] as const) {
    const { reference } = (await deposit(u.auth, amount, currency)).json().data as { reference: string };
    expect((await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` })).statusCode).toBe(
      303,
    );
    expect((await t.inject({ url: `/payment/outcome/?reference=${reference}`, auth: u.auth })).json()).toMatchObject(
      { purpose: 'deposit', status: 'success', amount, currency },
    );
  }
  const list = (await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).json() as {
    balance: number;
    currency: { code: string };
  }[];
  // The currency used last comes first (the dashboard shows the first).
  expect(list.map((b) => [b.currency.code, b.balance])).toEqual([
    ['NGN', 3000],
    ['USD', 125],
  ]);
});

test('the wallet history: the customer\'s own entries in one currency, newest first, with invoice numbers, staff reasons left out', async () => {
  const u = await t.user();
  const other = await t.user();
  const now = t.clock.now();
  const add = (userId: number, amountMinor: number, kind: 'deposit' | 'adjustment', description: string, currency = 'NGN') =>
    credit(t.db.orm, { userId, currency, amountMinor, kind, description, now });
  await add(u.id, 5_000_000, 'deposit', 'Deposit dep-1');
  // A real checkout paid from the wallet: its entry names the invoice.
  const name = `wallet-history-${Date.now().toString(36)}.com`;
  await t.inject({ method: 'POST', url: '/api/cart/', auth: u.auth, payload: { service_id: 1, product_id: 1, currency: 'NGN', metadata: { domain_name: name } } });
  const paid = (await t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'wallet', currency: 'NGN' } })).json().data as { invoicenum: string; total: number };
  await add(u.id, 2_000, 'adjustment', 'Credit by staff: goodwill after the outage ticket #12');
  await add(u.id, 1_000, 'deposit', 'Deposit dep-usd', 'USD');
  await add(other.id, 9_999, 'deposit', 'Deposit of someone else');

  const history = async (query = '') => (await t.inject({ url: `/payment/wallet-history/${query}`, auth: u.auth })).json();
  const ngn = await history('?currency=NGN');
  expect(ngn.currency).toBe('NGN');
  expect(ngn.balance).toBe((5_000_000 - Math.round(paid.total * 100) + 2_000) / 100);
  expect(ngn.entries.map((e: { description: string }) => e.description)).toEqual(['Credit by staff', `Payment of ${paid.invoicenum}`, 'Deposit dep-1']);
  expect(ngn.entries[1]).toMatchObject({ kind: 'payment', amount: -paid.total, invoicenum: paid.invoicenum });
  expect((await history('?currency=USD')).entries).toEqual([expect.objectContaining({ amount: 10, kind: 'deposit', invoicenum: null })]);
  // Without a currency: the one used last; a currency not sold is a 400; no session is a 401.
  expect((await history()).currency).toBe('USD');
  expect((await t.inject({ url: '/payment/wallet-history/?currency=EUR', auth: u.auth })).statusCode).toBe(400);
  expect((await t.inject({ url: '/payment/wallet-history/' })).statusCode).toBe(401);
});
