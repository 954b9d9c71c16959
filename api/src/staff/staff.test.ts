// The operator's console: tickets, wallet adjustments, refunds (under races), bank transfers, catalogue, content and
// the audit log written in the same transaction as each action.
import { desc, eq, sql } from 'drizzle-orm';
import { staffAccounts, startTestApp, TEST_PASSWORD, type TestApp } from '../commerce/test-app';
import { users } from '../db/schema';
import { customerDomains, invoices } from '../db/schema-commerce';
import { settle } from '../payments/settle';
import { credit } from '../payments/wallet';
import { fullLogin } from '../test/app';
import { rowsOf } from '../db';
import { purgeIdempotencyKeys } from '../http/idempotency';
import type { Role } from './access';
import { ERASED_ACCOUNT } from './customers';

let t: TestApp;
let staff: Partial<Record<Role, { id: number; auth: string; username: string }>> = {};
beforeAll(async () => {
  t = await startTestApp();
  staff = await staffAccounts(t);
}, 120_000);
afterAll(() => t?.close());

const as = (role: Role) => staff[role]!.auth;
const audits = async (action: string) =>
  (await t.inject({ url: `/staff/audit/?action=${action}`, auth: as('admin') })).json() as { action: string; actor: string; before: unknown; after: unknown; reason: string; target_id: string }[];
const balance = async (auth: string, currency = 'USD') =>
  ((await t.inject({ url: '/payment/wallet-balance/', auth })).json() as { balance: number; currency: { code: string } }[]).find((b) => b.currency.code === currency)!.balance;

let seq = 0;
async function paidInvoice() {
  const u = await t.user();
  await credit(t.db.orm, { userId: u.id, currency: 'USD', amountMinor: 100_000, kind: 'deposit', description: 'test funds', now: t.clock.now() });
  const name = `staff-test-${Date.now().toString(36)}-${++seq}.com`;
  expect((await t.inject({ method: 'POST', url: '/api/cart/', auth: u.auth, payload: { service_id: 1, product_id: 1, metadata: { domain_name: name } } })).statusCode).toBe(200);
  const res = await t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'wallet', currency: 'USD' } });
  const data = res.json().data as { invoice_id: number; invoicenum: string; total: number; status: string };
  expect(data.status).toBe('Paid');
  return { u, invoice: data };
}

test('the queue, recently updated first or waiting longest first (what a flood of new tickets cannot push out)', async () => {
  const c = await t.user();
  const made: number[] = [];
  for (const title of ['First', 'Second', 'Third']) {
    made.push((await t.inject({ method: 'POST', url: '/ticket/tickets/', auth: c.auth, payload: { title, description: 'Help.', priority: 'low' } })).json().data.id);
    t.clock.advance(1000);
  }
  const ids = async (query: string) =>
    ((await t.inject({ url: `/staff/tickets/?status=open&user=${c.id}${query}`, auth: as('support') })).json() as { id: number }[]).map((x) => x.id);
  expect(await ids('')).toEqual([...made].reverse());
  expect(await ids('&order=newest')).toEqual([...made].reverse());
  expect(await ids('&order=oldest')).toEqual(made);
  const bad = await t.inject({ url: '/staff/tickets/?order=sideways', auth: as('support') });
  expect([bad.statusCode, bad.json()]).toEqual([400, { order: ['Choose an order: newest or oldest.'] }]);
});

test('the queue in pages (limit, after): every ticket once, in either order, ties of one moment included', async () => {
  const c = await t.user();
  const made: number[] = [];
  for (const [i, title] of ['One', 'Two', 'Three', 'Four', 'Five'].entries()) {
    made.push((await t.inject({ method: 'POST', url: '/ticket/tickets/', auth: c.auth, payload: { title, description: 'Help.', priority: 'low' } })).json().data.id);
    if (i % 2 === 1) t.clock.advance(1000); // two or three tickets share each moment
  }
  const page = async (query: string) => {
    const res = await t.inject({ url: `/staff/tickets/?status=open&user=${c.id}&limit=2${query}`, auth: as('support') });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; updated_at: string }[];
  };
  for (const [order, expected] of [['newest', [...made].reverse()], ['oldest', made]] as const) {
    const seen: number[] = [];
    let after = '';
    for (let n = 0; n < 5; n++) {
      const rows = await page(`&order=${order}${after}`);
      seen.push(...rows.map((r) => r.id));
      if (rows.length < 2) break;
      const last = rows[rows.length - 1]!;
      after = `&after=${encodeURIComponent(`${last.updated_at}~${last.id}`)}`;
    }
    expect([order, seen]).toEqual([order, expected]);
  }
  for (const [query, field, message] of [
    ['&after=yesterday', 'after', 'Give the last ticket of the page before: its updated_at~id.'],
    ['&after=2026-03-02T10:00:00.000Z~0', 'after', 'Give the last ticket of the page before: its updated_at~id.'],
    ['&limit=0', 'limit', 'Ask for 1 to 500 tickets.'],
    ['&limit=501', 'limit', 'Ask for 1 to 500 tickets.'],
  ] as [string, string, string][]) {
    const bad = await t.inject({ url: `/staff/tickets/?${query.slice(1)}`, auth: as('support') });
    expect([query, bad.statusCode, bad.json()]).toEqual([query, 400, { [field]: [message] }]);
  }
});

test('support answers and closes a ticket; the customer sees the reply and reopens it by replying', async () => {
  const c = await t.user();
  const ticket = (await t.inject({ method: 'POST', url: '/ticket/tickets/', auth: c.auth, payload: { title: 'Mail down', description: 'No mail since noon.', priority: 'high' } })).json().data;
  const queue = (await t.inject({ url: '/staff/tickets/?status=open&priority=high', auth: as('support') })).json() as { id: number }[];
  expect(queue.some((q) => q.id === ticket.id)).toBe(true);
  expect((await t.inject({ method: 'POST', url: `/staff/tickets/${ticket.id}/replies/`, auth: as('support'), payload: { message: 'Fixed: try now.' } })).statusCode).toBe(201);
  // The console's answer is mailed to the customer too.
  const mailed = (await t.inject({ url: `/dev/outbox?to=${encodeURIComponent(c.email)}` })).json() as { subject: string; text: string }[];
  expect(mailed.map((m) => m.subject)).toEqual([`Ticket #${ticket.id} answered: Mail down`]);
  expect(mailed[0]!.text).toContain('Fixed: try now.');
  const closed = await t.inject({ method: 'PATCH', url: `/staff/tickets/${ticket.id}/`, auth: as('support'), payload: { status: 'Closed', assigned_to: staff.admin!.id } });
  expect(closed.json().data).toMatchObject({ status: 'Closed', assigned_to: staff.admin!.id });
  expect((await t.inject({ method: 'PATCH', url: `/staff/tickets/${ticket.id}/`, auth: as('support'), payload: { assigned_to: staff.billing!.id } })).json()).toEqual({ assigned_to: ['Choose a support or admin staff member.'] });
  const replies = (await t.inject({ url: `/ticket/replies?ticket_id=${ticket.id}`, auth: c.auth })).json();
  expect(replies).toEqual([expect.objectContaining({ message: 'Fixed: try now.', is_staff: true })]);
  await t.inject({ method: 'POST', url: '/ticket/replies/', auth: c.auth, payload: { ticket: ticket.id, message: 'Still down.' } });
  expect((await t.inject({ url: `/ticket/tickets/${ticket.id}/`, auth: c.auth })).json().status).toBe('Customer-Reply');
  const log = await audits('ticket.');
  expect(log.filter((e) => e.target_id === String(ticket.id)).map((e) => e.action)).toEqual(['ticket.update', 'ticket.reply']);
  expect(log.find((e) => e.action === 'ticket.update' && e.target_id === String(ticket.id))).toMatchObject({ before: { status: 'Answered' }, after: { status: 'Closed' } });
});

