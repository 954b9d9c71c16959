// The expiry pass takes its locks in the payers' order (the renewal invoice, then the domain; checkout.ts
// payExistingInvoice, payments/settle.ts, auto-pay, Renew now): a payment that holds its invoice while the Redemption or
// Release step runs is waited for instead of deadlocking (40P01, a 500 for the customer), and a gateway payment started
// at that moment is seen by the step (no restore fee is added under it). PGlite runs one transaction at a time, so the
// interleavings run on PostgreSQL only (node api/scripts/test-pg.mjs src/domains/domain-expiry.test.ts); two passes at
// once run on both.
import { and, eq, sql } from 'drizzle-orm';
import { issueSession } from '../accounts/repository';
import { newReference } from '../billing/checkout';
import { payInvoice } from '../billing/provision';
import { renewalInvoices } from '../billing/renewal-invoices';
import { createRenewalInvoices, domainRenewal } from '../billing/renewals';
import { renewalInvoiceOf, startTestApp, type TestApp, walletMinor, invoiceById } from '../commerce/test-app';
import type { Executor } from '../db';
import {
  customerDomains,
  invoiceItems,
  invoices,
  payments,
  tlds,
} from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import { settle } from '../payments/settle';
import { signBody } from '../payments/signature';
import { credit, debit } from '../payments/wallet';
import { usingPostgres } from '../test/app';
import { domainExpiry, transferCompletion } from './domain-expiry';
import { rowsOf } from '../db';

const SECRET = 'sandbox-secret-for-expiry-0123456789';
const describeIfPostgres = usingPostgres ? describe : describe.skip;
type Invoice = typeof invoices.$inferSelect;

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'error' });
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => t.clock.set(new Date('2026-03-03T10:00:00Z')));

/** A customer's domain expiring on `expiry` with its renewal invoice (created 14 days before), as the lifecycle leaves it. */
async function domainWithRenewal(expiry = '2026-03-10') {
  const u = await t.user();
  n += 1;
  const [com] = await t.db.orm.select().from(tlds).where(eq(tlds.tld, 'com'));
  const [d] = await t.db.orm
    .insert(customerDomains)
    .values({
      userId: u.id,
      domainname: `expiry${n}-${u.username}.com`,
      tldId: com!.id,
      status: 'Active',
      paymentmethodname: 'Wallet',
      registrationDate: '2025-03-10',
      nextduedate: expiry,
      createdAt: t.clock.now(),
    })
    .returning();
  return { u, d: d!, invoice: await renewalInvoiceOf(t, 'domain', d!.id) };
}

const invoiceRow = (id: number) => invoiceById(t, id);
const domainRow = async (id: number) =>
  (await t.db.orm.select().from(customerDomains).where(eq(customerDomains.id, id)))[0]!;
const lineKinds = async (id: number) =>
  (
    await t.db.orm.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, id)).orderBy(invoiceItems.id)
  ).map((l) => l.kind);
const balance = (userId: number) => walletMinor(t, userId);
const fund = (userId: number, minor: number) =>
  credit(t.db.orm, {
    userId,
    currency: 'USD',
    amountMinor: minor,
    kind: 'deposit',
    description: 'test funds',
    now: t.clock.now(),
  });

/**
 * A payer's transaction as checkout.ts payExistingInvoice runs it: the invoice row locked first, then (once `go()` is
 * called) `pay` with the row it read. `holding` resolves once the lock is held; `done` when the transaction is over.
 */
function payerHolding(invoiceId: number, pay: (tx: Executor, inv: Invoice) => Promise<void>) {
  let go!: () => void;
  const released = new Promise<void>((resolve) => (go = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const done = t.db.orm.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Executor;
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    locked();
    await released;
    await pay(tx, inv!);
  });
  return { holding: Promise.race([holding, done]), go, done };
}

