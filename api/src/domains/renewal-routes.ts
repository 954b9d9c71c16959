// 'Renew now' on a domain's page: GET /domain/{domain}/renewal/?years=N (the price, from the server) and
// POST /domain/{domain}/renew/ {years} (a renewal invoice for N years). The invoice is the lifecycle's kind (renewals.ts):
// paying it by any path (wallet, gateway webhook, staff, auto-pay) moves the expiry date by exactly N years, once.
//
// One open renewal invoice per domain and period: the renewal key ('renewal:domain:42:2027-03-03') is unique. Renew now
// with the years of the open invoice (the lifecycle's is 1 year) answers that invoice; other years cancel it (a payment
// still pending for it lands in the wallet, as for any invoice no longer unpaid) and issue the new one under the same key.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MANAGEABLE_DOMAIN_STATUSES, RENEWAL_MESSAGES, RENEWAL_YEARS_MAX, RENEWAL_YEARS_MIN, renewDomainSchema } from 'shared/schemas';
import { addRestoreFee, inRedemption, createRenewalInvoices, dayOf, daysBetween, domainRenewal, maxRenewalYears, restoreFeeIn } from '../billing/renewals';
import { doc } from '../commerce/docs';
import type { Executor } from '../db';
import { invoiceItems, invoices, orders } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import { detailError, notFound, parseBody, validationError } from '../http/errors';
import { toMajor, vatOf } from '../money/money';
import type { PriceBook } from '../money/catalog';
import * as repo from './manage-repository';
import { domainParam } from './manage-routes';
import { rowsOf } from '../db';

type DomainRow = repo.DomainRow;

const renewable = (d: DomainRow) => (MANAGEABLE_DOMAIN_STATUSES as readonly string[]).includes(d.status);

/** ?years= of the quote: missing is 1; anything but a whole number from 1 to 10 is a 400. */
function yearsOf(raw: unknown): number {
  if (raw === undefined || raw === '') return RENEWAL_YEARS_MIN;
  const n = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= RENEWAL_YEARS_MIN && n <= RENEWAL_YEARS_MAX)) throw validationError({ years: RENEWAL_MESSAGES.years });
  return n;
}

interface OpenRenewal {
  renewal_id: number;
  invoice_id: number;
  invoicenum: string;
  due_date: string;
  period_end: string;
  total_minor: string;
  currency: string;
}

/** The domain's unpaid, unapplied renewal invoice (at most one: see the header). */
async function openRenewalOf(ex: Executor, domainId: number, forUpdate = false): Promise<OpenRenewal | undefined> {
  return rowsOf<OpenRenewal>(
    await ex.execute(sql`
      SELECT r.id AS renewal_id, i.id AS invoice_id, i.invoicenum, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
             to_char(r.period_end, 'YYYY-MM-DD') AS period_end, i.total_minor, i.currency
      FROM renewals r JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.item_kind = 'domain' AND r.item_id = ${domainId} AND r.applied_at IS NULL
      ORDER BY r.id DESC
      ${forUpdate ? sql`FOR UPDATE OF r, i` : sql``}`),
  )[0];
}

const yearsBetween = (from: string, to: string) => Math.round(daysBetween(from, to) / 365.25);