test('wallet adjustments: credit and debit with a reason, never below zero; the customer and staff agree', async () => {
  const c = await t.user();
  const url = `/staff/customers/${c.id}/wallet-adjustments/`;
  expect((await t.inject({ method: 'POST', url, auth: as('billing'), payload: { direction: 'credit', amount: '12.50', currency: 'USD', reason: ' ' } })).json()).toEqual({ reason: ['Give a reason.'] });
  expect((await t.inject({ method: 'POST', url, auth: as('billing'), payload: { direction: 'credit', amount: '-1', currency: 'USD', reason: 'Goodwill' } })).json()).toEqual({ amount: ['Enter an amount greater than zero.'] });
  expect((await t.inject({ method: 'POST', url, auth: as('billing'), payload: { direction: 'credit', amount: '12.50', currency: 'USD', reason: 'Goodwill for the outage' } })).statusCode).toBe(201);
  const tooMuch = await t.inject({ method: 'POST', url, auth: as('billing'), payload: { direction: 'debit', amount: '13', currency: 'USD', reason: 'Correction' } });
  expect(tooMuch.json()).toEqual({ amount: ['The wallet holds USD 12.50: a debit cannot take it below zero.'] });
  expect((await t.inject({ method: 'POST', url, auth: as('billing'), payload: { direction: 'debit', amount: '2.25', currency: 'USD', reason: 'Correction' } })).statusCode).toBe(201);
  expect(await balance(c.auth)).toBe(10.25);
  const profile = (await t.inject({ url: `/staff/customers/${c.id}/`, auth: as('support') })).json();
  expect(profile.wallet.balances).toEqual([{ currency: 'USD', balance: 10.25 }]);
  expect(profile.wallet.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['adjustment', -2.25], ['adjustment', 12.5]]);
  const log = (await audits('wallet.')).filter((e) => e.target_id === String(c.id));
  expect(log.map((e) => [e.action, e.reason])).toEqual([['wallet.debit', 'Correction'], ['wallet.credit', 'Goodwill for the outage']]);
  expect(log[0]).toMatchObject({ before: { balance: 12.5 }, after: { balance: 10.25 } });
  // Search by username, e-mail, name or domain.
  const found = async (q: string) => (await t.inject({ url: `/staff/customers/?q=${encodeURIComponent(q)}`, auth: as('support') })).json().map((x: { id: number }) => x.id);
  expect(await found(c.username)).toEqual([c.id]);
  await t.db.orm.update(users).set({ firstName: 'Zebedee', lastName: `Quill${c.id}` }).where(eq(users.id, c.id));
  for (const q of ['zebedee', `Quill${c.id}`, `zebedee quill${c.id}`]) expect(await found(q)).toContain(c.id);
  expect(await found(`Zebedee Other${c.id}`)).toEqual([]);
});

