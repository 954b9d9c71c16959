// The lifecycle with the clock moved (CONTRACT.md 'Round 2: after the sale'): both timelines step by step, auto-pay,
// reminders at most once, two job runs at once, a wallet payment racing a webhook, the time machine itself, the PDF.
// The job system (pg-boss) runs for real here (JOBS=true), on PGlite or on PostgreSQL (test-pg.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { issueSession } from '../accounts/repository';
import { startTestApp, type TestApp, walletMinor } from '../commerce/test-app';
import { appOn } from '../test/app';
import { companyDetails, users } from '../db/schema';
import { customerDomains, invoices, tlds, walletEntries } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import { signBody } from '../payments/signature';
import { credit } from '../payments/wallet';
import { autoPay } from './auto-pay';
import { renewalMail } from './renewal-mails';

const SECRET = 'sandbox-secret-for-lifecycle-0123456789';
const DAY = 24 * 3600 * 1000;

let t: TestApp;
let planId: number;
beforeAll(async () => {
  t = await startTestApp({ JOBS: 'true', SANDBOX_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'error' });
  const services = (await t.inject({ url: '/hosting/services/' })).json() as { id: number; hosting_plans: { id: number }[] }[];
  planId = services.find((s) => s.id === 3)!.hosting_plans[0]!.id;
}, 120_000);
afterAll(() => t?.close());

let seq = 0;
const freshName = () => `life-${Date.now().toString(36)}-${++seq}.com`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function buy(auth: string, name: string, hosting = true) {
  expect(
    (await t.inject({ method: 'POST', url: '/api/cart/', auth, payload: { service_id: 1, product_id: 1, metadata: { domain_name: name } } }))
      .statusCode,
  ).toBe(200);
  if (hosting)
    expect((await t.inject({ method: 'POST', url: '/api/cart/', auth, payload: { service_id: 3, product_id: planId } })).statusCode).toBe(200);
  const res = await t.inject({ method: 'POST', url: '/api/checkout/', auth, payload: { payment_kind: 'wallet', currency: 'USD' } });
  expect(res.statusCode).toBe(200);
  return res.json() as Json;
}
const fund = (userId: number, minor: number, currency = 'USD') =>
  credit(t.db.orm, { userId, currency, amountMinor: minor, kind: 'deposit', description: 'test funds', now: t.clock.now() });
