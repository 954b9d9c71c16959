// The customer's side of the lifecycle: turn auto-renew on or off, the dashboard's notices (overdue invoices, domains
// in Grace or Redemption, judged by the server's clock), and an invoice as a PDF.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { doc } from '../commerce/docs';
import { customerDomains, invoiceItems, userServices } from '../db/schema-commerce';
import { DOMAIN_MESSAGES, ENDED_DOMAIN_STATUSES, ENDED_SERVICE_STATUSES, hasEnded } from 'shared/schemas';
import { detailError, notFound, validationError } from '../http/errors';
import { findOwnDomain } from '../domains/manage-repository';
import { domainParam } from '../domains/manage-routes';
import { toMajor } from '../money/money';
import { invoicePdf } from './invoice-pdf';
import { partiesOfInvoice } from './invoice-parties';
import { findOwnInvoice } from './routes';
import { isRowId, rowIdIn, rowsOf } from '../db';
import { refundsOfInvoice } from './invoice-refunds';

function autoRenewOf(body: unknown): boolean {
  const value = (body as { auto_renew?: unknown } | null)?.auto_renew;
  if (typeof value !== 'boolean') throw validationError({ auto_renew: 'Must be a valid boolean.' });
  return value;
}


const idOf = (raw: string) => {
  const id = rowIdIn(raw);
  if (!isRowId(id)) throw notFound();
  return id;
};