test('a wallet adjustment sent twice with one Idempotency-Key (a retry after a lost answer) credits once', async () => {
  const c = await t.user();
  const url = `/staff/customers/${c.id}/wallet-adjustments/`;
  const payload = { direction: 'credit', amount: '20.00', currency: 'USD', reason: 'Goodwill' };
  const send = (key: string, body: object = payload, role: Role = 'billing') =>
    t.inject({ method: 'POST', url, auth: as(role), headers: { 'idempotency-key': key }, payload: body });
  const first = await send('adjust-1');
  expect([first.statusCode, first.json(), first.headers['idempotent-replayed']]).toEqual([201, { message: 'Wallet credited.', data: { currency: 'USD', balance: 20 } }, undefined]);
  const again = await send('adjust-1');
  expect([again.statusCode, again.json(), again.headers['idempotent-replayed']]).toEqual([201, first.json(), 'true']);
  expect(await balance(c.auth)).toBe(20);
  // Two at once with a new key: one credit, both answered with it.
  const both = await Promise.all([send('adjust-2'), send('adjust-2')]);
  expect(both.map((r) => [r.statusCode, r.json().data.balance])).toEqual([[201, 40], [201, 40]]);
  expect(await balance(c.auth)).toBe(40);
  // The key for another request, or one that cannot be a key: refused, nothing done.
  const other = await send('adjust-1', { ...payload, amount: '25.00' });
  expect([other.statusCode, other.json()]).toEqual([422, { detail: 'This Idempotency-Key was used for a different request: send a new key with each new request.' }]);
  const bad = await send('a key with spaces');
  expect([bad.statusCode, bad.json()]).toEqual([400, { detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' }]);
  // Keys are each staff member's, and forgotten after a day.
  expect((await send('adjust-1', payload, 'admin')).headers['idempotent-replayed']).toBeUndefined();
  await t.db.orm.execute(sql`UPDATE idempotency_keys SET created_at = created_at - interval '24 hours 1 second' WHERE key = 'adjust-1'`);
  expect((await send('adjust-1')).headers['idempotent-replayed']).toBeUndefined();
  expect(await balance(c.auth)).toBe(80);
  // The daily purge deletes the keys past their day, and only those.
  await t.db.orm.execute(sql`UPDATE idempotency_keys SET created_at = created_at - interval '24 hours 1 second' WHERE key = 'adjust-2'`);
  expect(await purgeIdempotencyKeys(t.db.orm, t.clock.now())).toBeGreaterThanOrEqual(2);
  // Left: billing's adjust-1, claimed again just now; gone: adjust-2, and admin's adjust-1 (aged with billing's above).
  const left = await t.db.orm.execute(sql`SELECT scope, key FROM idempotency_keys WHERE key IN ('adjust-1', 'adjust-2')`);
  expect(rowsOf<{ scope: string; key: string }>(left)).toEqual([{ scope: `staff:${staff.billing!.id}`, key: 'adjust-1' }]);
  const log = (await audits('wallet.')).filter((e) => e.target_id === String(c.id));
  expect(log).toHaveLength(4);
  // The console's origin may send the header (CORS preflight).
  const preflight = await t.inject({ method: 'OPTIONS', url, headers: { origin: 'http://localhost:3006', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' } });
  expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
});

test('staff accounts are not customers: no wallet adjustment (billing crediting itself), no profile, not in the search', async () => {
  const self = staff.billing!;
  const adjust = (id: number) =>
    t.inject({ method: 'POST', url: `/staff/customers/${id}/wallet-adjustments/`, auth: as('billing'), payload: { direction: 'credit', amount: '5.00', currency: 'USD', reason: 'Self credit' } });
  for (const id of [self.id, staff.admin!.id]) {
    const refused = await adjust(id);
    expect([refused.statusCode, refused.json()]).toEqual([404, { detail: 'No such customer.' }]);
    expect((await t.inject({ url: `/staff/customers/${id}/`, auth: as('support') })).statusCode).toBe(404);
  }
  expect(await balance(self.auth)).toBe(0);
  expect((await t.inject({ url: `/staff/customers/?q=${self.username}`, auth: as('admin') })).json()).toEqual([]);
});

test("a staff account's own purchase is not the console's: billing can neither mark its own invoice paid nor refund it to itself", async () => {
  const self = staff.billing!;
  const name = `self-serve-${Date.now().toString(36)}.com`;
  expect((await t.inject({ method: 'POST', url: '/api/cart/', auth: self.auth, payload: { service_id: 1, product_id: 1, metadata: { domain_name: name } } })).statusCode).toBe(200);
  expect((await t.inject({ method: 'POST', url: '/api/checkout/', auth: self.auth, payload: { payment_kind: 'fiat_payment_gateway', currency: 'USD' } })).statusCode).toBe(200);
  const [{ id }] = (await t.db.orm.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, self.id)).orderBy(desc(invoices.id)).limit(1)) as [{ id: number }];
  const paid = await t.inject({ method: 'POST', url: `/staff/invoices/${id}/mark-paid/`, auth: as('billing'), payload: { reference: 'fake-bank-ref' } });
  expect([paid.statusCode, paid.json()]).toEqual([404, { detail: 'No such invoice.' }]);
  // Paid (by the gateway, say): still no refund to its own wallet, and the console neither lists nor shows it.
  await t.db.orm.execute(sql`UPDATE invoices SET status = 'Paid', paid_at = now() WHERE id = ${id}`);
  const refund = await t.inject({ method: 'POST', url: `/staff/invoices/${id}/refunds/`, auth: as('admin'), payload: { amount: '1.00', reason: 'Refund to a colleague' } });
  expect([refund.statusCode, refund.json()]).toEqual([404, { detail: 'No such invoice.' }]);
  expect((await t.inject({ url: `/staff/invoices/${id}/`, auth: as('billing') })).statusCode).toBe(404);
  expect(((await t.inject({ url: `/staff/invoices/?q=${self.username}`, auth: as('billing') })).json() as unknown[]).length).toBe(0);
  expect(await balance(self.auth)).toBe(0);
});

test("a deleted customer's wallet takes no money from the console: no credit, no refund (it was credited to an account no one can reach)", async () => {
  const { u, invoice } = await paidInvoice();
  // The account can be deleted: its domain ended, its wallet spent.
  await t.db.orm.update(customerDomains).set({ status: 'Released' }).where(eq(customerDomains.userId, u.id));
  const left = (1000 - invoice.total).toFixed(2);
  const debit = await t.inject({ method: 'POST', url: `/staff/customers/${u.id}/wallet-adjustments/`, auth: as('billing'), payload: { direction: 'debit', amount: left, currency: 'USD', reason: 'Paid out to the customer' } });
  expect(debit.statusCode).toBe(201);
  const signIn = await fullLogin(t.app, u.username, TEST_PASSWORD, u.email);
  const deleted = await t.inject({ method: 'POST', url: '/core/delete-account/', auth: `Token ${signIn.access}`, payload: { password: TEST_PASSWORD, username: u.username } });
  expect(deleted.statusCode).toBe(200);
  const refund = await t.inject({ method: 'POST', url: `/staff/invoices/${invoice.invoice_id}/refunds/`, auth: as('billing'), payload: { amount: '13.96', reason: 'Refund after release' } });
  expect(refund.statusCode).toBe(400);
  expect(refund.json()).toEqual({ amount: [ERASED_ACCOUNT] });
  const credit = await t.inject({ method: 'POST', url: `/staff/customers/${u.id}/wallet-adjustments/`, auth: as('billing'), payload: { direction: 'credit', amount: '50', currency: 'USD', reason: 'Goodwill credit' } });
  expect(credit.statusCode).toBe(400);
  expect(credit.json()).toEqual({ amount: [ERASED_ACCOUNT] });
  // Still there to read, for the records the law keeps.
  const profile = (await t.inject({ url: `/staff/customers/${u.id}/`, auth: as('billing') })).json();
  expect(profile).toMatchObject({ username: `#deleted-${u.id}`, wallet: { balances: [{ currency: 'USD', balance: 0 }] } });
  expect(await audits('invoice.refund')).not.toContainEqual(expect.objectContaining({ target_id: invoice.invoicenum }));
});

test('an amount sent as a JSON number has at most 2 decimals too: refused, not rounded to a cent', async () => {
  const c = await t.user();
  const adjust = (amount: unknown) =>
    t.inject({ method: 'POST', url: `/staff/customers/${c.id}/wallet-adjustments/`, auth: as('billing'), payload: { direction: 'credit', amount, currency: 'USD', reason: 'Rounding' } });
  for (const amount of [0.005, 1.999, '0.005', 1e-7]) expect((await adjust(amount)).json()).toEqual({ amount: ['Enter an amount with at most 2 decimals.'] });
  expect((await adjust(0.29)).statusCode).toBe(201);
  expect((await adjust(12.5)).statusCode).toBe(201);
  expect(await balance(c.auth)).toBe(12.79);
  // Each fault its own message.
  for (const amount of ['1,000', 'abc', '12 50', 'NaN', '1e5', true])
    expect((await adjust(amount)).json()).toEqual({ amount: ['Enter the amount in digits, like 1250.50 (no commas, spaces or letters).'] });
  for (const amount of [1e21, '9999999999999']) expect((await adjust(amount)).json()).toEqual({ amount: ['Enter an amount below 1,000,000,000,000.'] });
});

test('one credit is at most what a customer may deposit at once; a debit only down to zero', async () => {
  const c = await t.user();
  const adjust = (direction: string, amount: string, currency = 'USD') =>
    t.inject({ method: 'POST', url: `/staff/customers/${c.id}/wallet-adjustments/`, auth: as('billing'), payload: { direction, amount, currency, reason: 'Goodwill' } });
  expect((await adjust('credit', '10000.01')).json()).toEqual({ amount: ['One credit can be at most USD 10,000.00.'] });
  expect((await adjust('credit', '99999999999.99', 'NGN')).json()).toEqual({ amount: ['One credit can be at most NGN 10,000,000.00.'] });
  expect((await adjust('credit', '10000.00')).statusCode).toBe(201);
  expect((await adjust('debit', '10000.01')).json().amount[0]).toMatch(/cannot take it below zero/);
  expect((await adjust('debit', '10000.00')).statusCode).toBe(201);
  expect(await balance(c.auth)).toBe(0);
});

test('a refund: in part, never more than was paid, never twice the same money (two at once: one refund)', async () => {
  const { u, invoice } = await paidInvoice();
  const before = await balance(u.auth);
  const refundedToday = async () =>
    ((await t.inject({ url: '/staff/overview/', auth: as('billing') })).json().refunds_today as { currency: string; count: number; total: number }[]).find(
      (r) => r.currency === 'USD',
    ) ?? { count: 0, total: 0 };
  const overviewBefore = await refundedToday();
  const url = `/staff/invoices/${invoice.invoice_id}/refunds/`;
  const over = await t.inject({ method: 'POST', url, auth: as('billing'), payload: { amount: invoice.total + 0.01, reason: 'Too much' } });
  expect(over.statusCode).toBe(400);
  expect(over.json().amount[0]).toMatch(/^At most USD [\d,.]+ can be refunded/);
  const part = await t.inject({ method: 'POST', url, auth: as('billing'), payload: { amount: '1.00', reason: 'Partial goodwill' } });
  expect(part.statusCode).toBe(201);
  expect(part.json().data.credit_note).toBe(`CN-${invoice.invoicenum}-1`);
  const rest = Math.round((invoice.total - 1) * 100) / 100;
  // Two staff refund the rest at once: one wins, the other is told it is all refunded.
  const [a, b] = await Promise.all([
    t.inject({ method: 'POST', url, auth: as('billing'), payload: { amount: rest, reason: 'Cancel order' } }),
    t.inject({ method: 'POST', url, auth: as('admin'), payload: { amount: rest, reason: 'Cancel order' } }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
  expect((a.statusCode === 400 ? a : b).json()).toEqual({ amount: [`Invoice ${invoice.invoicenum} has already been refunded in full.`] });
  expect(await balance(u.auth)).toBeCloseTo(before + invoice.total, 2);
  // The overview's day counts both refunds beside the day's revenue.
  const overviewAfter = await refundedToday();
  expect(overviewAfter.count - overviewBefore.count).toBe(2);
  expect(overviewAfter.total - overviewBefore.total).toBeCloseTo(invoice.total, 2);
  const detail = (await t.inject({ url: `/staff/invoices/${invoice.invoice_id}/`, auth: as('billing') })).json();
  expect(detail).toMatchObject({ refunded: invoice.total, refundable: 0 });
  expect(detail.refunds).toHaveLength(2);
  const log = (await audits('invoice.refund')).filter((e) => e.target_id === invoice.invoicenum);
  expect(log).toHaveLength(2);
  // The customer's invoice says what came back, with the credit notes, not the staff's reasons.
  const mine = (await t.inject({ url: `/api/invoices/${invoice.invoice_id}/`, auth: u.auth })).json();
  expect(mine).toMatchObject({ status: 'Paid', refunded: invoice.total });
  expect(mine.refunds.map((r: { description: string; amount: number }) => [r.description, r.amount])).toEqual([
    [`Refund, credit note CN-${invoice.invoicenum}-1`, 1],
    [`Refund, credit note CN-${invoice.invoicenum}-2`, rest],
  ]);
  expect(JSON.stringify(mine)).not.toContain('goodwill');
  // The page a payment returns to speaks of what could not be delivered at payment, not of a later refund.
  const outcome = (await t.inject({ url: `/payment/outcome/?invoice=${invoice.invoicenum}`, auth: u.auth })).json();
  expect(outcome).toMatchObject({ status: 'success', refunds: [] });
});

test('money the store already gave back for an invoice (a name someone else registered first) is not refundable again', async () => {
  const { u, invoice } = await paidInvoice();
  const total = Math.round(invoice.total * 100);
  // What billing/provision.ts writes when the name was taken meanwhile: the item's price back to the wallet.
  await credit(t.db.orm, { userId: u.id, currency: 'USD', amountMinor: total, kind: 'refund', invoiceId: invoice.invoice_id, description: 'Refund: taken', now: t.clock.now() });
  const seen = (await t.inject({ url: `/staff/invoices/${invoice.invoice_id}/`, auth: as('billing') })).json();
  expect([seen.refunded, seen.refundable]).toEqual([invoice.total, 0]);
  const again = await t.inject({ method: 'POST', url: `/staff/invoices/${invoice.invoice_id}/refunds/`, auth: as('billing'), payload: { amount: invoice.total, reason: 'Customer asked' } });
  expect([again.statusCode, again.json()]).toEqual([400, { amount: [`Invoice ${invoice.invoicenum} has already been refunded in full.`] }]);
  expect(await balance(u.auth)).toBe(1000 - invoice.total + invoice.total);
});

test('an unpaid invoice marked paid by bank transfer (with its reference) is provisioned once', async () => {
  const c = await t.user();
  const name = `bank-${Date.now().toString(36)}.com`;
  await t.inject({ method: 'POST', url: '/api/cart/', auth: c.auth, payload: { service_id: 1, product_id: 1, metadata: { domain_name: name } } });
  const inv = (await t.inject({ method: 'POST', url: '/api/checkout/', auth: c.auth, payload: { payment_kind: 'fiat_payment_gateway', currency: 'USD' } })).json().data;
  expect(inv.status).toBe('Unpaid');
  const url = `/staff/invoices/${inv.invoice_id}/mark-paid/`;
  expect((await t.inject({ method: 'POST', url, auth: as('billing'), payload: {} })).json()).toEqual({ reference: ['Enter the bank transfer reference.'] });
  const ok = await t.inject({ method: 'POST', url, auth: as('billing'), payload: { reference: 'GTB-2026-0042' } });
  expect(ok.json().data).toMatchObject({ status: 'Paid', bank_reference: 'GTB-2026-0042', payment_method: 'Bank transfer', user: c.id, username: c.username });
  expect((await t.inject({ method: 'POST', url, auth: as('billing'), payload: { reference: 'again' } })).statusCode).toBe(400);
  // The customer is told what paid it, as staff are: a bank transfer, not the gateway asked for at checkout.
  expect((await t.inject({ url: '/domain/', auth: c.auth })).json()).toEqual([expect.objectContaining({ domainname: name, paymentmethodname: 'Bank transfer' })]);
  expect((await t.inject({ url: `/api/invoices/${inv.invoice_id}/`, auth: c.auth })).json()).toMatchObject({ paymentmethod: 'Bank transfer', status: 'Paid' });
  expect((await audits('invoice.mark_paid')).some((e) => e.target_id === inv.invoicenum)).toBe(true);
});

test('marked paid after someone else got its name: the answer counts the refund made as it was paid', async () => {
  const c = await t.user();
  const d = await t.user();
  const name = `lost-${Date.now().toString(36)}.com`;
  for (const who of [c, d]) await t.inject({ method: 'POST', url: '/api/cart/', auth: who.auth, payload: { service_id: 1, product_id: 1, metadata: { domain_name: name } } });
  const inv = (await t.inject({ method: 'POST', url: '/api/checkout/', auth: c.auth, payload: { payment_kind: 'fiat_payment_gateway', currency: 'USD' } })).json().data;
  await credit(t.db.orm, { userId: d.id, currency: 'USD', amountMinor: 100_000, kind: 'deposit', description: 'test funds', now: t.clock.now() });
  expect((await t.inject({ method: 'POST', url: '/api/checkout/', auth: d.auth, payload: { payment_kind: 'wallet', currency: 'USD' } })).statusCode).toBe(200);
  const ok = await t.inject({ method: 'POST', url: `/staff/invoices/${inv.invoice_id}/mark-paid/`, auth: as('billing'), payload: { reference: 'GTB-2026-0043' } });
  expect(ok.statusCode).toBe(200);
  const seen = (await t.inject({ url: `/staff/invoices/${inv.invoice_id}/`, auth: as('billing') })).json();
  expect(seen.refunded).toBeGreaterThan(0);
  expect(ok.json().data).toMatchObject({ status: 'Paid', refunded: seen.refunded, refundable: seen.refundable });
});

test('catalogue: a TLD price applies to new carts, never to an issued invoice; bad values are 400s at the field', async () => {
  const { invoice } = await paidInvoice();
  const url = '/staff/catalogue/tld-prices/';
  expect((await t.inject({ method: 'PUT', url, auth: as('admin'), payload: { tld: 'com', currency: 'USD', register: '-1', renewal: '1', transfer: '1' } })).json()).toEqual({ register: ['A price cannot be negative.'] });
  expect((await t.inject({ method: 'PUT', url: '/staff/catalogue/settings/', auth: as('admin'), payload: { vat_percent: '100.5' } })).json()).toEqual({ vat_percent: ['VAT cannot be more than 100 %.'] });
  // '-0' is refused like any minus sign (it was stored as written).
  expect((await t.inject({ method: 'PUT', url, auth: as('admin'), payload: { tld: 'com', currency: 'USD', register: '-0', renewal: '1', transfer: '1' } })).json()).toEqual({ register: ['A price cannot be negative.'] });
  expect((await t.inject({ method: 'PUT', url: '/staff/catalogue/settings/', auth: as('admin'), payload: { vat_percent: '-0' } })).json()).toEqual({ vat_percent: ['A negative value is not allowed.'] });
  // And as a JSON number (JSON.parse keeps its sign; JSON.stringify would write it as 0, so the body is sent as written).
  const rawMinusZero = await t.inject({ method: 'PUT', url: '/staff/catalogue/settings/', auth: as('admin'), headers: { 'content-type': 'application/json' }, payload: '{"vat_percent": -0}' });
  expect(rawMinusZero.json()).toEqual({ vat_percent: ['A negative value is not allowed.'] });
  expect((await t.inject({ method: 'PUT', url, auth: as('admin'), payload: { tld: 'com', currency: 'USD', register: '21.99', renewal: '22.99', transfer: '20.99' } })).statusCode).toBe(200);
  const cat = (await t.inject({ url: '/staff/catalogue/', auth: as('admin') })).json();
  expect(cat.tlds.find((x: { tld: string }) => x.tld === 'com').prices).toContainEqual({ currency: 'USD', register: 21.99, renewal: 22.99, transfer: 20.99 });
  const issued = (await t.inject({ url: `/staff/invoices/${invoice.invoice_id}/`, auth: as('admin') })).json();
  expect(issued.total).toBe(invoice.total);
  const log = await audits('catalogue.tld_price');
  expect(log[0]).toMatchObject({ target_id: 'com USD', after: { register: 21.99 } });
});

test('catalogue settings: VAT above 50 % is refused as a typo; a value sent unchanged writes no audit entry', async () => {
  const url = '/staff/catalogue/settings/';
  expect((await t.inject({ method: 'PUT', url, auth: as('admin'), payload: { vat_percent: '100' } })).json()).toEqual({ vat_percent: ['VAT above 50 % is surely a typo: enter at most 50.'] });
  const cat = (await t.inject({ url: '/staff/catalogue/', auth: as('admin') })).json();
  const before = { rate: (await audits('catalogue.rate')).length, vat: (await audits('catalogue.vat')).length };
  // The console sends both: only the VAT changed.
  const next = String(Number(cat.vat_percent) + 0.5);
  expect((await t.inject({ method: 'PUT', url, auth: as('admin'), payload: { usd_ngn_rate: cat.usd_ngn_rate, vat_percent: next } })).statusCode).toBe(200);
  expect((await audits('catalogue.rate')).length).toBe(before.rate);
  expect((await audits('catalogue.vat')).length).toBe(before.vat + 1);
  expect((await t.inject({ method: 'PUT', url, auth: as('admin'), payload: { usd_ngn_rate: cat.usd_ngn_rate, vat_percent: cat.vat_percent } })).statusCode).toBe(200);
  expect((await t.inject({ url: '/staff/catalogue/', auth: as('admin') })).json().vat_percent).toBe(cat.vat_percent);
});

test('content: a post with a script is refused; create as draft, publish, edit; /blog shows it at once', async () => {
  const url = '/staff/content/posts/';
  const bad = await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Hi', content: '<p>x</p><script>alert(1)</script>' } });
  expect(bad.json()).toEqual({ content: ['Remove scripts, frames, forms, event handlers and javascript: links: they are not allowed.'] });
  expect((await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Hi', content: '<img src=x onerror=alert(1)>' } })).statusCode).toBe(400);
  for (const content of ['<a href="/x" onclick="steal()">x</a>', '<a href = "javascript:alert(1)">x</a>', '<img\nsrc=x\nonload=y'])
    expect([content, (await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Hi', content } })).statusCode]).toEqual([content, 400]);
  // Prose and code shown as text are not attributes.
  const prose = '<p>In binary, one = 1 and two = 10; write <code>&lt;a onclick=...&gt;</code> and src = data: only in examples.</p>';
  const kept = await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Counting', content: prose } });
  expect(kept.statusCode).toBe(201);
  expect(kept.json().data.content).toBe(prose);
  await t.inject({ url: '/blog/blogposts/' }); // fills the public cache
  const made = (await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Staff news', content: '<p>Hello</p>' } })).json().data;
  expect(made.published).toBe(false);
  const publicTitles = async () => ((await t.inject({ url: '/blog/blogposts/' })).json() as { title: string }[]).map((p) => p.title);
  expect(await publicTitles()).not.toContain('Staff news');
  await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { published: true } });
  expect(await publicTitles()).toContain('Staff news');
  await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { title: 'Staff news, edited' } });
  expect(await publicTitles()).toContain('Staff news, edited');
  expect((await t.inject({ url: `/blog/blogposts/${made.slug}` })).json().title).toBe('Staff news, edited');
  expect((await audits('content.post')).map((e) => e.action).slice(0, 3)).toEqual(['content.post_edit', 'content.post_publish', 'content.post_create']);
  // Policies and company details.
  expect((await t.inject({ method: 'PUT', url: '/staff/content/policies/privacy/', auth: as('admin'), payload: { body: '<p>New privacy text</p>' } })).statusCode).toBe(200);
  expect((await t.inject({ url: '/manager/privacy_policies/' })).json()[0].privacy_policy).toBe('<p>New privacy text</p>');
});

test('two staff editing one item: the second save, made on what it read before the first, is refused (409), not applied over it', async () => {
  const conflict = (what: string) => ({
    detail: `Someone else saved this ${what} after you opened it. Your text is still in the form: copy it, reload the page to see their version, then make your change again.`,
  });
  const url = '/staff/content/posts/';
  const made = (await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Two editors', content: '<p>Draft</p>' } })).json().data;
  // Both open the post (the same version); A saves first.
  const a = await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { title: made.title, content: '<p>EDIT-BY-A</p>', version: made.version } });
  expect(a.statusCode).toBe(200);
  expect(a.json().data.version).not.toBe(made.version);
  const b = await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { title: 'Title by B', content: '<p>Draft</p>', version: made.version } });
  expect([b.statusCode, b.json()]).toEqual([409, conflict('post')]);
  const now = ((await t.inject({ url, auth: as('admin') })).json() as { id: number; title: string; content: string; version: string }[]).find((p) => p.id === made.id)!;
  expect(now).toMatchObject({ title: 'Two editors', content: '<p>EDIT-BY-A</p>', version: a.json().data.version });
  // With the version read after A's save, B's change applies.
  expect((await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { title: 'Title by B', version: now.version } })).statusCode).toBe(200);

  // Policies, FAQs and the company details alike: their versions come with the pages (`versions`).
  const pages = async () => (await t.inject({ url: '/staff/content/pages/', auth: as('admin') })).json();
  const read = await pages();
  const terms = read.policies.find((p: { kind: string }) => p.kind === 'terms');
  const policyUrl = '/staff/content/policies/terms/';
  const saved = await t.inject({ method: 'PUT', url: policyUrl, auth: as('admin'), payload: { body: `${terms.body}<p>Edit A</p>`, version: read.versions.policies.terms } });
  expect(saved.json()).toEqual({ message: 'Policy saved.' });
  const stale = await t.inject({ method: 'PUT', url: policyUrl, auth: as('admin'), payload: { body: `${terms.body}<p>Edit B</p>`, version: read.versions.policies.terms } });
  expect([stale.statusCode, stale.json()]).toEqual([409, conflict('policy')]);
  expect((await t.inject({ method: 'PUT', url: policyUrl, auth: as('admin'), payload: { body: terms.body, version: (await pages()).versions.policies.terms } })).statusCode).toBe(200);
  const faq = read.faqs[0];
  const faqUrl = `/staff/content/faqs/${faq.id}/`;
  expect((await t.inject({ method: 'PATCH', url: faqUrl, auth: as('admin'), payload: { answer: `${faq.answer} (A)`, version: read.versions.faqs[faq.id] } })).statusCode).toBe(200);
  const staleFaq = await t.inject({ method: 'PATCH', url: faqUrl, auth: as('admin'), payload: { answer: `${faq.answer} (B)`, version: read.versions.faqs[faq.id] } });
  expect([staleFaq.statusCode, staleFaq.json()]).toEqual([409, conflict('FAQ')]);
  await t.inject({ method: 'PATCH', url: faqUrl, auth: as('admin'), payload: { answer: faq.answer } });
  const companyUrl = '/staff/content/company/';
  const firstSave = await t.inject({ method: 'PUT', url: companyUrl, auth: as('admin'), payload: { ...read.company, phone_number: '+234 1 700 9999', version: read.versions.company } });
  expect(firstSave.json()).toEqual({ message: 'Company details saved.' });
  const staleCompany = await t.inject({ method: 'PUT', url: companyUrl, auth: as('admin'), payload: { ...read.company, version: read.versions.company } });
  expect([staleCompany.statusCode, staleCompany.json()]).toEqual([409, conflict('company details')]);
  expect((await t.inject({ method: 'PUT', url: companyUrl, auth: as('admin'), payload: { ...read.company, version: (await pages()).versions.company } })).statusCode).toBe(200);
});

test('an edit that changes nothing is a 400, not a 500 or an empty audit entry; a post edit keeps its body before and after', async () => {
  const made = (await t.inject({ method: 'POST', url: '/staff/content/posts/', auth: as('admin'), payload: { title: 'Audited body', content: '<p><a href="https://a.example">link</a></p>' } })).json().data;
  for (const payload of [{}, { foo: 1 }]) {
    const post = await t.inject({ method: 'PATCH', url: `/staff/content/posts/${made.id}/`, auth: as('admin'), payload });
    expect([post.statusCode, post.json()]).toEqual([400, { non_field_errors: ['Change the title, the content, the author or whether it is published.'] }]);
  }
  const faq = (await t.inject({ method: 'POST', url: '/staff/content/faqs/', auth: as('admin'), payload: { question: 'Why?', answer: 'Because.' } })).json().data;
  for (const payload of [{}, { foo: 1 }]) {
    const res = await t.inject({ method: 'PATCH', url: `/staff/content/faqs/${faq.id}/`, auth: as('admin'), payload });
    expect([res.statusCode, res.json()]).toEqual([400, { non_field_errors: ['Change the question or the answer.'] }]);
  }
  await t.inject({ method: 'PATCH', url: `/staff/content/posts/${made.id}/`, auth: as('admin'), payload: { content: '<p><a href="https://b.example">link</a></p>' } });
  const [edit] = (await audits('content.post_edit')).filter((e) => e.target_id === String(made.id));
  expect(edit).toMatchObject({ before: { content: expect.stringContaining('https://a.example') }, after: { content: expect.stringContaining('https://b.example') } });
});

test("a post's cover: the house cover when none is named; a file under /static/, with or without the prefix; else a 400", async () => {
  const url = '/staff/content/posts/';
  let n = 0;
  const create = (image?: string) =>
    t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: `Covers ${(n += 1)}`, content: '<p>x</p>', ...(image === undefined ? {} : { image }) } });
  const served = async (image: string) => {
    const res = await t.inject({ url: new URL(image).pathname });
    return `${res.statusCode} ${res.headers['content-type']}`;
  };
  const plain = (await create()).json().data;
  expect(plain.image).toBe('/static/blog/default.jpg');
  await t.inject({ method: 'PATCH', url: `${url}${plain.id}/`, auth: as('admin'), payload: { published: true } });
  const shown = (await t.inject({ url: `/blog/blogposts/${plain.slug}` })).json().image;
  expect(await served(shown)).toBe('200 image/jpeg');
  expect((await create('blog/dns-records-a-beginners-guide.jpg')).json().data.image).toBe('/static/blog/dns-records-a-beginners-guide.jpg');
  expect((await create('/static/features/ssl.svg')).json().data.image).toBe('/static/features/ssl.svg');
  for (const bad of ['blog/no-such-cover.jpg', 'blog', '../package.json', 'blog/../../package.json']) {
    const res = await create(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ image: [expect.any(String)] });
  }
});

