// Staff invoices (customers' only): the list (filter by status), one invoice with its refunds; refund a paid invoice in full or in
// part to the customer's wallet as a credit note (never more than was paid: the invoice row is locked while its
// refunds are summed, so two refunds at once give the money once); mark an unpaid invoice paid by bank transfer.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { payInvoice, paymentMethodLabel, type Provisioned } from '../billing/provision';
import { receiptsOf } from '../billing/receipt-mail';
import { isRowId, rowIdIn, type Executor, rowsOf } from '../db';
import { users } from '../db/schema';
import { invoiceItems, invoices, walletEntries } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { formatMoney, toMajor } from '../money/money';
import { credit, staffEntryText } from '../payments/wallet';
import { audit } from './audit';
import { isCustomer, lockLiveCustomer } from './customers';
import { escapeLike, moneyField, reasonField } from './fields';
import { staffOf } from './plugin';
import { invoiceRefunds } from './schema';

const Refund = v.object({ amount: moneyField({ min: 1 }), reason: reasonField });
const MarkPaid = v.object({
  reference: v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => typeof x === 'string' && x.trim() !== '', 'Enter the bank transfer reference.'),
    v.transform((x) => String(x).trim()),
    v.check((x) => x.length <= 100, 'Ensure this field has no more than 100 characters.'),
  ),
});

type Invoice = typeof invoices.$inferSelect;

const INVOICE_STATUSES = ['Unpaid', 'Paid', 'Cancelled'];

/**
 * What the customer got back of an invoice's money: staff refunds (credit notes) and the automatic refund of a name
 * someone else registered first (billing/provision.ts), both wallet refunds of the invoice with no gateway payment.
 * A gateway payment that paid nothing (settle.ts: another amount, the invoice paid meanwhile) is its own money back,
 * not the invoice's, and has its payment id.
 */
const REFUNDED_OF_INVOICE = (invoiceId: typeof invoices.id | number) =>
  sql`(SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_entries w WHERE w.invoice_id = ${invoiceId} AND w.kind = 'refund' AND w.payment_id IS NULL)`;

export async function refundedMinor(ex: Executor, invoiceId: number): Promise<number> {
  const [row] = rowsOf<{ total: string }>(await ex.execute(sql`SELECT ${REFUNDED_OF_INVOICE(invoiceId)} AS total`));
  return Number(row?.total ?? 0);
}

