// 'Renew now' through the API: the quote (price × years, VAT, restore fee in Redemption), the 1..10 bounds, ownership,
// released domains, the invoice and what paying it does (exactly N years, once, under racing payments), its interplay
// with the lifecycle's own renewal invoice, and a gateway payment started before the restore fee was added (gap 2).
import { and, eq } from 'drizzle-orm';
import { RENEWAL_MESSAGES } from 'shared/schemas';
import { issueSession } from '../accounts/repository';
import { autoPay } from '../billing/auto-pay';
import { domainExpiry } from './domain-expiry';
import { renewalInvoices } from '../billing/renewal-invoices';
import { startTestApp, type TestApp, walletMinor, invoiceById } from '../commerce/test-app';
import { users } from '../db/schema';
import { customerDomains, invoiceItems, invoices, payments, tlds } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import { domainPrice } from '../money/catalog';
import { restoreFeeIn } from '../billing/renewals';
import { signBody } from '../payments/signature';
import { credit } from '../payments/wallet';

const SECRET = 'sandbox-secret-for-renewals-0123456789';
type User = Awaited<ReturnType<TestApp['user']>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'error' });
}, 120_000);
afterAll(() => t?.close());

/** A domain in the customer's account, as a paid invoice leaves it (billing/provision.ts). */
async function domainOf(user: User, opts: { status?: string; expiry?: string; tld?: string } = {}) {
  n += 1;
  const tld = opts.tld ?? 'com';
  const [row] = await t.db.orm.select().from(tlds).where(eq(tlds.tld, tld));
  const [d] = await t.db.orm
    .insert(customerDomains)
    .values({
      userId: user.id,
      domainname: `renew${n}-${user.username}.${tld}`,
      tldId: row!.id,
      status: (opts.status ?? 'Active') as 'Active',
      paymentmethodname: 'Wallet',
      registrationDate: '2026-03-03',
      nextduedate: opts.expiry ?? '2027-03-03',
      createdAt: t.clock.now(),
    })
    .returning();
  return d!;
}

const call = (user: User, method: string, url: string, payload?: unknown) =>
  t.inject({ method: method as 'GET', url, auth: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const fund = (userId: number, minor: number) =>
  credit(t.db.orm, { userId, currency: 'USD', amountMinor: minor, kind: 'deposit', description: 'test funds', now: t.clock.now() });
const balance = (userId: number) => walletMinor(t, userId);
const expiryOf = async (id: number) => (await t.db.orm.select().from(customerDomains).where(eq(customerDomains.id, id)))[0]!;
const invoiceRow = (id: number) => invoiceById(t, id);
const linesOf = (id: number) => t.db.orm.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id)).orderBy(invoiceItems.id);
/** The domain's renewal invoices that are still Unpaid. */
const unpaidRenewals = async (domainId: number) =>
  (
    await t.db.orm
      .select({ id: invoices.id })
      .from(renewals)
      .innerJoin(invoices, eq(invoices.id, renewals.invoiceId))
      .where(and(eq(renewals.itemKind, 'domain'), eq(renewals.itemId, domainId), eq(invoices.status, 'Unpaid')))
  ).map((r) => r.id);
async function webhook(reference: string, amountMinor: number, event = 'charge.success') {
  const body = JSON.stringify({ event, data: { reference, amount: amountMinor, currency: 'USD', status: event === 'charge.success' ? 'success' : 'failed' } });
  return t.inject({
    method: 'POST',
    url: '/payment/webhook/sandbox/',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(SECRET, body) },
    payload: body,
  });
}
const renewalPrice = async (name: string, tld = 'com') => {
  const book = await t.app.commerce.catalog.get();
  return domainPrice(book, book.tldByName.get(tld)!, 'renewal', 'USD', name);
};
const vat = (minor: number) => Math.floor((minor * 7500 + 50_000) / 100_000);

beforeEach(() => t.clock.set(new Date('2026-03-03T10:00:00Z')));