test("a title used before gives the post's slug the next free number, even in the same millisecond", async () => {
  const again = async () =>
    (await t.inject({ method: 'POST', url: '/staff/content/posts/', auth: as('admin'), payload: { title: 'Twice', content: '<p>x</p>' } })).json().data.slug;
  expect([await again(), await again(), await again()]).toEqual(['twice', 'twice-2', 'twice-3']);
});

test('the audit log is append-only: no route changes it and the database refuses to', async () => {
  const refused = async (q: Promise<unknown>) => {
    const err = (await q.then(() => null, (e: unknown) => e)) as (Error & { cause?: Error }) | null;
    return err ? `${err.message} ${err.cause?.message ?? ''}` : 'no error';
  };
  expect(await refused(t.db.orm.execute(sql`UPDATE audit_log SET reason = 'x'`))).toMatch(/audit_log is append-only/);
  expect(await refused(t.db.orm.execute(sql`DELETE FROM audit_log`))).toMatch(/audit_log is append-only/);
  // 404, not 405: the console never shows a route to anyone, nor a method it lacks.
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    expect((await t.inject({ method, url: '/staff/audit/', auth: as('admin'), payload: {} })).statusCode).toBe(404);
    expect((await t.inject({ method, url: '/staff/audit/', payload: {} })).statusCode).toBe(404);
  }
});