export async function lifecycleRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  app.put(
    '/domain/:id/auto-renew/',
    { schema: doc('domains', 'Turn auto-renew of one of your domains on or off: {auto_renew}', 'required'), preHandler: app.requireUser },
    async (request) => {
      // By id (the dashboard's table) or by name, like every /domain/{domain}/ route.
      const domain = await findOwnDomain(db, request.user!.id, domainParam((request.params as { id: string }).id));
      if (!domain) throw notFound();
      const value = autoRenewOf(request.body);
      // A domain that has left the account (Released, Cancelled) has nothing left to renew: read-only, as its page.
      if (hasEnded(ENDED_DOMAIN_STATUSES, domain.status)) throw detailError(403, DOMAIN_MESSAGES.readOnly(domain.status));
      // Still not ended when written: a release between the read and here leaves it as it is.
      const [row] = await db
        .update(customerDomains)
        .set({ autoRenew: value })
        .where(and(eq(customerDomains.id, domain.id), notInArray(customerDomains.status, [...ENDED_DOMAIN_STATUSES])))
        .returning();
      if (!row) throw detailError(403, DOMAIN_MESSAGES.readOnly((await findOwnDomain(db, request.user!.id, { id: domain.id }))?.status ?? 'Released'));
      return { id: row.id, domainname: row.domainname, auto_renew: row.autoRenew };
    },
  );

  app.put(
    '/api/user_services/:id/auto-renew/',
    { schema: doc('billing', 'Turn auto-renew of one of your hosting services on or off: {auto_renew}', 'required'), preHandler: app.requireUser },
    async (request) => {
      const value = autoRenewOf(request.body);
      const own = and(eq(userServices.id, idOf((request.params as { id: string }).id)), eq(userServices.userId, request.user!.id));
      const [service] = await db.select({ status: userServices.status }).from(userServices).where(own);
      if (!service) throw notFound();
      // A service that has ended (Terminated, Cancelled) has nothing left to renew, like an ended domain.
      if (hasEnded(ENDED_SERVICE_STATUSES, service.status)) throw detailError(403, `This service is ${service.status.toLowerCase()}: there is nothing to renew.`);
      const [row] = await db.update(userServices).set({ autoRenew: value }).where(own).returning();
      if (!row) throw notFound();
      return { id: row.id, name: row.name, auto_renew: row.autoRenew };
    },
  );

  app.get(
    '/api/lifecycle/notices/',
    { schema: doc('billing', 'What needs the customer: overdue invoices, domains in Grace or Redemption, suspended hosting services', 'required'), preHandler: app.requireUser },
    async (request) => {
      const today = app.clock.now().toISOString().slice(0, 10);
      const userId = request.user!.id;
      const overdue = rowsOf<{ id: number; invoicenum: string; due_date: string; total_minor: string; currency: string }>(
        await db.execute(sql`
          SELECT id, invoicenum, to_char(due_date, 'YYYY-MM-DD') AS due_date, total_minor, currency FROM invoices
          WHERE user_id = ${userId} AND status = 'Unpaid' AND due_date < ${today}::date ORDER BY due_date, id`),
      );
      const lapsed = rowsOf<{ domainname: string; status: string; expirydate: string; invoicenum: string | null; invoice_id: number | null }>(
        await db.execute(sql`
          SELECT d.domainname, d.status, to_char(d.nextduedate, 'YYYY-MM-DD') AS expirydate, i.invoicenum, i.id AS invoice_id
          FROM customer_domains d
          LEFT JOIN renewals r ON r.item_kind = 'domain' AND r.item_id = d.id AND r.applied_at IS NULL
          LEFT JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
          WHERE d.user_id = ${userId} AND d.status IN ('Grace', 'Redemption') ORDER BY d.nextduedate, d.id`),
      );
      const suspended = rowsOf<{ id: number; name: string; domain: string; invoicenum: string | null; invoice_id: number | null }>(
        await db.execute(sql`
          SELECT s.id, s.name, s.domain, i.invoicenum, i.id AS invoice_id
          FROM user_services s
          LEFT JOIN renewals r ON r.item_kind = 'hosting' AND r.item_id = s.id AND r.applied_at IS NULL
          LEFT JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
          WHERE s.user_id = ${userId} AND s.status = 'Suspended' ORDER BY s.nextduedate, s.id`),
      );
      return {
        overdue_invoices: overdue.map((i) => ({
          id: Number(i.id),
          invoicenum: i.invoicenum,
          duedate: i.due_date,
          total: toMajor(Number(i.total_minor)),
          currency: i.currency,
        })),
        domains: lapsed.map((d) => ({
          domainname: d.domainname,
          status: d.status,
          expirydate: d.expirydate,
          invoicenum: d.invoicenum,
          invoice_id: d.invoice_id === null ? null : Number(d.invoice_id),
        })),
        // Hosting suspended for an unpaid renewal: paying its invoice reactivates it.
        services: suspended.map((x) => ({
          id: Number(x.id),
          name: x.name,
          domain: x.domain,
          status: 'Suspended',
          invoicenum: x.invoicenum,
          invoice_id: x.invoice_id === null ? null : Number(x.invoice_id),
        })),
      };
    },
  );

  app.get(
    '/api/invoices/:id/pdf/',
    { schema: doc('billing', 'One of your invoices as a PDF (check it with pdftotext)', 'required'), preHandler: app.requireUser },
    async (request, reply) => {
      const inv = await findOwnInvoice(app, (request.params as { id: string }).id, request.user!.id);
      const [lines, parties, refunds] = await Promise.all([
        db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, inv.id)).orderBy(asc(invoiceItems.id)),
        partiesOfInvoice(db, inv),
        refundsOfInvoice(db, inv.id),
      ]);
      const pdf = await invoicePdf({
        seller: { name: app.config.productName, ...parties.seller },
        customer: parties.customer,
        invoicenum: inv.invoicenum ?? String(inv.id),
        status: inv.status,
        createdAt: inv.createdAt,
        dueDate: inv.dueDate,
        paidAt: inv.paidAt,
        currency: inv.currency,
        vatPercent: inv.vatPercent,
        subtotalMinor: inv.subtotalMinor,
        vatMinor: inv.vatMinor,
        totalMinor: inv.totalMinor,
        lines: lines.map((l) => ({ name: l.kind === 'hosting' || !l.domainName || l.name.includes(l.domainName) ? l.name : `${l.name}: ${l.domainName}`, details: l.description, amountMinor: l.amountMinor })),
        refunds,
      });
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${inv.invoicenum ?? inv.id}.pdf"`)
        .header('cache-control', 'private, no-store');
      return Buffer.from(pdf);
    },
  );
}