describe('the quote', () => {
  test('price per year × years, VAT and total, the new expiry date; 1 year when not asked', async () => {
    const u = await t.user();
    const d = await domainOf(u);
    const perYear = await renewalPrice(d.domainname);
    for (const years of [1, 2, 9]) {
      const res = await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=${years}`);
      expect(res.statusCode).toBe(200);
      const subtotal = perYear * years;
      expect(res.json()).toEqual({
        domainname: d.domainname,
        status: 'Active',
        years,
        currency: 'USD',
        price_per_year: perYear / 100,
        renewal: subtotal / 100,
        restore_fee: 0,
        subtotal: subtotal / 100,
        vat_percent: 7.5,
        vat: vat(subtotal) / 100,
        total: (subtotal + vat(subtotal)) / 100,
        expirydate: '2027-03-03',
        new_expirydate: `${2027 + years}-03-03`,
        open_invoice: null,
      });
    }
    expect((await call(u, 'GET', `/domain/${d.domainname}/renewal/`)).json()).toMatchObject({ years: 1, new_expirydate: '2028-03-03' });
  });

  test('no further ahead than a registry allows: the new expiry date at most 10 years after today', async () => {
    const u = await t.user();
    // Today is 2026-03-03. Expiring in a year: 9 more years at most; in 9 years: 1; in 10: none.
    for (const [expiry, max] of [['2027-03-03', 9], ['2035-03-03', 1], ['2035-03-04', 0], ['2036-03-03', 0], ['2026-03-01', 10]] as const) {
      const d = await domainOf(u, { expiry, status: expiry < '2026-03-03' ? 'Grace' : 'Active' });
      expect([expiry, (await call(u, 'GET', `/domain/${d.domainname}/`)).json().renewal_max_years]).toEqual([expiry, max]);
      if (max >= 1) expect([expiry, (await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=${max}`)).statusCode]).toEqual([expiry, 200]);
      if (max === 10) continue;
      const tooMany = max + 1;
      const refused = { years: [RENEWAL_MESSAGES.tooFarAhead(max)] };
      const quote = await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=${tooMany}`);
      expect([expiry, quote.statusCode, quote.json()]).toEqual([expiry, 400, refused]);
      const renew = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: tooMany });
      expect([expiry, renew.statusCode, renew.json()]).toEqual([expiry, 400, refused]);
      expect(await unpaidRenewals(d.id)).toEqual([]);
    }
    expect(RENEWAL_MESSAGES.tooFarAhead(1)).toBe('A domain can be registered at most 10 years ahead: renew this one for at most 1 year.');
    expect(RENEWAL_MESSAGES.tooFarAhead(0)).toMatch(/^This domain is already registered 10 years ahead, the most a registry allows\./);
  });

  test('years outside 1 to 10, or not a whole number, are refused with the message at the field', async () => {
    const u = await t.user();
    const d = await domainOf(u);
    for (const years of ['0', '11', '-1', '2.5', 'two', '100']) {
      const res = await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=${years}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ years: [RENEWAL_MESSAGES.years] });
    }
    for (const years of [0, 11, 2.5, '2', null, true]) {
      const res = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ years: [RENEWAL_MESSAGES.years] });
    }
    expect((await call(u, 'POST', `/domain/${d.domainname}/renew/`, {})).json()).toEqual({ years: [RENEWAL_MESSAGES.years] });
    expect(await unpaidRenewals(d.id)).toEqual([]);
  });

  test('in Redemption the restore fee (80.00 USD) is added, to the quote and to the invoice alike', async () => {
    const u = await t.user();
    const d = await domainOf(u, { status: 'Redemption', expiry: '2026-01-20' });
    const perYear = await renewalPrice(d.domainname);
    const quote = (await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=2`)).json() as Json;
    const subtotal = perYear * 2 + 8000;
    expect(quote).toMatchObject({ status: 'Redemption', restore_fee: 80, subtotal: subtotal / 100, total: (subtotal + vat(subtotal)) / 100 });
    const res = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 2 });
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as Json;
    expect(data).toMatchObject({ years: 2, total: quote.total, currency: 'USD', new_expirydate: '2028-01-20' });
    expect((await linesOf(data.invoice_id)).map((l) => [l.kind, l.amountMinor])).toEqual([
      ['domain_renewal', perYear * 2],
      ['restore_fee', 8000],
    ]);
    // Paid from the wallet: back to Active, two years from the old expiry date.
    await fund(u.id, Math.round(quote.total * 100));
    expect((await call(u, 'POST', `/api/invoices/${data.invoice_id}/pay/`, { payment_kind: 'wallet' })).statusCode).toBe(200);
    expect(await expiryOf(d.id)).toMatchObject({ status: 'Active', nextduedate: '2028-01-20' });
    expect(await balance(u.id)).toBe(0);
  });
});