const balance = (userId: number) => walletMinor(t, userId);
const run = async () => {
  const res = await t.inject({ method: 'POST', url: '/dev/jobs/run' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { ran: Record<string, number> }).ran;
};
/** Customers of this file: moving the clock a year ahead expires their sessions, so each gets a new one. */
const people: { id: number; auth: string; email: string }[] = [];
const customer = async () => {
  const u = await t.user();
  people.push(u);
  return u;
};
const setDay = async (iso: string) => {
  t.clock.set(new Date(`${iso}T10:00:00Z`));
  for (const u of people) u.auth = `Token ${(await issueSession(t.db.orm, u.id, t.clock.now())).access}`;
};
const domainOf = async (auth: string, name: string) =>
  ((await t.inject({ url: '/domain/', auth })).json() as Json[]).find((d) => d.domainname === name)!;
const serviceOf = async (auth: string, name: string) =>
  ((await t.inject({ url: '/api/user_services/', auth })).json() as Json[]).find((s) => s.domain === name)!;
/** A customer with money who bought a domain on 2026-03-03 (due 2027-03-03) and turned its auto-renew off. */
async function domainBoughtWithoutAutoRenew() {
  await setDay('2026-03-03');
  const u = await customer();
  const name = freshName();
  await fund(u.id, 100_000);
  await buy(u.auth, name, false);
  const d = await domainOf(u.auth, name);
  await t.inject({ method: 'PUT', url: `/domain/${d.id}/auto-renew/`, auth: u.auth, payload: { auto_renew: false } });
  return { u, name, d };
}
/** Spends the whole wallet of `userId` (USD), so nothing renews from it until it is funded again. */
const emptyWallet = async (userId: number) =>
  t.db.orm.insert(walletEntries).values({ userId, currency: 'USD', amountMinor: -(await balance(userId)), kind: 'payment', description: 'spent', createdAt: t.clock.now() });
/** A customer who bought a domain on 2026-03-03 (due 2027-03-03, auto-renew on) and spent the rest of the wallet. */
async function domainBoughtWithEmptyWallet() {
  await setDay('2026-03-03');
  const u = await customer();
  const name = freshName();
  await fund(u.id, 100_000);
  await buy(u.auth, name, false);
  await emptyWallet(u.id);
  return { u, name };
}
const invoicesOf = async (auth: string) =>
  (await t.inject({ url: '/api/user_invoice_list/', auth })).json().invoices.invoices.invoice as Json[];
const mailsTo = async (email: string) => (await t.inject({ url: `/dev/outbox?to=${encodeURIComponent(email)}` })).json() as Json[];

test('the time machine: read, move forwards, never backwards', async () => {
  const before = (await t.inject({ url: '/dev/clock' })).json() as { now: string };
  expect(before.now).toBe(t.clock.now().toISOString());
  const moved = await t.inject({ method: 'POST', url: '/dev/clock', payload: { advance_days: 2, advance_hours: 3 } });
  expect(moved.statusCode).toBe(200);
  expect(Date.parse(moved.json().now) - Date.parse(before.now)).toBe(2 * DAY + 3 * 3600 * 1000);
  const back = await t.inject({ method: 'POST', url: '/dev/clock', payload: { advance_days: -1 } });
  expect(back.statusCode).toBe(400);
  expect(back.json()).toEqual({ advance_days: ['The clock cannot move backwards.'] });
  expect((await t.inject({ url: '/dev/clock' })).json().now).toBe(moved.json().now);
  expect((await t.inject({ method: 'POST', url: '/dev/clock', payload: { advance_hours: 'x' } })).statusCode).toBe(400);
  // Not past the year 9999: a date there is still a date (before, the moves added up to an invalid one, and every
  // request that read the clock answered 500 from then on, even after a restart).
  const today = t.clock.now();
  t.clock.set(new Date('9999-12-01T00:00:00Z'));
  const far = await t.inject({ method: 'POST', url: '/dev/clock', payload: { advance_days: 36_500 } });
  expect([far.statusCode, far.json()]).toEqual([400, { non_field_errors: ['The clock cannot move past the year 9999.'] }]);
  expect((await t.inject({ url: '/dev/clock' })).json()).toEqual({ now: '9999-12-01T00:00:00.000Z' });
  t.clock.set(today);
});

test('domain and hosting timelines: invoice at 14 days, reminders once, Grace, Suspended, pay, Redemption, Released', async () => {
  await setDay('2026-03-03');
  const u = await customer();
  const name = freshName();
  await fund(u.id, 100_000);
  await buy(u.auth, name);
  const start = await balance(u.id);
  expect(await domainOf(u.auth, name)).toMatchObject({ status: 'Active', expirydate: '2027-03-03', auto_renew: true });
  expect(await serviceOf(u.auth, name)).toMatchObject({ status: 'Active', nextduedate: '2027-03-03', billingcycle: 'Annually' });
  // Turn auto-renew off for both (so the wallet is not used), and check another customer cannot.
  const other = await customer();
  const d = await domainOf(u.auth, name);
  const s = await serviceOf(u.auth, name);
  expect((await t.inject({ method: 'PUT', url: `/domain/${d.id}/auto-renew/`, auth: other.auth, payload: { auto_renew: false } })).statusCode).toBe(404);
  expect((await t.inject({ method: 'PUT', url: `/domain/${d.id}/auto-renew/`, auth: u.auth, payload: { auto_renew: 'no' } })).statusCode).toBe(400);
  expect((await t.inject({ method: 'PUT', url: `/domain/${d.id}/auto-renew/`, auth: u.auth, payload: { auto_renew: false } })).json()).toMatchObject({ auto_renew: false });
  expect((await t.inject({ method: 'PUT', url: `/api/user_services/${s.id}/auto-renew/`, auth: u.auth, payload: { auto_renew: false } })).json()).toMatchObject({ auto_renew: false });

  // 15 days before: nothing yet.
  await setDay('2027-02-16');
  await run();
  expect(await invoicesOf(u.auth)).toHaveLength(1);

  // 14 days before: one renewal invoice each, with its mail (amount in the invoice currency, link to the invoice page).
  await setDay('2027-02-17');
  const first = await run();
  expect(first['renewal-invoices']).toBeGreaterThanOrEqual(2);
  const list = await invoicesOf(u.auth);
  expect(list).toHaveLength(3);
  const renewalsOf = list.filter((i) => i.status === 'Unpaid');
  expect(renewalsOf.map((i) => i.duedate)).toEqual(['2027-03-03', '2027-03-03']);
  const domainInvoice = renewalsOf.find((i) => String(i.notes).includes(`Renewal of ${name}`) && !String(i.notes).includes('('))!;
  const hostingInvoice = renewalsOf.find((i) => i !== domainInvoice)!;
  const created = (await mailsTo(u.email)).filter((m) => String(m.subject).startsWith('Renewal invoice'));
  expect(created).toHaveLength(2);
  const domainMail = created.find((m) => m.subject === `Renewal invoice ${domainInvoice.invoicenum} for ${name}`)!;
  expect(domainMail.text).toContain(`Amount due: USD ${domainInvoice.total.toFixed(2)}`);
  expect(domainMail.text).toContain(`http://localhost:3000/dashboard/invoices/${domainInvoice.invoicenum}`);
  expect(domainMail.created_at).toBe(t.clock.now().toISOString());

  // Same day again: nothing changes (no invoice, no mail).
  const mailCount = (await mailsTo(u.email)).length;
  const again = await run();
  expect(again['renewal-invoices']).toBe(0);
  expect(await invoicesOf(u.auth)).toHaveLength(3);
  expect((await mailsTo(u.email)).length).toBe(mailCount);

  // 7 days before: one reminder per invoice, once, even over several runs that day.
  await setDay('2027-02-24');
  await run();
  await run();
  const reminders7 = (await mailsTo(u.email)).filter((m) => String(m.subject).includes('in 7 days'));
  expect(reminders7).toHaveLength(2);
  // Auto-renew is off: the wallet was not touched.
  expect(await balance(u.id)).toBe(start);
  await setDay('2027-03-02');
  await run();
  expect((await mailsTo(u.email)).filter((m) => String(m.subject).includes('tomorrow'))).toHaveLength(2);

  // The day after expiry: the domain is in Grace, the service still Active; overdue reminders and a dashboard notice.
  await setDay('2027-03-04');
  await run();
  expect(await domainOf(u.auth, name)).toMatchObject({ status: 'Grace', expirydate: '2027-03-03' });
  expect((await serviceOf(u.auth, name)).status).toBe('Active');
  const overdue = (await mailsTo(u.email)).filter((m) => String(m.subject).startsWith('Overdue'));
  expect(overdue).toHaveLength(2);
  // Each says what comes next, with the dates: the domain's Redemption with its restore fee and release, the service's
  // suspension and termination.
  const domainOverdue = overdue.find((m) => m.subject === `Overdue: invoice ${domainInvoice.invoicenum} for ${name} is unpaid`)!;
  expect(domainOverdue.text).toContain(
    'If it is still unpaid after 2027-04-02, the domain enters Redemption and the invoice grows by a restore fee of USD 80.00 plus VAT. After 2027-05-02 it is released and anyone can register it.',
  );
  const hostingOverdue = overdue.find((m) => m !== domainOverdue)!;
  expect(hostingOverdue.text).toContain('If it is still unpaid, the service is suspended on 2027-03-06 and terminated on 2027-04-02.');
  expect(hostingOverdue.html).toContain('suspended on 2027-03-06');
  const notices = (await t.inject({ url: '/api/lifecycle/notices/', auth: u.auth })).json() as Json;
  expect(notices.domains).toEqual([
    { domainname: name, status: 'Grace', expirydate: '2027-03-03', invoicenum: domainInvoice.invoicenum, invoice_id: domainInvoice.id },
  ]);
  expect(notices.overdue_invoices.map((i: Json) => i.invoicenum).sort()).toEqual(
    [domainInvoice.invoicenum, hostingInvoice.invoicenum].sort(),
  );

  // 3 days past due: the service is Suspended. Paying its invoice makes it Active for exactly one more period.
  await setDay('2027-03-06');
  await run();
  const suspended = await serviceOf(u.auth, name);
  expect(suspended.status).toBe('Suspended');
  // The dashboard's notices name it, with the invoice that reactivates it.
  expect(((await t.inject({ url: '/api/lifecycle/notices/', auth: u.auth })).json() as Json).services).toEqual([
    { id: suspended.id, name: suspended.name, domain: name, status: 'Suspended', invoicenum: hostingInvoice.invoicenum, invoice_id: hostingInvoice.id },
  ]);
  // Its invoice page says paying reactivates it; the domain's overdue invoice renews no suspended service.
  expect((await t.inject({ url: `/api/invoices/${hostingInvoice.id}/`, auth: u.auth })).json()).toMatchObject({ overdue: true, service_suspended: true });
  expect((await t.inject({ url: `/api/invoices/${domainInvoice.id}/`, auth: u.auth })).json()).toMatchObject({ overdue: true, service_suspended: false });
  const other404 = await t.inject({ method: 'POST', url: `/api/invoices/${hostingInvoice.id}/pay/`, auth: other.auth, payload: { payment_kind: 'wallet' } });
  expect(other404.statusCode).toBe(404);
  const paid = await t.inject({ method: 'POST', url: `/api/invoices/${hostingInvoice.id}/pay/`, auth: u.auth, payload: { payment_kind: 'wallet' } });
  expect(paid.statusCode).toBe(200);
  expect(await serviceOf(u.auth, name)).toMatchObject({ status: 'Active', nextduedate: '2028-03-03' });
  expect(((await t.inject({ url: '/api/lifecycle/notices/', auth: u.auth })).json() as Json).services).toEqual([]);
  expect((await t.inject({ url: `/api/invoices/${hostingInvoice.id}/`, auth: u.auth })).json()).toMatchObject({ service_suspended: false });
  // The page back from paying says a renewal was applied, not that an order is active.
  expect((await t.inject({ url: `/payment/outcome/?invoice=${hostingInvoice.invoicenum}`, auth: u.auth })).json()).toMatchObject({ status: 'success', renewal: true });
  const twice = await t.inject({ method: 'POST', url: `/api/invoices/${hostingInvoice.id}/pay/`, auth: u.auth, payload: { payment_kind: 'wallet' } });
  expect(twice.statusCode).toBe(400);
  expect(twice.json().error).toMatch(/is paid, not unpaid/);
  await run();
  expect(await serviceOf(u.auth, name)).toMatchObject({ status: 'Active', nextduedate: '2028-03-03' });

  // 31 days past expiry: Redemption, and the restore fee (80.00 USD) is on the invoice with its VAT.
  const before = (await t.inject({ url: `/api/invoices/${domainInvoice.id}/`, auth: u.auth })).json() as Json;
  await setDay('2027-04-03');
  await run();
  expect((await domainOf(u.auth, name)).status).toBe('Redemption');
  const withFee = (await t.inject({ url: `/api/invoices/${domainInvoice.invoicenum}/`, auth: u.auth })).json() as Json;
  expect(withFee.items.map((i: Json) => i.kind)).toEqual(['domain_renewal', 'restore_fee']);
  expect(withFee.subtotal).toBeCloseTo(before.subtotal + 80, 2);
  expect(withFee.overdue).toBe(true);
  await run();
  expect(((await t.inject({ url: `/api/invoices/${domainInvoice.id}/`, auth: u.auth })).json() as Json).items).toHaveLength(2);

  // 61 days past expiry: Released, the invoice cancelled, the name for sale again.
  expect((await t.inject({ url: `/domain/check/${name}` })).json().available).toBe(false);
  await setDay('2027-05-03');
  await run();
  expect((await domainOf(u.auth, name)).status).toBe('Released');
  expect(((await t.inject({ url: `/api/invoices/${domainInvoice.id}/`, auth: u.auth })).json() as Json).status).toBe('Cancelled');
  expect((await t.inject({ url: `/domain/check/${name}` })).json().available).toBe(true);
  const cancelled = await t.inject({ method: 'POST', url: `/api/invoices/${domainInvoice.id}/pay/`, auth: u.auth, payload: { payment_kind: 'wallet' } });
  expect(cancelled.statusCode).toBe(400);
  expect(cancelled.json().error).toMatch(/is cancelled, not unpaid/);
  // Someone else can buy it now.
  const v = await customer();
  await fund(v.id, 10_000);
  await buy(v.auth, name, false);
  expect((await domainOf(v.auth, name)).status).toBe('Active');

  // A service left unpaid 30 days past due is Terminated and its invoice cancelled.
  await setDay('2028-02-18');
  await run();
  await setDay('2028-04-03');
  await run();
  expect((await serviceOf(u.auth, name)).status).toBe('Terminated');
  const ended = await t.inject({ method: 'PUT', url: `/api/user_services/${s.id}/auto-renew/`, auth: u.auth, payload: { auto_renew: true } });
  expect([ended.statusCode, ended.json()]).toEqual([403, { detail: 'This service is terminated: there is nothing to renew.' }]);

  // Each step that changed what the customer holds was mailed once (the jobs ran twice at each step).
  const steps = (await mailsTo(u.email))
    .map((m) => String(m.subject))
    .filter((subject) => /is in Redemption|was released|is suspended|was terminated/.test(subject))
    .reverse();
  const plan = `${s.name} (${name})`;
  expect(steps).toEqual([
    `Your hosting service ${plan} is suspended`,
    `${name} is in Redemption: restore it by 2027-05-02`,
    `${name} was released`,
    // The clock jumped past both of the next year's steps: terminated at once, never suspended again first.
    `Your hosting service ${plan} was terminated`,
  ]);
  const redemption = (await mailsTo(u.email)).find((m) => String(m.subject).includes('is in Redemption'))!;
  expect(redemption.text).toContain(`Pay invoice ${domainInvoice.invoicenum} (USD ${withFee.total.toFixed(2)}) by 2027-05-02 to keep it`);
}, 120_000);

test('auto-pay: from 7 days before, only when the wallet covers it, once, extending by exactly one year', async () => {
  // The wallet is spent down so it does not cover the renewal.
  const { u, name } = await domainBoughtWithEmptyWallet();
  await setDay('2027-02-17');
  await run();
  await setDay('2027-02-24');
  await run();
  const [inv] = (await invoicesOf(u.auth)).filter((i) => i.status === 'Unpaid');
  expect(inv).toBeDefined();
  // Nothing has paid it: no method is named (it read 'Wallet', which the customer took for paid from the wallet).
  expect(inv!.paymentmethod).toBe('');
  // The 7-day reminder says the wallet does not cover it, and by how much, rather than that it will be paid.
  const [reminder] = (await mailsTo(u.email)).filter((m) => String(m.subject).includes('in 7 days'));
  const total = `USD ${inv!.total.toFixed(2)}`;
  // Deposits are whole amounts: the mail names the one that covers it.
  const whole = Number.isInteger(inv!.total) ? '' : ` (deposits are whole amounts: USD ${Math.ceil(inv!.total).toFixed(2)})`;
  expect(reminder!.text).toContain(`Auto-renew is on, but your wallet holds USD 0.00, not enough to pay it: add ${total} to your wallet before 2027-03-03${whole}, or pay the invoice yourself.`);
  expect(reminder!.text).not.toContain('when the balance covers it');
  // So does the mail sent with the invoice at 14 days.
  const [createdMail] = (await mailsTo(u.email)).filter((m) => m.subject === `Renewal invoice ${inv!.invoicenum} for ${name}`);
  expect(createdMail!.text).toContain(`Auto-renew is on, but your wallet holds USD 0.00, not enough to pay it: add ${total} to your wallet before 2027-03-03${whole}, or pay the invoice yourself.`);
  // Topped up later the same day: today's try already happened, tomorrow's pays.
  await fund(u.id, 50_000);
  await run();
  expect((await invoicesOf(u.auth)).find((i) => i.id === inv!.id)!.status).toBe('Unpaid');
  await setDay('2027-02-25');
  const ran = await run();
  expect(ran['auto-pay']).toBe(1);
  expect((await invoicesOf(u.auth)).find((i) => i.id === inv!.id)).toMatchObject({ status: 'Paid', paymentmethod: 'Wallet' });
  expect(await balance(u.id)).toBe(50_000 - Math.round(inv!.total * 100));
  expect(await domainOf(u.auth, name)).toMatchObject({ status: 'Active', expirydate: '2028-03-03' });
  expect((await run())['auto-pay']).toBe(0);
  await setDay('2027-02-26');
  await run();
  expect(await domainOf(u.auth, name)).toMatchObject({ expirydate: '2028-03-03' });
  expect(await balance(u.id)).toBe(50_000 - Math.round(inv!.total * 100));
  // No reminders for a paid invoice.
  await setDay('2027-03-02');
  await run();
  expect((await mailsTo(u.email)).filter((m) => String(m.subject).includes('tomorrow'))).toHaveLength(0);
}, 60_000);

test('auto-pay reads auto-renew again when it charges: one turned off during a pass is not charged', async () => {
  const { u, name } = await domainBoughtWithEmptyWallet();
  await setDay('2027-02-24');
  await run(); // the renewal invoice, unpaid: the wallet is empty
  await fund(u.id, 50_000);
  await setDay('2027-02-25');
  const d = await domainOf(u.auth, name);
  // The pass has read its candidates; the customer turns auto-renew off before it reaches this one.
  const orm = t.app.db.orm;
  const transaction = orm.transaction.bind(orm);
  const spy = jest.spyOn(orm, 'transaction').mockImplementationOnce((async (fn: Parameters<typeof transaction>[0]) => {
    const off = await t.inject({ method: 'PUT', url: `/domain/${d.id}/auto-renew/`, auth: u.auth, payload: { auto_renew: false } });
    expect(off.statusCode).toBe(200);
    return transaction(fn);
  }) as typeof orm.transaction);
  try {
    expect(await autoPay(t.app, { now: t.clock.now() })).toBe(0);
  } finally {
    spy.mockRestore();
  }
  expect(await balance(u.id)).toBe(50_000);
  expect((await invoicesOf(u.auth)).filter((i) => i.status === 'Unpaid')).toHaveLength(1);
  expect(await domainOf(u.auth, name)).toMatchObject({ expirydate: '2027-03-03' });
}, 60_000);

/** A customer with two domains bought a day apart (due 2027-03-03 and 2027-03-04) and an empty wallet. */
async function twoDomainsADayApart() {
  await setDay('2026-03-03');
  const u = await customer();
  const [first, second] = [freshName(), freshName()];
  await fund(u.id, 100_000);
  await buy(u.auth, first, false);
  await setDay('2026-03-04');
  await buy(u.auth, second, false);
  await emptyWallet(u.id);
  return { u, first, second };
}

test('the renewal mails compare each invoice with what auto-pay leaves of the wallet for it, not the whole wallet', async () => {
  // Two domains due a day apart; the wallet covers one renewal. Auto-pay takes the earlier one first.
  const { u, first, second } = await twoDomainsADayApart();
  await setDay('2027-02-17');
  await run();
  const firstInvoice = (await invoicesOf(u.auth)).find((i) => i.notes === `Renewal of ${first}`)!;
  const price = Math.round(firstInvoice.total * 100);
  await fund(u.id, price);
  await setDay('2027-02-18');
  await run();
  const secondInvoice = (await invoicesOf(u.auth)).find((i) => i.notes === `Renewal of ${second}`)!;
  expect(Math.round(secondInvoice.total * 100)).toBe(price);
  const [mail] = (await mailsTo(u.email)).filter((m) => m.subject === `Renewal invoice ${secondInvoice.invoicenum} for ${second}`);
  const amount = `USD ${firstInvoice.total.toFixed(2)}`;
  // It said 'we pay it from your wallet' (the wallet held the price), and then auto-pay paid the other one with it.
  const whole = price % 100 ? ` (deposits are whole amounts: USD ${Math.ceil(price / 100).toFixed(2)})` : '';
  expect(mail!.text).toContain(
    `Auto-renew is on, but your wallet holds ${amount}, of which ${amount} pays your renewals due before this one: that leaves USD 0.00, not enough to pay it: add ${amount} to your wallet before 2027-03-04${whole}, or pay the invoice yourself.`,
  );
  // Auto-pay pays the first one with it, as the mails said; the second, in its window from the next day, stays unpaid
  // and its reminder says what is missing.
  await setDay('2027-02-24');
  await run();
  expect((await invoicesOf(u.auth)).find((i) => i.id === firstInvoice.id)!.status).toBe('Paid');
  await setDay('2027-02-25');
  await run();
  expect((await invoicesOf(u.auth)).find((i) => i.id === secondInvoice.id)!.status).toBe('Unpaid');
  const [reminder] = (await mailsTo(u.email)).filter((m) => String(m.subject).includes(`${second} is due for renewal in 7 days`));
  expect(reminder!.text).toContain(`Auto-renew is on, but your wallet holds USD 0.00, not enough to pay it: add ${amount} to your wallet before 2027-03-04`);
}, 60_000);

test('walletForRenewals counts the earlier renewals a wallet covers none of, so the later mail asks for both', async () => {
  // Two domains due a day apart, a wallet of USD 3.00: it covers neither renewal.
  const { u, first, second } = await twoDomainsADayApart();
  await fund(u.id, 300);
  await setDay('2027-02-17');
  await run();
  await setDay('2027-02-18');
  await run();
  const invoices = await invoicesOf(u.auth);
  const firstInvoice = invoices.find((i) => i.notes === `Renewal of ${first}`)!;
  const secondInvoice = invoices.find((i) => i.notes === `Renewal of ${second}`)!;
  const [mail] = (await mailsTo(u.email)).filter((m) => m.subject === `Renewal invoice ${secondInvoice.invoicenum} for ${second}`);
  const need = Math.round(firstInvoice.total * 100) + Math.round(secondInvoice.total * 100) - 300;
  expect(mail!.text).toContain(
    `Auto-renew is on, but your wallet holds USD 3.00 and your renewals due before this one come first (USD ${firstInvoice.total.toFixed(2)}), not enough to pay it: add USD ${(need / 100).toFixed(2)} to your wallet before 2027-03-04`,
  );
}, 60_000);

test('two renewals the wallet covers neither of: the mail of the later one asks for both (auto-pay takes the earlier first), as a whole deposit', () => {
  const facts = {
    product: 'HostHub',
    storefrontUrl: 'http://localhost:3000',
    to: { email: 'a@example.com', username: 'a' },
    invoicenum: 'INV-000108',
    item: 'example-two.com',
    totalMinor: 1611,
    currency: 'USD',
    dueDate: '2027-11-29',
    autoRenew: true,
    walletMinor: 300,
  };
  // The earlier renewal (3.21) is not covered by 3.00 either: it is paid first once the wallet can, so 16.32 pays both.
  expect(renewalMail('7d', { ...facts, aheadMinor: 0, beforeMinor: 321 }).text).toContain(
    'Auto-renew is on, but your wallet holds USD 3.00 and your renewals due before this one come first (USD 3.21), not enough to pay it: add USD 16.32 to your wallet before 2027-11-29 (deposits are whole amounts: USD 17.00), or pay the invoice yourself.',
  );
  // Alone: its own shortfall, and no note when it is whole already.
  expect(renewalMail('7d', { ...facts, totalMinor: 1300 }).text).toContain('add USD 10.00 to your wallet before 2027-11-29, or pay the invoice yourself.');
});

test('after a jump of the clock one run takes each item to where its dates say before auto-pay charges anything', async () => {
  await setDay('2026-03-03');
  const u = await customer();
  const [first, second] = [freshName(), freshName()];
  await fund(u.id, 100_000);
  await buy(u.auth, first, false);
  await buy(u.auth, second); // with hosting
  const autoRenew = async (on: boolean) => {
    for (const name of [first, second]) {
      await t.inject({ method: 'PUT', url: `/domain/${(await domainOf(u.auth, name)).id}/auto-renew/`, auth: u.auth, payload: { auto_renew: on } });
    }
    await t.inject({ method: 'PUT', url: `/api/user_services/${(await serviceOf(u.auth, second)).id}/auto-renew/`, auth: u.auth, payload: { auto_renew: on } });
  };
  // The renewal invoices, made while auto-renew is off; then the wallet is left with exactly their plain total.
  await autoRenew(false);
  await setDay('2027-02-17');
  await run();
  const renewals = (await invoicesOf(u.auth)).filter((i) => String(i.notes).startsWith('Renewal of'));
  expect(renewals).toHaveLength(3);
  const plain = renewals.reduce((sum, i) => sum + Math.round(i.total * 100), 0);
  await t.db.orm.insert(walletEntries).values({ userId: u.id, currency: 'USD', amountMinor: plain - (await balance(u.id)), kind: 'payment', description: 'spent', createdAt: t.clock.now() });
  await autoRenew(true);
  // 34 days past due, no run in between: the domains are due for Redemption (the restore fee, which the wallet does not
  // cover), the service for termination. One run paid all three at their plain prices.
  await setDay('2027-04-06');
  expect((await run())['auto-pay']).toBe(0);
  for (const name of [first, second]) expect(await domainOf(u.auth, name)).toMatchObject({ status: 'Redemption', expirydate: '2027-03-03' });
  expect((await serviceOf(u.auth, second)).status).toBe('Terminated');
  expect(await balance(u.id)).toBe(plain);
  // A second run at the same moment changes nothing (CONTRACT.md).
  expect((await run())['auto-pay']).toBe(0);
  expect(await balance(u.id)).toBe(plain);
  // Past Redemption, with money enough: released, their invoices cancelled, nothing charged.
  await fund(u.id, 100_000);
  await setDay('2027-06-01');
  expect((await run())['auto-pay']).toBe(0);
  for (const name of [first, second]) expect((await domainOf(u.auth, name)).status).toBe('Released');
  expect(await balance(u.id)).toBe(plain + 100_000);
  expect((await invoicesOf(u.auth)).filter((i) => String(i.notes).startsWith('Renewal of')).map((i) => i.status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
}, 60_000);

test('a transfer that completes in a run gets its renewal invoice in that run when it is due (a second run adds nothing)', async () => {
  await setDay('2026-03-03');
  const u = await customer();
  const [com] = await t.db.orm.select().from(tlds).where(eq(tlds.tld, 'com'));
  const name = freshName();
  await t.db.orm.insert(customerDomains).values({
    userId: u.id, domainname: name, tldId: com!.id, status: 'Pending Transfer', paymentmethodname: 'Wallet',
    registrationDate: '2025-03-10', nextduedate: '2026-03-15', createdAt: t.clock.now(),
  });
  await setDay('2026-03-09');
  const ran = await run();
  expect([ran['transfer-completion'], ran['renewal-invoices']]).toEqual([1, 1]);
  expect(await domainOf(u.auth, name)).toMatchObject({ status: 'Active' });
  expect((await invoicesOf(u.auth)).map((i) => i.notes)).toEqual([`Renewal of ${name}`]);
  expect((await run())['renewal-invoices']).toBe(0);
}, 60_000);

test('two job runs at once: one invoice, one payment, one mail', async () => {
  await setDay('2026-03-03');
  const u = await customer();
  const name = freshName();
  await fund(u.id, 100_000);
  await buy(u.auth, name, false);
  await setDay('2027-02-24'); // inside both windows: invoice (14 d) and auto-pay (7 d)
  const runs = await Promise.all([run(), run(), run()]);
  expect(runs.reduce((n, r) => n + r['renewal-invoices']!, 0)).toBeGreaterThanOrEqual(1);
  const mine = await invoicesOf(u.auth);
  expect(mine).toHaveLength(2);
  const renewal = mine.find((i) => i.notes === `Renewal of ${name}`)!;
  expect(renewal.status).toBe('Paid');
  const payments = await t.db.orm.select().from(walletEntries).where(eq(walletEntries.invoiceId, renewal.id));
  expect(payments).toHaveLength(1);
  const created = (await mailsTo(u.email)).filter((m) => String(m.subject).startsWith('Renewal invoice'));
  expect(created).toHaveLength(1);
  // The wallet covered it when the invoice was created, and its mail says so.
  expect(created[0]!.text).toContain('Auto-renew is on: we pay it from your wallet from 7 days before the due date when the balance covers it.');
  expect(await domainOf(u.auth, name)).toMatchObject({ expirydate: '2028-03-03' });
  const rows = await t.db.orm.select().from(renewals).where(eq(renewals.invoiceId, renewal.id));
  expect(rows).toEqual([expect.objectContaining({ key: `renewal:domain:${rows[0]!.itemId}:2027-03-03`, periodEnd: '2028-03-03' })]);
}, 60_000);

test('a wallet payment racing a gateway webhook for the same renewal extends once and charges once', async () => {
  const { u, name } = await domainBoughtWithoutAutoRenew();
  await setDay('2027-02-20');
  await run();
  const inv = (await invoicesOf(u.auth)).find((i) => i.status === 'Unpaid')!;
  const gateway = await t.inject({ method: 'POST', url: `/api/invoices/${inv.id}/pay/`, auth: u.auth, payload: { payment_kind: 'fiat_payment_gateway' } });
  expect(gateway.statusCode).toBe(200);
  const { reference } = gateway.json().data as { reference: string };
  const body = JSON.stringify({ event: 'charge.success', data: { reference, amount: Math.round(inv.total * 100), currency: 'USD', status: 'success' } });
  const before = await balance(u.id);
  const [wallet, hook] = await Promise.all([
    t.inject({ method: 'POST', url: `/api/invoices/${inv.id}/pay/`, auth: u.auth, payload: { payment_kind: 'wallet' } }),
    t.inject({
      method: 'POST',
      url: '/payment/webhook/sandbox/',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(SECRET, body) },
      payload: body,
    }),
  ]);
  expect(hook.statusCode).toBe(200);
  expect([200, 400]).toContain(wallet.statusCode);
  expect(await domainOf(u.auth, name)).toMatchObject({ status: 'Active', expirydate: '2028-03-03' });
  const [row] = await t.db.orm.select().from(invoices).where(eq(invoices.id, inv.id));
  expect(row!.status).toBe('Paid');
  // Whichever won, the customer paid the renewal once: the other payment is in the wallet.
  // (wallet first: debited, then the gateway's money arrives for a paid invoice and is credited back; webhook first:
  // the wallet payment is refused), so the wallet ends where it started.
  expect(await balance(u.id)).toBe(before);
  const applied = await t.db.orm.select().from(renewals).where(eq(renewals.invoiceId, inv.id));
  expect(applied).toHaveLength(1);
  expect(applied[0]!.appliedAt).not.toBeNull();
  await run();
  expect(await domainOf(u.auth, name)).toMatchObject({ expirydate: '2028-03-03' });
}, 60_000);

test('the invoice PDF: owner only, real PDF with the seller, customer, lines, VAT, total and status', async () => {
  await setDay('2026-03-03');
  const u = await customer();
  const name = freshName();
  await fund(u.id, 100_000);
  const bought = await buy(u.auth, name);
  const id = bought.data.invoice_id as number;
  const other = await customer();
  expect((await t.inject({ url: `/api/invoices/${id}/pdf/`, auth: other.auth })).statusCode).toBe(404);
  expect((await t.inject({ url: `/api/invoices/${id}/pdf/` })).statusCode).toBe(401);
  const res = await t.inject({ url: `/api/invoices/${id}/pdf/`, auth: u.auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(res.rawPayload);
  for (const want of ['HostHub', 'Lagos', bought.data.invoicenum, 'Paid', name, 'Subtotal', 'VAT (7.5 %)', 'Total', `USD ${Number(bought.data.total).toFixed(2)}`, u.email, '3 Mar 2026'])
    expect(text).toContain(want);
  // The plan's description is a list on several lines: its items are separated, not joined by '?'.
  expect(text).not.toContain('?');
  // What came back to the wallet for it (here: what provision.ts writes when a name was taken meanwhile) is printed.
  expect(text).not.toContain('Credited back');
  await credit(t.db.orm, { userId: u.id, currency: 'USD', amountMinor: 1396, kind: 'refund', invoiceId: id, description: `Refund: ${name} was registered by someone else first`, now: t.clock.now() });
  const again = pdfText((await t.inject({ url: `/api/invoices/${id}/pdf/`, auth: u.auth })).rawPayload);
  expect(again).toContain(`Credited back to the wallet 3 Mar 2026 · ${name} was registered by someone else first USD 13.96`);
});

test('an invoice prints the company and the customer as they were when it was issued, also a renewal invoice', async () => {
  await setDay('2026-03-03');
  const u = await customer();
  await fund(u.id, 100_000);
  const first = await buy(u.auth, freshName(), false);
  const pdfOf = async (id: number) => pdfText((await t.inject({ url: `/api/invoices/${id}/pdf/`, auth: u.auth })).rawPayload);
  const [company] = await t.db.orm.select().from(companyDetails).orderBy(companyDetails.id).limit(1);
  const [person] = await t.db.orm.select().from(users).where(eq(users.id, u.id));
  try {
    // The company moves and the customer renames themself after the first invoice.
    await t.db.orm.update(companyDetails).set({ address: 'Plot 9, Central Business District, Abuja' }).where(eq(companyDetails.id, company!.id));
    await t.db.orm.update(users).set({ firstName: 'Zainab', lastName: 'Musa', city: 'Kano' }).where(eq(users.id, u.id));
    const before = await pdfOf(first.data.invoice_id as number);
    expect(before).toContain('Lagos 101241');
    expect(before).toContain(`${person!.firstName} ${person!.lastName}`);
    expect(before).not.toContain('Abuja');
    expect(before).not.toContain('Zainab');

    const second = await buy(u.auth, freshName(), false);
    const after = await pdfOf(second.data.invoice_id as number);
    expect(after).toContain('Abuja');
    expect(after).toContain('Zainab Musa');
    expect(after).toContain('Kano');

    // The lifecycle's renewal invoice (14 days before the expiry on 2027-03-03) records them when it is issued.
    await setDay('2027-02-17');
    await run();
    const renewal = (await invoicesOf(u.auth)).find((i) => i.status === 'Unpaid');
    expect(renewal).toBeDefined();
    await t.db.orm.update(users).set({ firstName: 'Later' }).where(eq(users.id, u.id));
    const printed = await pdfOf(Number(renewal!.id));
    expect(printed).toContain('Zainab Musa');
    expect(printed).toContain('Abuja');
  } finally {
    await t.db.orm.update(companyDetails).set({ address: company!.address }).where(eq(companyDetails.id, company!.id));
  }
}, 60_000);

/** The PDF's text: with pdftotext (poppler-utils) when installed, else the hex strings of its inflated content streams. */
function pdfText(pdf: Buffer): string {
  try {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'invoice.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { inflateSync } = require('node:zlib') as typeof import('node:zlib');
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const startAt = m.index! + m[0].length;
    const endAt = raw.indexOf('endstream', startAt);
    try {
      const content = inflateSync(pdf.subarray(startAt, endAt)).toString('latin1');
      for (const h of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(h[1]!, 'hex').toString('latin1'));
    } catch {
      /* not a deflated content stream */
    }
  }
  return out.join(' ');
}

test('the passes are scheduled in pg-boss (cron, across instances); the time machine and job runner are not in production', async () => {
  const rows = await t.db.orm.execute(sql`SELECT name, cron FROM pgboss.schedule ORDER BY name`);
  const names = ((rows as unknown as { rows: { name: string }[] }).rows ?? []).map((r) => r.name);
  expect(names).toEqual(['auto-pay', 'domain-expiry', 'hosting-suspension', 'idempotency-keys-purge', 'payment-reconcile', 'rdap-bootstrap-refresh', 'renewal-invoices', 'renewal-reminders', 'transfer-completion']);
  const prod = await appOn(t.base, {
    NODE_ENV: 'production',
    JOBS: 'false',
    MAIL_FROM: 'HostHub <billing@hosthub.ng>',
    PAYMENT_PROVIDER: 'sandbox',
    SECURITY_SECRET_KEY: 'production-test-key-0123456789-abcdef',
  });
  try {
    expect((await prod.inject({ url: '/dev/clock' })).statusCode).toBe(404);
    expect((await prod.inject({ method: 'POST', url: '/dev/clock', payload: { advance_days: 1 } })).statusCode).toBe(404);
    expect((await prod.inject({ method: 'POST', url: '/dev/jobs/run' })).statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});

test('a 7-day reminder the jobs sent late (the clock jumped past its day) says the days actually left', async () => {
  const { u, name } = await domainBoughtWithoutAutoRenew();
  // Renewal invoice at 14 days before (due 2027-03-03); the next run is 4 days before the due date.
  await setDay('2027-02-17');
  await run();
  await setDay('2027-02-27');
  await run();
  const subjects = (await mailsTo(u.email)).map((m) => String(m.subject)).filter((s) => s.startsWith('Reminder:'));
  expect(subjects).toEqual(expect.arrayContaining([`Reminder: ${name} is due for renewal in 4 days`]));
  expect(subjects.some((s) => s.includes('in 7 days'))).toBe(false);
}, 60_000);
