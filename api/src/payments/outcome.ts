// GET /payment/outcome/?reference= | ?invoice=: what became of the caller's own payment, for the page the gateway sends
// the browser back to. The return address names only the reference (as Paystack's does); the amount, the currency and
// the outcome come from here, read from the ledger, so an edited address cannot make the page announce a false credit.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refundsOfInvoice } from '../billing/invoice-refunds';
import { doc } from '../commerce/docs';
import type { Executor } from '../db';
import { invoices, payments, walletEntries } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import { notFound, validationError } from '../http/errors';
import { toMajor } from '../money/money';

export type OutcomeStatus = 'pending' | 'success' | 'failed';

const REFERENCE = /^[A-Za-z0-9_-]{1,100}$/;
const INVOICE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * The items of a paid invoice that could not be delivered and went back to the wallet when it was paid, for the page
 * that says the invoice is paid (a later refund by staff, with its credit note, is on the invoice's page instead).
 */
const refundsOf = async (db: Executor, invoiceId: number) =>
  (await refundsOfInvoice(db, invoiceId))
    .filter((r) => r.creditNote === null)
    .map((r) => ({ amount: toMajor(r.amountMinor), description: r.description }));

/** Whether the invoice renews something the customer has (the lifecycle's, or 'Renew now'), rather than an order. */
const renews = async (db: Executor, invoiceId: number) =>
  (await db.select({ id: renewals.id }).from(renewals).where(eq(renewals.invoiceId, invoiceId)).limit(1)).length > 0;

export async function outcomeRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  app.get(
    '/payment/outcome/',
    {
      schema: doc('payments', "The outcome of one of the caller's payments (?reference=) or checkouts (?invoice=)", 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const userId = request.user!.id;
      if (q.reference !== undefined) {
        if (!REFERENCE.test(q.reference)) throw notFound('No such payment.');
        const [p] = await db
          .select()
          .from(payments)
          .where(and(eq(payments.reference, q.reference), eq(payments.userId, userId)));
        if (!p) throw notFound('No such payment.');
        const [inv] = p.invoiceId ? await db.select().from(invoices).where(eq(invoices.id, p.invoiceId)) : [];
        // A checkout's payment that settled after its invoice was paid another way (or its total changed) is credited
        // to the wallet instead (settle.ts): the page says so, not that this payment paid the invoice.
        const [credited] =
          p.purpose !== 'deposit' && p.status === 'success'
            ? await db.select({ id: walletEntries.id }).from(walletEntries).where(eq(walletEntries.paymentId, p.id)).limit(1)
            : [];
        return {
          reference: p.reference,
          purpose: p.purpose,
          status: p.status as OutcomeStatus,
          amount: toMajor(p.amountMinor),
          currency: p.currency,
          invoicenum: inv?.invoicenum ?? null,
          invoice_status: inv?.status ?? null,
          credited_to_wallet: p.purpose === 'deposit' ? p.status === 'success' : Boolean(credited),
          refunds: inv && inv.status === 'Paid' && !credited ? await refundsOf(db, inv.id) : [],
          // Only a payment for an invoice says whether it renews (a deposit's answer is as it was).
          ...(inv ? { renewal: await renews(db, inv.id) } : {}),
        };
      }
      if (q.invoice !== undefined) {
        if (!INVOICE.test(q.invoice)) throw notFound('No such invoice.');
        const [inv] = await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.invoicenum, q.invoice), eq(invoices.userId, userId)));
        if (!inv) throw notFound('No such invoice.');
        const status: OutcomeStatus = inv.status === 'Paid' ? 'success' : inv.status === 'Unpaid' ? 'pending' : 'failed';
        return {
          reference: null,
          purpose: 'checkout',
          status,
          amount: toMajor(inv.totalMinor),
          currency: inv.currency,
          invoicenum: inv.invoicenum,
          invoice_status: inv.status,
          credited_to_wallet: false,
          refunds: inv.status === 'Paid' ? await refundsOf(db, inv.id) : [],
          renewal: await renews(db, inv.id),
        };
      }
      throw validationError({ non_field_errors: 'Name a payment (reference) or an invoice (invoice).' });
    },
  );
}