/** The wallet branch of payExistingInvoice: debit the invoice's total, then payInvoice (which extends the domain). */
const walletPayment = (tx: Executor, inv: Invoice) =>
  debit(tx, {
    userId: inv.userId,
    currency: inv.currency,
    amountMinor: inv.totalMinor,
    kind: 'payment',
    invoiceId: inv.id,
    description: `Payment of ${inv.invoicenum}`,
    now: t.clock.now(),
  }).then(() => payInvoice(tx, inv.id, t.clock.now()).then(() => undefined));

/** Resolves once another session of this database waits for a row lock (the pass queued behind the payer). */
async function someoneWaitsForALock() {
  for (let i = 0; i < 400; i += 1) {
    const [row] = rowsOf<{ n: number }>(
      await t.db.orm.execute(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`),
    );
    if (Number(row!.n) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the pass never waited for the payer');
}

/** Runs the pass while the payer holds its invoice, lets the payer go once the pass waits, and settles both. */
async function interleave(payer: ReturnType<typeof payerHolding>, pass: () => Promise<unknown>) {
  await payer.holding;
  const running = pass();
  running.catch(() => {});
  await someoneWaitsForALock();
  payer.go();
  const [paid, passed] = await Promise.allSettled([payer.done, running]);
  return { paid, passed };
}

async function webhook(reference: string, amountMinor: number) {
  const body = JSON.stringify({
    event: 'charge.success',
    data: { reference, amount: amountMinor, currency: 'USD', status: 'success' },
  });
  return t.inject({
    method: 'POST',
    url: '/payment/webhook/sandbox/',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(SECRET, body) },
    payload: body,
  });
}

describeIfPostgres('a payment holding its invoice while the expiry pass runs (PostgreSQL)', () => {
  test('Redemption step: no deadlock; the wallet pays the amount it locked and the domain is Active for a year', async () => {
    const { u, d, invoice } = await domainWithRenewal();
    await fund(u.id, invoice.totalMinor);
    t.clock.set(new Date('2026-04-12T10:00:00Z')); // 33 days past expiry: the Redemption step is due
    const { paid, passed } = await interleave(payerHolding(invoice.id, walletPayment), () =>
      domainExpiry(t.app, { now: t.clock.now() }),
    );
    expect(paid).toEqual({ status: 'fulfilled', value: undefined });
    expect(passed).toEqual({ status: 'fulfilled', value: expect.any(Number) });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', totalMinor: invoice.totalMinor });
    expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
    expect(await domainRow(d.id)).toMatchObject({ status: 'Active', nextduedate: '2027-03-10' });
    expect(await balance(u.id)).toBe(0);
    // Idempotent: the next pass changes nothing.
    await domainExpiry(t.app, { now: t.clock.now() });
    expect(await domainRow(d.id)).toMatchObject({ status: 'Active', nextduedate: '2027-03-10' });
    expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
  }, 30_000);

  test("Release step: no deadlock; the payment that held the invoice wins and the name stays the customer's", async () => {
    const { u, d, invoice } = await domainWithRenewal();
    await fund(u.id, invoice.totalMinor);
    t.clock.set(new Date('2026-05-10T10:00:00Z')); // 61 days past expiry: the Release step is due
    const { paid, passed } = await interleave(payerHolding(invoice.id, walletPayment), () =>
      domainExpiry(t.app, { now: t.clock.now() }),
    );
    expect(paid).toEqual({ status: 'fulfilled', value: undefined });
    expect(passed).toEqual({ status: 'fulfilled', value: expect.any(Number) });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', totalMinor: invoice.totalMinor });
    expect(await domainRow(d.id)).toMatchObject({ status: 'Active', nextduedate: '2027-03-10' });
    expect(await balance(u.id)).toBe(0);
    await domainExpiry(t.app, { now: t.clock.now() });
    expect(await domainRow(d.id)).toMatchObject({ status: 'Active', nextduedate: '2027-03-10' });
  }, 30_000);

  test('Redemption step while a gateway payment starts: the step sees it and adds no fee under it; the payment, succeeding in Redemption, is credited', async () => {
    const { u, d, invoice } = await domainWithRenewal();
    t.clock.set(new Date('2026-04-12T10:00:00Z'));
    const reference = newReference('chk');
    // The gateway branch of payExistingInvoice: with the invoice locked, a pending payment of its total.
    const startGateway = async (tx: Executor, inv: Invoice) => {
      await tx.insert(payments).values({
        reference,
        userId: u.id,
        purpose: 'checkout',
        provider: 'sandbox',
        paymentKind: 'fiat_payment_gateway',
        invoiceId: inv.id,
        amountMinor: inv.totalMinor,
        currency: inv.currency,
        status: 'pending',
        createdAt: t.clock.now(),
      });
    };
    const { paid, passed } = await interleave(payerHolding(invoice.id, startGateway), () =>
      domainExpiry(t.app, { now: t.clock.now() }),
    );
    expect(paid).toEqual({ status: 'fulfilled', value: undefined });
    expect(passed).toEqual({ status: 'fulfilled', value: expect.any(Number) });
    expect(await domainRow(d.id)).toMatchObject({ status: 'Redemption' });
    // The amount the customer was sent to pay stands while the payment is pending.
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Unpaid', totalMinor: invoice.totalMinor });
    expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
    await domainExpiry(t.app, { now: t.clock.now() });
    expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
    // It succeeds with the domain in Redemption: the fee goes on as it settles, so the payment restores nothing and is
    // credited to the wallet (settle.ts).
    expect((await webhook(reference, invoice.totalMinor)).json()).toEqual({ status: 'credited' });
    expect(await domainRow(d.id)).toMatchObject({ status: 'Redemption', nextduedate: '2026-03-10' });
    expect(await lineKinds(invoice.id)).toEqual(['domain_renewal', 'restore_fee']);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Unpaid' });
    expect(await balance(u.id)).toBe(invoice.totalMinor);
  }, 30_000);

  test('Renew now replaces the invoice while the Redemption step waits for it: the step starts again from the new invoice, one fee on it', async () => {
    const { u, d, invoice } = await domainWithRenewal();
    t.clock.set(new Date('2026-04-12T10:00:00Z'));
    const book = await t.app.commerce.catalog.get();
    let replacement = 0;
    // renewal-routes.ts POST /domain/{domain}/renew/ with other years: the open invoice locked, then the domain; the
    // invoice cancelled, its renewal row removed, a new invoice for 2 years under the period's key.
    const renewNow = async (tx: Executor, inv: Invoice) => {
      await tx.select().from(customerDomains).where(eq(customerDomains.id, d.id)).for('update');
      await tx.update(invoices).set({ status: 'Cancelled' }).where(eq(invoices.id, inv.id));
      await tx.delete(renewals).where(eq(renewals.invoiceId, inv.id));
      const r = domainRenewal(
        book,
        {
          id: d.id,
          userId: u.id,
          domainname: d.domainname,
          tld: book.tldById.get(d.tldId)!,
          due: '2026-03-10',
          years: 2,
          currency: 'USD',
        },
        t.clock.now(),
      );
      replacement = (await createRenewalInvoices(tx, [r], t.clock.now())).get(r.key)!.id;
    };
    const { paid, passed } = await interleave(payerHolding(invoice.id, renewNow), () =>
      domainExpiry(t.app, { now: t.clock.now() }),
    );
    expect(paid).toEqual({ status: 'fulfilled', value: undefined });
    expect(passed).toEqual({ status: 'fulfilled', value: expect.any(Number) });
    expect(await domainRow(d.id)).toMatchObject({ status: 'Redemption', nextduedate: '2026-03-10' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Cancelled' });
    expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
    expect(await invoiceRow(replacement)).toMatchObject({ status: 'Unpaid' });
    expect(await lineKinds(replacement)).toEqual(['domain_renewal', 'restore_fee']);
    await domainExpiry(t.app, { now: t.clock.now() });
    expect(await lineKinds(replacement)).toEqual(['domain_renewal', 'restore_fee']);
  }, 30_000);
});

test('two expiry passes at once: each step happens once (one restore fee, one release)', async () => {
  const toRedeem = await domainWithRenewal();
  // The second domain expired a month earlier: 61 days past expiry when the first is 33.
  const toRelease = await domainWithRenewal('2026-02-10');
  t.clock.set(new Date('2026-04-12T10:00:00Z'));
  const runs = await Promise.all([1, 2, 3].map(() => domainExpiry(t.app, { now: t.clock.now() })));
  expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
  expect(await domainRow(toRedeem.d.id)).toMatchObject({ status: 'Redemption' });
  expect(await lineKinds(toRedeem.invoice.id)).toEqual(['domain_renewal', 'restore_fee']);
  expect(await domainRow(toRelease.d.id)).toMatchObject({ status: 'Released' });
  expect(await invoiceRow(toRelease.invoice.id)).toMatchObject({ status: 'Cancelled' });
  expect((await invoiceRow(toRelease.invoice.id)).notes.match(/domain released/g)).toHaveLength(1);
  const fee = (await invoiceRow(toRedeem.invoice.id)).totalMinor;
  await domainExpiry(t.app, { now: t.clock.now() });
  expect((await invoiceRow(toRedeem.invoice.id)).totalMinor).toBe(fee);
}, 30_000);

test('a payment started in Redemption pays the restore fee, even while one started in Grace (which deferred the fee) is pending', async () => {
  const { u, d, invoice } = await domainWithRenewal();
  // Signed in at the moved clock (a session from the test's start has expired by then).
  const pay = async (payment_kind: string) =>
    t.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/pay/`, auth: `Token ${(await issueSession(t.db.orm, u.id, t.clock.now())).access}`, payload: { payment_kind } });
  // Grace: a card payment of the renewal's total is started, and left pending.
  t.clock.set(new Date('2026-04-09T23:00:00Z'));
  await domainExpiry(t.app, { now: t.clock.now() });
  expect(await domainRow(d.id)).toMatchObject({ status: 'Grace' });
  const started = (await pay('fiat_payment_gateway')).json().data as { reference: string; total: number };
  // Redemption: the fee is deferred under the pending payment...
  t.clock.set(new Date('2026-04-10T01:00:00Z'));
  await domainExpiry(t.app, { now: t.clock.now() });
  expect(await domainRow(d.id)).toMatchObject({ status: 'Redemption' });
  expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
  // ...but a wallet payment started now pays it.
  await fund(u.id, 1_000_000);
  const paid = await pay('wallet');
  expect(paid.statusCode).toBe(200);
  expect(await lineKinds(invoice.id)).toEqual(['domain_renewal', 'restore_fee']);
  const total = (await invoiceRow(invoice.id)).totalMinor;
  expect(total).toBeGreaterThan(Math.round(started.total * 100));
  expect(await balance(u.id)).toBe(1_000_000 - total);
  expect(await domainRow(d.id)).toMatchObject({ status: 'Active' });
  // The Grace payment succeeding later pays nothing: its money goes back to the wallet.
  expect(await settle(t.app, 'sandbox', { reference: started.reference, outcome: 'success', amountMinor: Math.round(started.total * 100), currency: 'USD' })).toBe('credited');
  expect(await balance(u.id)).toBe(1_000_000 - total + Math.round(started.total * 100));
}, 30_000);