test('the overview counts open tickets by priority, unpaid invoices and today\'s revenue by currency', async () => {
  await paidInvoice();
  const o = (await t.inject({ url: '/staff/overview/', auth: as('support') })).json();
  expect(o.open_tickets.map((x: { priority: string }) => x.priority)).toEqual(['high', 'medium', 'low']);
  expect(o.revenue_today.find((r: { currency: string }) => r.currency === 'USD').total).toBeGreaterThan(0);
  expect(Array.isArray(o.unpaid_invoices) && Array.isArray(o.overdue_invoices) && Array.isArray(o.domains_expiring)).toBe(true);
});

test('the overview lists the payments the gateway took but that credited no one, to refund there', async () => {
  const c = await t.user();
  const started = (await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: c.auth, payload: { amount: 70, currency: 'USD' } })).json().data as { reference: string };
  const other = (await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: c.auth, payload: { amount: 20, currency: 'USD' } })).json().data as { reference: string };
  expect(await settle(t.app, 'sandbox', { reference: started.reference, outcome: 'success', amountMinor: 6900, currency: 'USD' })).toBe('amount mismatch');
  expect(await settle(t.app, 'sandbox', { reference: other.reference, outcome: 'failed', amountMinor: 2000, currency: 'USD' })).toBe('declined');
  const listed = (await t.inject({ url: '/staff/overview/', auth: as('billing') })).json().payments_to_refund as { reference: string }[];
  expect(listed.filter((p) => p.reference === started.reference || p.reference === other.reference)).toEqual([
    {
      reference: started.reference,
      user: c.id,
      username: c.username,
      amount: 70,
      currency: 'USD',
      reason: 'gateway reported USD 69.00, expected USD 70.00',
      settled_at: t.clock.now().toISOString(),
    },
  ]);
  // The customer's page lists both, newest first, with what became of each.
  const detail = (await t.inject({ url: `/staff/customers/${c.id}/`, auth: as('billing') })).json();
  expect(detail.payments).toEqual([
    expect.objectContaining({ reference: other.reference, purpose: 'deposit', amount: 20, currency: 'USD', status: 'failed', invoice: null, invoicenum: null, refunded_at: null }),
    expect.objectContaining({ reference: started.reference, purpose: 'deposit', amount: 70, currency: 'USD', status: 'failed', failure_reason: expect.stringContaining('69.00') }),
  ]);
});

