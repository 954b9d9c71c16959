// Billing ends a customer's hosting service from the console (staff/services.ts): Cancelled, auto-renew off, its open
// renewal invoice cancelled, in the audit log with the reason; the lifecycle leaves it alone afterwards.
import { and, eq } from 'drizzle-orm';
import { hostingSuspension } from '../billing/hosting-suspension';
import { renewalInvoices } from '../billing/renewal-invoices';
import { hostingWithRenewal, invoiceById, staffAccounts, startTestApp, type TestApp } from '../commerce/test-app';
import { invoices, userServices } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import type { StaffRole } from './access';

let t: TestApp;
let staff: Awaited<ReturnType<typeof staffAccounts>>;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
  staff = await staffAccounts(t);
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => t.clock.set(new Date('2026-03-03T10:00:00Z')));

const as = (role: StaffRole) => staff[role].auth;
const cancel = (id: number | string, role: StaffRole, reason: unknown = 'Customer asked to leave') =>
  t.inject({ method: 'POST', url: `/staff/services/${id}/cancel/`, auth: as(role), payload: { reason } });

const serviceWithRenewal = (userId: number) => hostingWithRenewal(t, userId);
const serviceRow = async (id: number) => (await t.db.orm.select().from(userServices).where(eq(userServices.id, id)))[0]!;

test('billing cancels a service: Cancelled, auto-renew off, its open renewal invoice cancelled, the reason in the audit log', async () => {
  const u = await t.user();
  const { service, invoice } = await serviceWithRenewal(u.id);
  expect(invoice.status).toBe('Unpaid');
  // Support reads customers but does not end their services; nor does a customer.
  expect((await cancel(service.id, 'support')).statusCode).toBe(404);
  expect((await t.inject({ method: 'POST', url: `/staff/services/${service.id}/cancel/`, auth: u.auth, payload: { reason: 'Leaving' } })).statusCode).toBe(404);
  // A reason is required, as for every staff action on money or services.
  expect((await cancel(service.id, 'billing', ' ')).statusCode).toBe(400);

  const done = await cancel(service.id, 'billing');
  expect([done.statusCode, done.json()]).toEqual([
    200,
    {
      message: `Service cancelled, with its open renewal invoice ${invoice.invoicenum}.`,
      data: { id: service.id, status: 'Cancelled', auto_renew: false, invoices_cancelled: [invoice.invoicenum] },
    },
  ]);
  expect(await serviceRow(service.id)).toMatchObject({ status: 'Cancelled', autoRenew: false });
  expect((await invoiceById(t, invoice.id)).status).toBe('Cancelled');
  // The customer sees it ended, and cannot pay for a period that will not come.
  const mine = (await t.inject({ url: '/api/user_services/', auth: u.auth })).json() as { id: number; status: string }[];
  expect(mine.find((s) => s.id === service.id)?.status).toBe('Cancelled');
  const pay = await t.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/pay/`, auth: u.auth, payload: {} });
  expect(pay.statusCode).toBeGreaterThanOrEqual(400);
  const log = (await t.inject({ url: '/staff/audit/?action=service.cancel', auth: as('admin') })).json() as { target_id: string; reason: string; before: unknown; after: unknown }[];
  expect(log.find((e) => e.target_id === String(service.id))).toMatchObject({
    reason: 'Customer asked to leave',
    before: { status: 'Active', auto_renew: true },
    after: { status: 'Cancelled', auto_renew: false, invoices_cancelled: [invoice.invoicenum] },
  });

  // Twice: refused, saying why. The lifecycle leaves it alone: no suspension, no termination, no new invoice.
  expect((await cancel(service.id, 'admin')).json()).toEqual({ non_field_errors: ['This service is cancelled already: there is nothing to cancel.'] });
  for (const days of [10, 40, 400]) {
    t.clock.set(new Date(Date.parse('2026-03-03T10:00:00Z') + days * 86_400_000));
    await renewalInvoices(t.app, { now: t.clock.now() });
    await hostingSuspension(t.app, { now: t.clock.now() });
  }
  expect((await serviceRow(service.id)).status).toBe('Cancelled');
  const later = await t.db.orm.select({ id: renewals.id }).from(renewals).where(and(eq(renewals.itemKind, 'hosting'), eq(renewals.itemId, service.id)));
  expect(later).toHaveLength(1);
  expect((await t.db.orm.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, u.id))).length).toBe(1);
});

test('a service without an open invoice is cancelled alone; an unknown id, or a staff account\'s own service, is not found', async () => {
  const u = await t.user();
  const { service, invoice } = await serviceWithRenewal(u.id);
  // Paid already: the invoice stays Paid (a refund is the invoice's, apart).
  await t.db.orm.update(invoices).set({ status: 'Paid', paidAt: t.clock.now() }).where(eq(invoices.id, invoice.id));
  const done = await cancel(service.id, 'admin', 'Abuse report #12');
  expect(done.json()).toMatchObject({ message: 'Service cancelled.', data: { invoices_cancelled: [] } });
  expect((await invoiceById(t, invoice.id)).status).toBe('Paid');
  for (const id of ['999999', 'abc', '1e3']) expect((await cancel(id, 'billing')).json()).toEqual({ detail: 'No such service.' });
  const own = await serviceWithRenewal(staff.billing.id);
  expect((await cancel(own.service.id, 'billing')).statusCode).toBe(404);
  expect((await serviceRow(own.service.id)).status).toBe('Active');
});