export async function domainRenewalRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  async function own(request: FastifyRequest, ex: Executor = db, forUpdate = false): Promise<DomainRow> {
    const by = domainParam((request.params as { domain: string }).domain);
    const d = await repo.findOwnDomain(ex, request.user!.id, by, forUpdate);
    if (!d) throw notFound();
    if (!renewable(d)) throw detailError(409, RENEWAL_MESSAGES.notRenewable(d.status));
    return d;
  }

  /** A 400 at `years` when renewing `d` for that many years would take it further ahead than a registry allows. */
  function withinRegistryLimit(d: DomainRow, years: number) {
    const max = maxRenewalYears(d.nextduedate, dayOf(app.clock.now()));
    if (years > max) throw validationError({ years: RENEWAL_MESSAGES.tooFarAhead(max) });
  }

  /** The renewal as it would be invoiced now: same builder, price book and restore fee as the lifecycle's invoices. */
  async function priced(ex: Executor, d: DomainRow, years: number, book: PriceBook) {
    const tld = book.tldById.get(d.tldId);
    if (!tld) throw detailError(409, `.${d.domainname.split('.').slice(1).join('.')} is no longer sold, so it cannot be renewed here.`);
    // The currency the domain was bought in (the lifecycle's renewal invoices use it too).
    const [bought] = d.invoiceId ? await ex.select({ currency: invoices.currency }).from(invoices).where(eq(invoices.id, d.invoiceId)) : [];
    const currency = bought?.currency ?? 'USD';
    const renewal = domainRenewal(
      book,
      { id: d.id, userId: d.userId, domainname: d.domainname, tld, due: d.nextduedate, years, currency },
      app.clock.now(),
    );
    const restoreFee = inRedemption(d, dayOf(app.clock.now())) ? restoreFeeIn(book, currency) : 0;
    const subtotal = renewal.line.amountMinor + restoreFee;
    const vat = vatOf(subtotal, book.vatPercent);
    return { renewal, currency, restoreFee, subtotal, vat, total: subtotal + vat };
  }

  app.get(
    '/domain/:domain/renewal/',
    {
      schema: {
        ...doc(
          'domains',
          'What renewing one of your domains for `years` (1 to 10, default 1) costs: price per year, restore fee (in Redemption), VAT, total, and the new expiry date',
          'required',
        ),
        querystring: { type: 'object', properties: { years: { type: 'integer', minimum: 1, maximum: 10 } } },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const years = yearsOf((request.query as { years?: unknown }).years);
      const d = await own(request);
      withinRegistryLimit(d, years);
      const q = await priced(db, d, years, await app.commerce.catalog.get());
      const open = await openRenewalOf(db, d.id);
      // The period the open invoice renews is quoted at that invoice's amounts ('Renew now' answers it, not a new
      // one): after a price or VAT change today's prices would name a second total for the same renewal.
      let amounts = { renewal: q.renewal.line.amountMinor, restoreFee: q.restoreFee, subtotal: q.subtotal, vatPercent: q.renewal.vatPercent, vat: q.vat, total: q.total };
      if (open && open.due_date === d.nextduedate && open.period_end === q.renewal.periodEnd) {
        const [inv] = await db.select().from(invoices).where(eq(invoices.id, Number(open.invoice_id)));
        const lines = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, Number(open.invoice_id)));
        const sumOf = (kind: string) => lines.filter((l) => l.kind === kind).reduce((n, l) => n + l.amountMinor, 0);
        // (In Redemption by date before the expiry pass added the fee to it, paying it adds the fee: today's quote.)
        if (inv && inv.currency === q.currency && !(q.restoreFee > 0 && sumOf('restore_fee') === 0)) {
          amounts = { renewal: sumOf('domain_renewal'), restoreFee: sumOf('restore_fee'), subtotal: inv.subtotalMinor, vatPercent: inv.vatPercent, vat: inv.vatMinor, total: inv.totalMinor };
        }
      }
      return {
        domainname: d.domainname,
        status: inRedemption(d, dayOf(app.clock.now())) ? 'Redemption' : d.status,
        years,
        currency: q.currency,
        price_per_year: toMajor(amounts.renewal / years),
        renewal: toMajor(amounts.renewal),
        restore_fee: toMajor(amounts.restoreFee),
        subtotal: toMajor(amounts.subtotal),
        vat_percent: Number(amounts.vatPercent),
        vat: toMajor(amounts.vat),
        total: toMajor(amounts.total),
        expirydate: d.nextduedate,
        new_expirydate: q.renewal.periodEnd,
        open_invoice: open
          ? {
              invoice_id: Number(open.invoice_id),
              invoicenum: open.invoicenum,
              years: yearsBetween(open.due_date, open.period_end),
              total: toMajor(Number(open.total_minor)),
              currency: open.currency,
            }
          : null,
      };
    },
  );

  app.post(
    '/domain/:domain/renew/',
    {
      schema: {
        ...doc(
          'domains',
          'Renew one of your domains now: `{"years": 1..10}` issues (or answers the open) renewal invoice; paying it moves the expiry date by exactly that many years',
          'required',
        ),
        body: { type: 'object', properties: { years: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['years'] },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const { years } = parseBody(renewDomainSchema, request.body);
      const book = await app.commerce.catalog.get();
      const answer = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Executor;
        // Locks in the order payInvoice takes them (the open invoice, then the domain), so a payment of that invoice at
        // the same moment waits or is waited for instead of deadlocking; two Renew now of one domain queue.
        const seen = await own(request, tx);
        const before = await openRenewalOf(tx, seen.id);
        if (before) await tx.execute(sql`SELECT id FROM invoices WHERE id = ${Number(before.invoice_id)} FOR UPDATE`);
        const d = await own(request, tx, true);
        withinRegistryLimit(d, years);
        const q = await priced(tx, d, years, book);
        const now = app.clock.now();
        const open = await openRenewalOf(tx, d.id, true);
        if (open && open.due_date === d.nextduedate && open.period_end === q.renewal.periodEnd) {
          return { created: false, invoiceId: Number(open.invoice_id), invoicenum: open.invoicenum, d, q };
        }
        if (open) {
          // Replaced: cancelled, and its renewal row removed so the period's key is free for the new one; its note names
          // the new invoice below (a reminder mail's link to it leads to a page that says where to pay now).
          const cancelled = await tx
            .update(invoices)
            .set({ status: 'Cancelled' })
            .where(and(eq(invoices.id, Number(open.invoice_id)), eq(invoices.status, 'Unpaid')))
            .returning({ orderId: invoices.orderId });
          if (cancelled.length !== 1) throw detailError(409, RENEWAL_MESSAGES.busy);
          await tx.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, cancelled[0]!.orderId));
          await tx.delete(renewals).where(and(eq(renewals.id, Number(open.renewal_id)), isNull(renewals.appliedAt)));
        }
        const made = (await createRenewalInvoices(tx, [q.renewal], now)).get(q.renewal.key);
        // The period's key taken meanwhile (the lifecycle's pass): nothing was written here; the customer tries again.
        if (!made) throw detailError(409, RENEWAL_MESSAGES.busy);
        if (open) {
          const note = ` (replaced by ${made.invoicenum}: renewal for ${years} year${years === 1 ? '' : 's'} requested)`;
          await tx.update(invoices).set({ notes: sql`trim(${invoices.notes} || ${note})` }).where(eq(invoices.id, Number(open.invoice_id)));
        }
        if (inRedemption(d, dayOf(now))) await addRestoreFee(tx, book, made.id);
        return { created: true, invoiceId: made.id, invoicenum: made.invoicenum, d, q };
      });
      const [inv] = await db.select().from(invoices).where(eq(invoices.id, answer.invoiceId));
      return reply.code(answer.created ? 201 : 200).send({
        message: answer.created
          ? `Invoice ${answer.invoicenum} created. Pay it to renew ${answer.d.domainname} for ${years} year${years === 1 ? '' : 's'}.`
          : `Invoice ${answer.invoicenum} already renews ${answer.d.domainname} for ${years} year${years === 1 ? '' : 's'}. Pay it to renew.`,
        data: {
          invoice_id: inv!.id,
          invoicenum: inv!.invoicenum,
          status: inv!.status,
          years,
          total: toMajor(inv!.totalMinor),
          currency: inv!.currency,
          expirydate: answer.d.nextduedate,
          new_expirydate: answer.q.renewal.periodEnd,
        },
      });
    },
  );
}