test('billing says a payment the gateway kept was refunded there: it leaves the overview, once, and the audit log has it', async () => {
  const c = await t.user();
  const kept = (await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: c.auth, payload: { amount: 30, currency: 'USD' } })).json().data as { reference: string };
  const paid = (await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: c.auth, payload: { amount: 10, currency: 'USD' } })).json().data as { reference: string };
  expect(await settle(t.app, 'sandbox', { reference: kept.reference, outcome: 'success', amountMinor: 2900, currency: 'USD' })).toBe('amount mismatch');
  expect(await settle(t.app, 'sandbox', { reference: paid.reference, outcome: 'success', amountMinor: 1000, currency: 'USD' })).not.toBe('amount mismatch');
  const url = (ref: string) => `/staff/payments/${encodeURIComponent(ref)}/refunded/`;
  const listed = async () => ((await t.inject({ url: '/staff/overview/', auth: as('billing') })).json().payments_to_refund as { reference: string }[]).map((p) => p.reference);
  expect(await listed()).toContain(kept.reference);
  // Support reads the overview but may not say this; a reference is required; a payment that credited someone is not one.
  expect((await t.inject({ method: 'POST', url: url(kept.reference), auth: as('support'), payload: { refund_reference: 're_1' } })).statusCode).toBe(404);
  const blank = await t.inject({ method: 'POST', url: url(kept.reference), auth: as('billing'), payload: { refund_reference: '  ' } });
  expect([blank.statusCode, blank.json()]).toEqual([400, { refund_reference: ["Enter the gateway's refund reference."] }]);
  const credited = await t.inject({ method: 'POST', url: url(paid.reference), auth: as('billing'), payload: { refund_reference: 're_1' } });
  expect([credited.statusCode, credited.json()]).toEqual([404, { detail: 'No such payment to refund.' }]);
  // Said twice at once: one is taken, the other refused.
  const both = await Promise.all(
    ['re_A', 're_B'].map((r) => t.inject({ method: 'POST', url: url(kept.reference), auth: as('billing'), payload: { refund_reference: r } })),
  );
  expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  const ok = both.find((r) => r.statusCode === 200)!.json();
  expect(ok).toEqual({
    message: 'Marked refunded at the gateway.',
    data: { reference: kept.reference, refund_reference: expect.stringMatching(/^re_[AB]$/), refunded_at: t.clock.now().toISOString() },
  });
  expect(both.find((r) => r.statusCode === 400)!.json()).toEqual({
    refund_reference: [`Payment ${kept.reference} was marked refunded on ${t.clock.now().toISOString().slice(0, 10)} (${ok.data.refund_reference}).`],
  });
  expect(await listed()).not.toContain(kept.reference);
  const entries = (await t.inject({ url: `/staff/audit/?target=${encodeURIComponent(kept.reference)}`, auth: as('admin') })).json();
  expect(entries.results ?? entries).toEqual([
    expect.objectContaining({ action: 'payment.refunded_at_gateway', actor_role: 'billing', after: { refunded: true, refund_reference: ok.data.refund_reference, amount: 30, currency: 'USD' } }),
  ]);
});