test('in the minutes after midnight before the expiry pass moved it, a domain due 31 days ago is in Redemption all the same', async () => {
  const u = await t.user();
  const today = t.clock.now().toISOString().slice(0, 10);
  const due = new Date(Date.parse(`${today}T00:00:00Z`) - 31 * 86_400_000).toISOString().slice(0, 10);
  // Its lifecycle invoice, made while it was Active (no fee on it), and the status the hourly pass has not yet moved.
  const d = await domainOf(u, { status: 'Grace', expiry: due });
  const perYear = await renewalPrice(d.domainname);
  const withFee = perYear + 8000;
  const quote = (await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=1`)).json() as Json;
  expect(quote).toMatchObject({ status: 'Redemption', restore_fee: 80, total: (withFee + vat(withFee)) / 100 });
  // Renew now's invoice carries the fee; so does paying an open invoice made before (the fee added as it is paid).
  const made = (await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 1 })).json() as Json;
  expect((await linesOf(made.data.invoice_id)).map((l) => l.kind)).toEqual(['domain_renewal', 'restore_fee']);
  const e = await domainOf(u, { status: 'Grace', expiry: due });
  await t.db.orm.update(customerDomains).set({ status: 'Active' }).where(eq(customerDomains.id, e.id));
  const open = (await call(u, 'POST', `/domain/${e.domainname}/renew/`, { years: 1 })).json() as Json;
  await t.db.orm.delete(invoiceItems).where(and(eq(invoiceItems.invoiceId, open.data.invoice_id), eq(invoiceItems.kind, 'restore_fee')));
  await t.db.orm.update(invoices).set({ subtotalMinor: perYear, vatMinor: vat(perYear), totalMinor: perYear + vat(perYear) }).where(eq(invoices.id, open.data.invoice_id));
  await fund(u.id, withFee + vat(withFee));
  expect((await call(u, 'POST', `/api/invoices/${open.data.invoice_id}/pay/`, { payment_kind: 'wallet' })).statusCode).toBe(200);
  expect((await linesOf(open.data.invoice_id)).map((l) => l.kind)).toEqual(['domain_renewal', 'restore_fee']);
  expect(await invoiceRow(open.data.invoice_id)).toMatchObject({ status: 'Paid', totalMinor: withFee + vat(withFee) });
  expect(await expiryOf(e.id)).toMatchObject({ status: 'Active' });
  expect(await balance(u.id)).toBe(0);
  // One day fewer: still Grace, no fee.
  const g = await domainOf(u, { status: 'Grace', expiry: new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10) });
  expect((await call(u, 'GET', `/domain/${g.domainname}/renewal/?years=1`)).json()).toMatchObject({ status: 'Grace', restore_fee: 0 });
});

test('a domain bought in NGN renews in NGN: its renewal price and the restore fee converted from 80.00 USD', async () => {
  const u = await t.user();
  const name = `naira-${u.username}.com`;
  await credit(t.db.orm, { userId: u.id, currency: 'NGN', amountMinor: 500_000_000, kind: 'deposit', description: 'test funds', now: t.clock.now() });
  expect((await call(u, 'POST', '/api/cart/', { service_id: 1, product_id: 1, currency: 'NGN', metadata: { domain_name: name } })).statusCode).toBe(200);
  expect((await call(u, 'POST', '/api/checkout/', { payment_kind: 'wallet', currency: 'NGN' })).statusCode).toBe(200);
  const [d] = await t.db.orm.update(customerDomains).set({ status: 'Redemption' }).where(eq(customerDomains.domainname, name)).returning();
  const book = await t.app.commerce.catalog.get();
  const perYear = domainPrice(book, book.tldById.get(d!.tldId)!, 'renewal', 'NGN', name);
  const fee = restoreFeeIn(book, 'NGN');
  expect(fee).toBe(Math.round(8000 * book.rates.get('USD>NGN')!));
  const quote = (await call(u, 'GET', `/domain/${name}/renewal/?years=3`)).json() as Json;
  expect(quote).toMatchObject({ currency: 'NGN', price_per_year: perYear / 100, restore_fee: fee / 100, subtotal: (perYear * 3 + fee) / 100 });
  const { data } = (await call(u, 'POST', `/domain/${name}/renew/`, { years: 3 })).json() as Json;
  expect(data).toMatchObject({ currency: 'NGN', total: quote.total });
});

describe('who can renew what', () => {
  test("another customer's domain is 404, by name and by id; nothing is created", async () => {
    const owner = await t.user();
    const other = await t.user();
    const d = await domainOf(owner);
    for (const ref of [d.domainname, String(d.id)]) {
      expect((await call(other, 'GET', `/domain/${ref}/renewal/?years=1`)).statusCode).toBe(404);
      const res = await call(other, 'POST', `/domain/${ref}/renew/`, { years: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await unpaidRenewals(d.id)).toEqual([]);
    expect((await t.inject({ method: 'POST', url: `/domain/${d.domainname}/renew/`, payload: { years: 1 } })).statusCode).toBe(401);
  });

  test('a Released domain (or one not yet transferred) cannot be renewed: 409 with a clear message', async () => {
    const u = await t.user();
    for (const status of ['Released', 'Pending Transfer', 'Cancelled']) {
      const d = await domainOf(u, { status });
      for (const res of [
        await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=1`),
        await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 1 }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ detail: RENEWAL_MESSAGES.notRenewable(status) });
      }
      expect(await unpaidRenewals(d.id)).toEqual([]);
    }
    expect(RENEWAL_MESSAGES.notRenewable('Released')).toContain('released');
  });
});

