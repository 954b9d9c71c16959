// POST /api/checkout/, GET /api/user_invoice_list/, GET /api/invoices/{id}/, GET /api/user_services/ (the
// user-services path the spec leaves open). Only the caller's own invoices and services exist for them.
import { and, desc, eq, sql } from 'drizzle-orm';
import { doc } from '../commerce/docs';
import type { FastifyInstance } from 'fastify';
import { invoiceItems, invoices, userServices } from '../db/schema-commerce';
import { nonFieldError, notFound } from '../http/errors';
import { toMajor } from '../money/money';
import { checkout, payExistingInvoice } from './checkout';
import { refundsOfInvoice } from './invoice-refunds';
import { paymentMethodLabel } from './provision';
import { isRowId, rowIdIn, rowsOf } from '../db';

type Invoice = typeof invoices.$inferSelect;

function invoiceView(i: Invoice) {
  return {
    id: i.id,
    invoicenum: i.invoicenum,
    paymentmethod: paymentMethodLabel(i),
    notes: i.notes,
    duedate: i.dueDate,
    total: toMajor(i.totalMinor),
    subtotal: toMajor(i.subtotalMinor),
    tax: toMajor(i.vatMinor),
    currencycode: i.currency,
    created_at: i.createdAt.toISOString(),
    datepaid: i.paidAt?.toISOString() ?? null,
    status: i.status,
  };
}

/** The caller's invoice by id ('12') or number ('INV-000012'); anyone else's is 404, like one that does not exist. */
export async function findOwnInvoice(app: FastifyInstance, raw: string, userId: number): Promise<Invoice> {
  const byNumber = /^INV-\d{1,12}$/i.test(raw);
  const id = rowIdIn(raw);
  if (!byNumber && !isRowId(id)) throw notFound();
  const [inv] = await app.db.orm
    .select()
    .from(invoices)
    .where(
      and(
        byNumber ? eq(invoices.invoicenum, raw.toUpperCase()) : eq(invoices.id, id),
        eq(invoices.userId, userId),
      ),
    );
  if (!inv) throw notFound();
  return inv;
}

export async function billingRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  app.post(
    '/api/checkout/',
    {
      schema: doc(
        'billing',
        'Turn the cart into an invoice and pay it (wallet) or get a payment page (gateways)',
        'required',
      ),
      preHandler: app.requireUser,
    },
    async (request) => {
      const body = request.body;
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw nonFieldError('Invalid data. Expected a dictionary.');
      }
      return checkout(app, request, (body ?? {}) as Record<string, unknown>);
    },
  );

  app.post(
    '/api/invoices/:id/pay/',
    {
      schema: doc(
        'billing',
        'Pay an unpaid invoice from the wallet or through a new payment page',
        'required',
      ),
      preHandler: app.requireUser,
    },
    async (request) => {
      const id = rowIdIn((request.params as { id: string }).id);
      if (!isRowId(id)) throw notFound();
      const body = request.body;
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw nonFieldError('Invalid data. Expected a dictionary.');
      }
      return payExistingInvoice(app, request, id, (body ?? {}) as Record<string, unknown>);
    },
  );

  app.get(
    '/api/user_invoice_list/',
    {
      schema: doc('billing', "The customer's invoices, newest first", 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, request.user!.id))
        .orderBy(desc(invoices.id));
      return { invoices: { totalresults: rows.length, invoices: { invoice: rows.map(invoiceView) } } };
    },
  );

  app.get(
    '/api/invoices/:id/',
    {
      schema: doc('billing', 'One invoice with its lines (by id, or by number: INV-000012)', 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const inv = await findOwnInvoice(app, (request.params as { id: string }).id, request.user!.id);
      const items = await db
        .select()
        .from(invoiceItems)
        .where(eq(invoiceItems.invoiceId, inv.id))
        .orderBy(invoiceItems.id);
      const today = app.clock.now().toISOString().slice(0, 10);
      const refunds = await refundsOfInvoice(db, inv.id);
      // A hosting service this invoice renews is suspended for it: paying reactivates it (the page says so).
      const suspended = rowsOf(
        await db.execute(sql`
          SELECT 1 FROM renewals r JOIN user_services s ON s.id = r.item_id
          WHERE r.invoice_id = ${inv.id} AND r.item_kind = 'hosting' AND s.status = 'Suspended' LIMIT 1`),
      );
      return {
        ...invoiceView(inv),
        vat_percent: Number(inv.vatPercent),
        overdue: inv.status === 'Unpaid' && inv.dueDate < today,
        service_suspended: inv.status === 'Unpaid' && suspended.length > 0,
        // What of it went back to the wallet (an item not delivered, a refund with its credit note): added, not a status.
        refunded: toMajor(refunds.reduce((sum, r) => sum + r.amountMinor, 0)),
        refunds: refunds.map((r) => ({
          amount: toMajor(r.amountMinor),
          description: r.description,
          credit_note: r.creditNote,
          created_at: r.createdAt.toISOString(),
        })),
        items: items.map((it) => ({
          id: it.id,
          service: it.serviceId,
          description: it.name,
          domain: it.domainName,
          amount: toMajor(it.amountMinor),
          kind: it.kind,
          details: it.description,
        })),
      };
    },
  );

  app.get(
    '/api/user_services/',
    { schema: doc('billing', "The customer's hosting services", 'required'), preHandler: app.requireUser },
    async (request) => {
      const rows = await db
        .select()
        .from(userServices)
        .where(eq(userServices.userId, request.user!.id))
        .orderBy(desc(userServices.id));
      return rows.map((s) => ({
        id: s.id,
        name: s.name,
        billingcycle: s.billingcycle,
        domain: s.domain,
        regdate: s.regdate,
        nextduedate: s.nextduedate,
        serverhostname: s.serverhostname,
        status: s.status,
        service: s.serviceId,
        auto_renew: s.autoRenew,
      }));
    },
  );
}