test('a post\'s other HTML is stored sanitised: what the allow-list lacks is removed, a script is still a 400', async () => {
  const url = '/staff/content/posts/';
  const made = (
    await t.inject({
      method: 'POST',
      url,
      auth: as('admin'),
      payload: { title: 'Sanitised', content: '<p class="x" style="color:red">Hello <marquee>there</marquee></p><a href="https://example.com" target="_blank">more</a>' },
    })
  ).json().data;
  await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { published: true } });
  expect((await t.inject({ url: `/blog/blogposts/${made.slug}` })).json().content).toBe(
    '<p>Hello there</p><a href="https://example.com" target="_blank" rel="noopener noreferrer">more</a>',
  );
  const edit = await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { content: '<p>x</p><SCRIPT src="//evil"></SCRIPT>' } });
  expect(edit.statusCode).toBe(400);
  expect(edit.json()).toEqual({ content: ['Remove scripts, frames, forms, event handlers and javascript: links: they are not allowed.'] });
  const blank = await t.inject({ method: 'PATCH', url: `${url}${made.id}/`, auth: as('admin'), payload: { content: '<marquee></marquee>' } });
  expect(blank.json()).toEqual({ content: ['Write the post.'] });
});

test('a reason is 3 to 500 characters once trimmed (wallet adjustments and refunds)', async () => {
  const c = await t.user();
  const url = `/staff/customers/${c.id}/wallet-adjustments/`;
  const adjust = (reason: unknown) => t.inject({ method: 'POST', url, auth: as('billing'), payload: { direction: 'credit', amount: '1.00', currency: 'USD', reason } });
  expect((await adjust('')).json()).toEqual({ reason: ['Give a reason.'] });
  expect((await adjust(undefined)).json()).toEqual({ reason: ['Give a reason.'] });
  expect((await adjust('ok')).json()).toEqual({ reason: ['Ensure this field has at least 3 characters.'] });
  expect((await adjust('  ok  ')).json()).toEqual({ reason: ['Ensure this field has at least 3 characters.'] });
  expect((await adjust('x'.repeat(501))).json()).toEqual({ reason: ['Ensure this field has no more than 500 characters.'] });
  expect((await adjust(' Fee ')).statusCode).toBe(201);
  expect((await adjust('x'.repeat(500))).statusCode).toBe(201);
  expect((await audits('wallet.credit')).find((e) => e.target_id === String(c.id) && e.reason === 'Fee')).toBeDefined();
  const { invoice } = await paidInvoice();
  const refund = await t.inject({ method: 'POST', url: `/staff/invoices/${invoice.invoice_id}/refunds/`, auth: as('billing'), payload: { amount: '1.00', reason: 'no' } });
  expect(refund.json()).toEqual({ reason: ['Ensure this field has at least 3 characters.'] });
});