test('a payment started in Grace and approved in Redemption does not restore the domain without the fee: it is credited, the fee added', async () => {
  const { u, d, invoice } = await domainWithRenewal();
  t.clock.set(new Date('2026-04-09T23:00:00Z'));
  await domainExpiry(t.app, { now: t.clock.now() });
  const auth = `Token ${(await issueSession(t.db.orm, u.id, t.clock.now())).access}`;
  const started = (await t.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/pay/`, auth, payload: { payment_kind: 'fiat_payment_gateway' } })).json()
    .data as { reference: string; total: number };
  // Redemption, the fee deferred under the pending payment; then the gateway says it succeeded, for the Grace price.
  t.clock.set(new Date('2026-04-10T01:00:00Z'));
  await domainExpiry(t.app, { now: t.clock.now() });
  expect(await lineKinds(invoice.id)).toEqual(['domain_renewal']);
  const paidMinor = Math.round(started.total * 100);
  expect(await settle(t.app, 'sandbox', { reference: started.reference, outcome: 'success', amountMinor: paidMinor, currency: 'USD' })).toBe('credited');
  expect(await domainRow(d.id)).toMatchObject({ status: 'Redemption' });
  expect(await lineKinds(invoice.id)).toEqual(['domain_renewal', 'restore_fee']);
  expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Unpaid' });
  expect((await invoiceRow(invoice.id)).totalMinor).toBeGreaterThan(paidMinor);
  expect(await balance(u.id)).toBe(paidMinor);
}, 30_000);

test('an invoice paid through a gateway says so, not the wallet its renewal was issued with', async () => {
  const { u, invoice } = await domainWithRenewal();
  expect(invoice.paymentKind).toBe('wallet');
  const started = (await t.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/pay/`, auth: u.auth, payload: { payment_kind: 'fiat_payment_gateway' } })).json().data as { reference: string; total: number };
  expect(await settle(t.app, 'sandbox', { reference: started.reference, outcome: 'success', amountMinor: Math.round(started.total * 100), currency: 'USD' })).toBe('invoice paid');
  expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', paymentKind: 'fiat_payment_gateway' });
});