export async function invoiceAdminRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  const view = (i: Invoice, username: string, refunded: number) => ({
    id: i.id,
    invoicenum: i.invoicenum,
    user: i.userId,
    username,
    status: i.status,
    currency: i.currency,
    subtotal: toMajor(i.subtotalMinor),
    vat: toMajor(i.vatMinor),
    total: toMajor(i.totalMinor),
    refunded: toMajor(refunded),
    refundable: i.status === 'Paid' ? toMajor(i.totalMinor - refunded) : 0,
    payment_kind: i.paymentKind,
    // In words, as the customer is told it ('' while nothing has paid a renewal invoice).
    payment_method: paymentMethodLabel(i),
    bank_reference: i.bankReference,
    due_date: i.dueDate,
    created_at: i.createdAt.toISOString(),
    paid_at: i.paidAt ? i.paidAt.toISOString() : null,
  });
  const load = async (ex: Executor, raw: string, lock = false) => {
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound('No such invoice.');
    // A staff account's own invoice is not the console's: no refund or mark-paid of one's own purchase.
    const q = ex
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(and(eq(invoices.id, id), isCustomer));
    const [row] = lock ? await q.for('update', { of: invoices }) : await q;
    if (!row) throw notFound('No such invoice.');
    return row.invoice;
  };

  app.get('/staff/invoices/', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const where: SQL[] = [];
    if (q.status) {
      if (q.status === 'Overdue') {
        where.push(eq(invoices.status, 'Unpaid'), sql`${invoices.dueDate} < ${app.clock.now().toISOString().slice(0, 10)}`);
      } else if (INVOICE_STATUSES.includes(q.status)) where.push(eq(invoices.status, q.status as Invoice['status']));
      else throw validationError({ status: `Choose a status: ${INVOICE_STATUSES.join(', ')}, Overdue.` });
    }
    if (q.q) {
      // The term as typed: a '%' or '_' in it is that character, not a wildcard.
      const like = `%${escapeLike(q.q.slice(0, 50))}%`;
      where.push(sql`(${invoices.invoicenum} ILIKE ${like} OR ${users.username} ILIKE ${like})`);
    }
    const rows = await db
      .select({ invoice: invoices, username: users.username, refunded: REFUNDED_OF_INVOICE(invoices.id) })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(and(isCustomer, ...where))
      .orderBy(desc(invoices.id))
      .limit(200);
    return rows.map((r) => view(r.invoice, r.username, Number(r.refunded ?? 0)));
  });

  app.get('/staff/invoices/:id/', async (request) => {
    const i = await load(db, (request.params as { id: string }).id);
    const [[u], items, refunds] = await Promise.all([
      db.select({ username: users.username }).from(users).where(eq(users.id, i.userId)),
      db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, i.id)).orderBy(invoiceItems.id),
      db.select().from(invoiceRefunds).where(eq(invoiceRefunds.invoiceId, i.id)).orderBy(invoiceRefunds.id),
    ]);
    const refunded = await refundedMinor(db, i.id);
    return {
      ...view(i, u?.username ?? '', refunded),
      items: items.map((it) => ({ id: it.id, name: it.name, domain: it.domainName, amount: toMajor(it.amountMinor) })),
      refunds: refunds.map((r) => ({
        id: r.id,
        credit_note: r.creditNote,
        amount: toMajor(r.amountMinor),
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });

  app.post('/staff/invoices/:id/refunds/', async (request, reply) => {
    const body = parseBody(Refund, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    const result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      // The lock: a second refund of this invoice waits here until the first has committed, then sees it.
      const inv = await load(tx, (request.params as { id: string }).id, true);
      await lockLiveCustomer(tx, inv.userId, 'amount');
      if (inv.status !== 'Paid') throw validationError({ amount: `Invoice ${inv.invoicenum} is ${inv.status.toLowerCase()}: only a paid invoice can be refunded.` });
      const refunded = await refundedMinor(tx, inv.id);
      const left = inv.totalMinor - refunded;
      if (left <= 0) throw validationError({ amount: `Invoice ${inv.invoicenum} has already been refunded in full.` });
      if (body.amount > left) {
        throw validationError({ amount: `At most ${formatMoney(left, inv.currency)} can be refunded: that is what was paid and not yet refunded.` });
      }
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoiceRefunds).where(eq(invoiceRefunds.invoiceId, inv.id));
      const creditNote = `CN-${inv.invoicenum}-${(count?.n ?? 0) + 1}`;
      await credit(tx, {
        userId: inv.userId,
        currency: inv.currency,
        amountMinor: body.amount,
        kind: 'refund',
        invoiceId: inv.id,
        description: staffEntryText.refund(inv.invoicenum!, creditNote, body.reason),
        now,
      });
      const [entry] = await tx
        .select({ id: walletEntries.id })
        .from(walletEntries)
        .where(and(eq(walletEntries.invoiceId, inv.id), eq(walletEntries.kind, 'refund')))
        .orderBy(desc(walletEntries.id))
        .limit(1);
      const [row] = await tx
        .insert(invoiceRefunds)
        .values({ invoiceId: inv.id, creditNote, amountMinor: body.amount, currency: inv.currency, reason: body.reason, staffId: me.id, walletEntryId: entry!.id, createdAt: now })
        .returning();
      await audit(
        tx,
        me,
        {
          action: 'invoice.refund',
          targetType: 'invoice',
          targetId: inv.invoicenum ?? inv.id,
          before: { refunded: toMajor(refunded), currency: inv.currency },
          after: { refunded: toMajor(refunded + body.amount), amount: toMajor(body.amount), credit_note: creditNote },
          reason: body.reason,
        },
        now,
      );
      return { row: row!, left: left - body.amount };
    });
    return reply.code(201).send({
      message: 'Refunded to the customer\'s wallet.',
      data: { credit_note: result.row.creditNote, amount: toMajor(result.row.amountMinor), currency: result.row.currency, refundable: toMajor(result.left) },
    });
  });

  app.post('/staff/invoices/:id/mark-paid/', async (request) => {
    const body = parseBody(MarkPaid, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    let provisioned: Provisioned | null = null;
    const updated = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const inv = await load(tx, (request.params as { id: string }).id, true);
      await lockLiveCustomer(tx, inv.userId, 'reference');
      if (inv.status !== 'Unpaid') throw validationError({ reference: `Invoice ${inv.invoicenum} is ${inv.status.toLowerCase()}, not unpaid.` });
      // The reference first: what the invoice provisions records its payment method (a domain's 'Bank transfer').
      await tx.update(invoices).set({ bankReference: body.reference }).where(eq(invoices.id, inv.id));
      provisioned = await payInvoice(tx, inv.id, now, receiptsOf(app));
      const [u] = await tx.select().from(invoices).where(eq(invoices.id, inv.id));
      const [owner] = await tx.select({ username: users.username }).from(users).where(eq(users.id, inv.userId));
      await audit(
        tx,
        me,
        { action: 'invoice.mark_paid', targetType: 'invoice', targetId: inv.invoicenum ?? inv.id, before: { status: 'Unpaid' }, after: { status: 'Paid', bank_reference: body.reference } },
        now,
      );
      // A name someone else got first was refunded as the invoice was paid (payInvoice): not refundable again.
      return { invoice: u!, username: owner?.username ?? '', refunded: await refundedMinor(tx, inv.id) };
    });
    if (provisioned) await app.commerce.registered((provisioned as Provisioned).names);
    return { message: 'Invoice marked paid.', data: view(updated.invoice, updated.username, updated.refunded) };
  });
}