test('a ticket cannot be assigned to a disabled staff account', async () => {
  const c = await t.user();
  const ticket = (await t.inject({ method: 'POST', url: '/ticket/tickets/', auth: c.auth, payload: { title: 'Who?', description: 'Assign me.', priority: 'low' } })).json().data;
  const gone = await t.user({ staff: true });
  await t.db.orm.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, gone.id));
  const url = `/staff/tickets/${ticket.id}/`;
  const res = await t.inject({ method: 'PATCH', url, auth: as('support'), payload: { assigned_to: gone.id } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ assigned_to: ['This staff account is disabled: choose another.'] });
  expect((await t.inject({ url, auth: as('support') })).json().assigned_to).toBeNull();
  // The console's list of staff says which accounts are disabled (it offers only the others).
  const members = (await t.inject({ url: '/staff/members/', auth: as('support') })).json() as { id: number; disabled: boolean }[];
  expect(members.find((m) => m.id === gone.id)).toMatchObject({ disabled: true });
  expect(members.find((m) => m.id === (c.id as number))).toBeUndefined();
  // Enabled again, it can be.
  await t.db.orm.update(users).set({ disabledAt: null }).where(eq(users.id, gone.id));
  expect((await t.inject({ method: 'PATCH', url, auth: as('support'), payload: { assigned_to: gone.id } })).json().data).toMatchObject({ assigned_to: gone.id });
});

test("a post's title is plain text: markup in it is a 400 at the field, a '<' in prose is not", async () => {
  const url = '/staff/content/posts/';
  const refused = { title: ['Remove the HTML tags: this field is plain text.'] };
  for (const title of ['<script>alert(1)</script>', 'Hi <img src=x onerror=alert(1)>', 'News</title><script>x</script>', '<!-- x -->', '<b>Bold</b> news']) {
    const res = await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title, content: '<p>x</p>' } });
    expect([title, res.statusCode, res.json()]).toEqual([title, 400, refused]);
  }
  const made = await t.inject({ method: 'POST', url, auth: as('admin'), payload: { title: 'Why a < b and 3 > 2 <3', content: '<p>x</p>' } });
  expect(made.statusCode).toBe(201);
  expect(made.json().data.title).toBe('Why a < b and 3 > 2 <3');
  const edit = await t.inject({ method: 'PATCH', url: `${url}${made.json().data.id}/`, auth: as('admin'), payload: { title: '<script>alert(1)</script>' } });
  expect(edit.statusCode).toBe(400);
  expect(edit.json()).toEqual(refused);
  expect((await t.inject({ url, auth: as('admin') })).json().find((p: { id: number }) => p.id === made.json().data.id).title).toBe('Why a < b and 3 > 2 <3');
});

test("the invoice search matches '%' and '_' as themselves, not as wildcards", async () => {
  const { u, invoice } = await paidInvoice();
  const odd = `50%_off${++seq}`;
  await t.db.orm.update(users).set({ username: odd }).where(eq(users.id, u.id));
  const search = async (q: string) =>
    ((await t.inject({ url: `/staff/invoices/?q=${encodeURIComponent(q)}`, auth: as('billing') })).json() as { id: number; username: string; invoicenum: string }[]);
  for (const q of ['%', '_', '50%_off', '%_']) {
    const found = await search(q);
    expect(found.map((i) => i.id)).toContain(invoice.invoice_id);
    // Only invoices whose number or customer has the term itself.
    expect(found.filter((i) => !`${i.invoicenum} ${i.username}`.toLowerCase().includes(q.toLowerCase()))).toEqual([]);
  }
  expect(await search('50_%off')).toEqual([]);
  expect(await search('\\')).toEqual([]);
  expect((await search(invoice.invoicenum)).map((i) => i.id)).toEqual([invoice.invoice_id]);
});