test('an invoice of 0 (a renewal price of 0) is paid at once by any method, not a 500', async () => {
  for (const payment_kind of ['wallet', 'fiat_payment_gateway']) {
    const { u, d, invoice } = await domainWithRenewal();
    await t.db.orm.update(invoices).set({ subtotalMinor: 0, vatMinor: 0, totalMinor: 0 }).where(eq(invoices.id, invoice.id));
    await t.db.orm.update(invoiceItems).set({ amountMinor: 0 }).where(eq(invoiceItems.invoiceId, invoice.id));
    const res = await t.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/pay/`, auth: u.auth, payload: { payment_kind } });
    expect([res.statusCode, res.json().data?.status]).toEqual([200, 'Paid']);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid' });
    expect(await balance(u.id)).toBe(0);
    expect((await domainRow(d.id)).nextduedate).toBe('2027-03-10');
  }
});

test('an incoming transfer completes 5 days after it was paid: Active, then renewed like any other domain', async () => {
  const u = await t.user();
  const [com] = await t.db.orm.select().from(tlds).where(eq(tlds.tld, 'com'));
  const [d] = await t.db.orm
    .insert(customerDomains)
    .values({
      userId: u.id,
      domainname: `transfer-in-${u.username}.com`,
      tldId: com!.id,
      status: 'Pending Transfer',
      paymentmethodname: 'Wallet',
      registrationDate: '2026-03-03',
      nextduedate: '2027-03-03',
      createdAt: t.clock.now(),
    })
    .returning();
  t.clock.set(new Date('2026-03-07T10:00:00Z'));
  expect(await transferCompletion(t.app, { now: t.clock.now() })).toBe(0);
  expect(await domainRow(d!.id)).toMatchObject({ status: 'Pending Transfer' });
  t.clock.set(new Date('2026-03-08T10:00:00Z'));
  expect(await transferCompletion(t.app, { now: t.clock.now() })).toBe(1);
  expect(await domainRow(d!.id)).toMatchObject({ status: 'Active' });
  expect(await transferCompletion(t.app, { now: t.clock.now() })).toBe(0);
  // 14 days before its expiry date, its renewal invoice.
  t.clock.set(new Date('2027-02-17T10:00:00Z'));
  await renewalInvoices(t.app, { now: t.clock.now() });
  const [r] = await t.db.orm.select().from(renewals).where(and(eq(renewals.itemKind, 'domain'), eq(renewals.itemId, d!.id)));
  expect(r).toBeDefined();
});