describe('paying a renewal', () => {
  test('three years: two wallet payments at once charge once and extend by exactly three years, once', async () => {
    const u = await t.user();
    const d = await domainOf(u);
    const res = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 3 });
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as Json;
    expect(data).toMatchObject({ status: 'Unpaid', years: 3, expirydate: '2027-03-03', new_expirydate: '2030-03-03' });
    expect(data.invoicenum).toMatch(/^INV-\d{6,}$/);
    const total = Math.round(data.total * 100);
    await fund(u.id, total * 3);
    const [a, b] = await Promise.all([
      call(u, 'POST', `/api/invoices/${data.invoice_id}/pay/`, { payment_kind: 'wallet' }),
      call(u, 'POST', `/api/invoices/${data.invoice_id}/pay/`, { payment_kind: 'wallet' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await expiryOf(d.id)).toMatchObject({ status: 'Active', nextduedate: '2030-03-03' });
    expect(await balance(u.id)).toBe(total * 2);
    // The invoice is paid; paying it again changes nothing.
    expect((await call(u, 'POST', `/api/invoices/${data.invoice_id}/pay/`, { payment_kind: 'wallet' })).statusCode).toBe(400);
    expect(await expiryOf(d.id)).toMatchObject({ nextduedate: '2030-03-03' });
    // The next Renew now starts from the new expiry date.
    expect((await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=1`)).json()).toMatchObject({ expirydate: '2030-03-03', new_expirydate: '2031-03-03' });
  });

  test('a gateway webhook racing a wallet payment: one renewal of two years, the other money back in the wallet', async () => {
    const u = await t.user();
    const d = await domainOf(u);
    const { data } = (await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 2 })).json() as Json;
    const total = Math.round(data.total * 100);
    const gateway = await call(u, 'POST', `/api/invoices/${data.invoice_id}/pay/`, { payment_kind: 'fiat_payment_gateway' });
    expect(gateway.statusCode).toBe(200);
    await fund(u.id, total);
    const [wallet, hook] = await Promise.all([
      call(u, 'POST', `/api/invoices/${data.invoice_id}/pay/`, { payment_kind: 'wallet' }),
      webhook(gateway.json().data.reference, total),
    ]);
    expect(hook.statusCode).toBe(200);
    expect([200, 400]).toContain(wallet.statusCode);
    expect(await expiryOf(d.id)).toMatchObject({ nextduedate: '2029-03-03' });
    expect(await balance(u.id)).toBe(total);
    expect((await invoiceRow(data.invoice_id)).status).toBe('Paid');
  });
});

test('staff marking the invoice paid (bank transfer) renews it too: 5 years, once', async () => {
  const u = await t.user();
  const billing = await t.user();
  await t.db.orm.update(users).set({ role: 'billing' }).where(eq(users.id, billing.id));
  const d = await domainOf(u);
  const { data } = (await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 5 })).json() as Json;
  const url = `/staff/invoices/${data.invoice_id}/mark-paid/`;
  const [a, b] = await Promise.all([
    call(billing, 'POST', url, { reference: 'GTB-RENEW-1' }),
    call(billing, 'POST', url, { reference: 'GTB-RENEW-2' }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  expect(await expiryOf(d.id)).toMatchObject({ status: 'Active', nextduedate: '2032-03-03' });
});

describe('with the lifecycle', () => {
  test('the open renewal invoice: same years answer it, other years replace it; never two unpaid, never two extensions', async () => {
    const u = await t.user();
    const d = await domainOf(u, { expiry: '2026-03-10' });
    expect(await renewalInvoices(t.app, { now: t.clock.now() })).toBeGreaterThanOrEqual(1);
    const [lifecycleInvoice] = await unpaidRenewals(d.id);
    expect(lifecycleInvoice).toBeDefined();
    expect((await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=1`)).json().open_invoice).toMatchObject({
      invoice_id: lifecycleInvoice,
      years: 1,
    });

    // Renew now for 1 year is the lifecycle's invoice.
    const same = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 1 });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.invoice_id).toBe(lifecycleInvoice);

    // 4 years: the lifecycle's invoice is cancelled, one new one stands for the period.
    const four = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 4 });
    expect(four.statusCode).toBe(201);
    const replaced = four.json().data.invoice_id as number;
    expect(await invoiceRow(lifecycleInvoice!)).toMatchObject({ status: 'Cancelled' });
    expect((await invoiceRow(lifecycleInvoice!)).notes).toContain(`(replaced by ${four.json().data.invoicenum}: renewal for 4 years requested)`);
    expect(await unpaidRenewals(d.id)).toEqual([replaced]);
    // The lifecycle's pass does not issue another for the same period.
    await renewalInvoices(t.app, { now: t.clock.now() });
    expect(await unpaidRenewals(d.id)).toEqual([replaced]);

    // Paying the cancelled one is refused; paying the new one moves the expiry by 4 years, and the pass stays quiet.
    const total = Math.round((four.json().data.total as number) * 100);
    await fund(u.id, total);
    expect((await call(u, 'POST', `/api/invoices/${lifecycleInvoice}/pay/`, { payment_kind: 'wallet' })).statusCode).toBe(400);
    expect((await call(u, 'POST', `/api/invoices/${replaced}/pay/`, { payment_kind: 'wallet' })).statusCode).toBe(200);
    expect(await expiryOf(d.id)).toMatchObject({ nextduedate: '2030-03-10' });
    await renewalInvoices(t.app, { now: t.clock.now() });
    expect(await unpaidRenewals(d.id)).toEqual([]);
  });

  test('a payment still pending for a replaced invoice lands in the wallet, not on the domain', async () => {
    const u = await t.user();
    const d = await domainOf(u);
    const first = (await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 1 })).json().data as Json;
    const gateway = (await call(u, 'POST', `/api/invoices/${first.invoice_id}/pay/`, { payment_kind: 'fiat_payment_gateway' })).json().data as Json;
    const second = await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 2 });
    expect(second.statusCode).toBe(201);
    const hook = await webhook(gateway.reference, Math.round(first.total * 100));
    expect(hook.json()).toEqual({ status: 'credited' });
    expect(await balance(u.id)).toBe(Math.round(first.total * 100));
    expect(await expiryOf(d.id)).toMatchObject({ nextduedate: '2027-03-03' });
    expect(await unpaidRenewals(d.id)).toEqual([second.json().data.invoice_id]);
  });
});

test("the open invoice's own period is quoted at that invoice's amounts (issued at another VAT rate); other periods at today's", async () => {
  const u = await t.user();
  const d = await domainOf(u, { expiry: '2026-03-10' });
  await renewalInvoices(t.app, { now: t.clock.now() });
  const [open] = await unpaidRenewals(d.id);
  // As if issued before staff changed the VAT rate from 10 % to today's 7.5 %.
  const inv = await invoiceRow(open!);
  const vatThen = Math.round(inv.subtotalMinor * 0.1);
  await t.db.orm.update(invoices).set({ vatPercent: '10', vatMinor: vatThen, totalMinor: inv.subtotalMinor + vatThen }).where(eq(invoices.id, open!));
  const one = (await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=1`)).json() as Json;
  expect(one).toMatchObject({ vat_percent: 10, vat: vatThen / 100, total: (inv.subtotalMinor + vatThen) / 100, subtotal: inv.subtotalMinor / 100 });
  expect(one.total).toBe(one.open_invoice.total);
  // 'Renew now' for that year answers the same invoice, with the same total.
  expect((await call(u, 'POST', `/domain/${d.domainname}/renew/`, { years: 1 })).json().data).toMatchObject({ invoice_id: open, total: one.total });
  const two = (await call(u, 'GET', `/domain/${d.domainname}/renewal/?years=2`)).json() as Json;
  expect(two.vat_percent).toBe(7.5);
});

describe('a gateway payment started before Redemption (the restore fee comes later)', () => {
  async function renewalInRedemption() {
    const u = await t.user();
    const d = await domainOf(u, { expiry: '2026-03-10' });
    await renewalInvoices(t.app, { now: t.clock.now() });
    const [invoiceId] = await unpaidRenewals(d.id);
    const before = await invoiceRow(invoiceId!);
    const started = await call(u, 'POST', `/api/invoices/${invoiceId}/pay/`, { payment_kind: 'fiat_payment_gateway' });
    expect(started.statusCode).toBe(200);
    // 33 days past expiry: Redemption.
    t.clock.set(new Date('2026-04-12T10:00:00Z'));
    await domainExpiry(t.app, { now: t.clock.now() });
    expect(await expiryOf(d.id)).toMatchObject({ status: 'Redemption' });
    return { u, d, invoiceId: invoiceId!, before, reference: started.json().data.reference as string };
  }

  test('no fee while it is pending (the amount it asked for stands), but succeeding in Redemption it restores nothing: credited, the fee added', async () => {
    const { u, d, invoiceId, before, reference } = await renewalInRedemption();
    expect((await invoiceRow(invoiceId)).totalMinor).toBe(before.totalMinor);
    expect((await linesOf(invoiceId)).map((l) => l.kind)).toEqual(['domain_renewal']);
    // A page opened on Grace's last day and paid in Redemption would restore the domain without the fee the registry
    // charges for it: the payment goes to the wallet, and the invoice now carries the fee.
    const hook = await webhook(reference, before.totalMinor);
    expect(hook.json()).toEqual({ status: 'credited' });
    expect(await expiryOf(d.id)).toMatchObject({ status: 'Redemption', nextduedate: '2026-03-10' });
    expect((await linesOf(invoiceId)).map((l) => l.kind)).toEqual(['domain_renewal', 'restore_fee']);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'Unpaid' });
    expect(await balance(u.id)).toBe(before.totalMinor);
  });

  test('auto-pay leaves it alone while the fee is not on the invoice, even with the plain renewal in the wallet', async () => {
    const { u, d, invoiceId, before } = await renewalInRedemption();
    await fund(u.id, before.totalMinor);
    expect(await autoPay(t.app, { now: t.clock.now() })).toBe(0);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'Unpaid', totalMinor: before.totalMinor });
    expect(await expiryOf(d.id)).toMatchObject({ status: 'Redemption', nextduedate: '2026-03-10' });
    expect(await balance(u.id)).toBe(before.totalMinor);
  });

  test('declined: the next pass adds the fee (once); a later payment is for the new total', async () => {
    const { u, invoiceId, before, reference } = await renewalInRedemption();
    expect((await webhook(reference, before.totalMinor, 'charge.failed')).json()).toEqual({ status: 'declined' });
    await domainExpiry(t.app, { now: t.clock.now() });
    await domainExpiry(t.app, { now: t.clock.now() });
    expect((await linesOf(invoiceId)).map((l) => l.kind)).toEqual(['domain_renewal', 'restore_fee']);
    const withFee = before.subtotalMinor + 8000;
    expect((await invoiceRow(invoiceId)).totalMinor).toBe(withFee + vat(withFee));
    // The clock moved past the session's hour: a new one.
    u.auth = `Token ${(await issueSession(t.db.orm, u.id, t.clock.now())).access}`;
    const again = await call(u, 'POST', `/api/invoices/${invoiceId}/pay/`, { payment_kind: 'fiat_payment_gateway' });
    expect(again.json().data.total).toBe((withFee + vat(withFee)) / 100);
  });

  test('expired, then the fee, then the old payment succeeds late: the money goes to the wallet, the invoice stays owed', async () => {
    const { u, d, invoiceId, before, reference } = await renewalInRedemption();
    await t.db.orm.update(payments).set({ status: 'failed', failureReason: 'expired: never confirmed' }).where(eq(payments.reference, reference));
    await domainExpiry(t.app, { now: t.clock.now() });
    expect((await invoiceRow(invoiceId)).totalMinor).toBeGreaterThan(before.totalMinor);
    expect((await webhook(reference, before.totalMinor)).json()).toEqual({ status: 'credited' });
    expect(await balance(u.id)).toBe(before.totalMinor);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'Unpaid' });
    expect(await expiryOf(d.id)).toMatchObject({ status: 'Redemption', nextduedate: '2026-03-10' });
  });
});
