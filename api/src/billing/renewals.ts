// The lifecycle's shared rules (CONTRACT.md 'Round 2: after the sale'): its constants, date arithmetic on UTC calendar
// days, idempotency keys, the creation of a renewal invoice, and what paying one does (extend by exactly one period).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { customerDomains, invoiceItems, invoices, userServices } from '../db/schema-commerce';
import { lifecycleMarks, renewals, type RenewalItemKind } from '../db/schema-lifecycle';
import { convert, domainPrice, type PriceBook, type TldProduct } from '../money/catalog';
import { vatOf } from '../money/money';
import { recordInvoiceParties } from './invoice-parties';
import { REGISTRATION_YEARS_AHEAD_MAX, RENEWAL_YEARS_MAX } from 'shared/schemas';
import { rowsOf } from '../db';

export const LIFECYCLE = {
  /** Renewal invoice created this many days before the due date. */
  invoiceDaysBefore: 14,
  /** Auto-pay from the wallet from this many days before the due date, once a day. */
  autoPayDaysBefore: 7,
  /** Domains: Grace from the expiry date, Redemption 30 days later, Released 30 days after that. */
  graceDays: 30,
  redemptionDays: 30,
  /**
   * An incoming transfer completes this many days after it was paid (the losing registrar's 5 days to object, after
   * which registries approve it: ICANN's transfer policy); it is then Active and follows the renewal lifecycle.
   */
  transferDays: 5,
  /** Restore fee added in Redemption: 80.00 USD (or its value in the invoice currency). */
  restoreFeeMinor: 8000,
  restoreFeeCurrency: 'USD',
  /** Hosting: Suspended 3 days past due, Terminated 30 days past due. */
  suspendDaysAfter: 3,
  terminateDaysAfter: 30,
} as const;

/** 'YYYY-MM-DD' (UTC) of an instant. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m: m - 1, d };
};

export function addDays(day: string, n: number): string {
  const { y, m, d } = parseDay(day);
  return new Date(Date.UTC(y, m, d + n)).toISOString().slice(0, 10);
}

/** Adds months, keeping the day of the month or the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parseDay(day);
  const last = new Date(Date.UTC(y, m + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The most years a domain expiring on `due` can be renewed for on `today` (up to RENEWAL_YEARS_MAX): its new expiry date
 * may be at most REGISTRATION_YEARS_AHEAD_MAX years after today, as every registry refuses a longer one. 0 when it is
 * that far ahead already.
 */
export function maxRenewalYears(due: string, today: string): number {
  const limit = addMonths(today, 12 * REGISTRATION_YEARS_AHEAD_MAX);
  let years = RENEWAL_YEARS_MAX;
  while (years > 0 && addMonths(due, 12 * years) > limit) years--;
  return years;
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const a = parseDay(from);
  const b = parseDay(to);
  return Math.round((Date.UTC(b.y, b.m, b.d) - Date.UTC(a.y, a.m, a.d)) / 86_400_000);
}

/** Months in one billing period of a hosting service ('Annually' as sold, 'Monthly' for services sold before). */
export function cycleMonths(billingcycle: string): number {
  switch (billingcycle) {
    case 'Monthly':
      return 1;
    case 'Quarterly':
      return 3;
    case 'Semi-Annually':
      return 6;
    case 'Biennially':
      return 24;
    default:
      return 12;
  }
}

/** 'renewal:domain:42:2027-03-03': the item and the due date the period starts from. */
export const renewalKey = (kind: RenewalItemKind, id: number, due: string) => `renewal:${kind}:${id}:${due}`;

/** Records `key` once; true only for the caller that recorded it (the unique index decides, not memory). */
export async function markOnce(tx: Executor, key: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(lifecycleMarks)
    .values({ key, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: lifecycleMarks.key });
  return rows.length === 1;
}

export interface RenewalLine {
  kind: 'domain_renewal' | 'hosting_renewal';
  serviceId: number;
  productId: number;
  domainName: string | null;
  name: string;
  description: string;
  amountMinor: number;
}

export interface NewRenewal {
  key: string;
  itemKind: RenewalItemKind;
  itemId: number;
  userId: number;
  currency: string;
  vatPercent: string;
  dueDate: string;
  periodEnd: string;
  line: RenewalLine;
  notes: string;
  now: Date;
}

/**
 * Creates, for each renewal, its order, its invoice (numbered from its id), its line and its renewal row, in one
 * statement for the whole list (a statement costs more than its rows on the embedded database). The unique renewal key
 * decides: a renewal another pass created meanwhile is skipped, and the order and invoice made for it here are removed
 * again, in the caller's transaction. Returns the invoices created, in the order given. Payment kind starts as wallet
 * (auto-pay); paying another way records the kind used.
 */
export async function createRenewalInvoices(
  tx: Executor,
  list: NewRenewal[],
  now: Date,
): Promise<Map<string, { id: number; invoicenum: string; totalMinor: number }>> {
  const created = new Map<string, { id: number; invoicenum: string; totalMinor: number }>();
  if (list.length === 0) return created;
  const rows = list.map((r) => {
    const vat = vatOf(r.line.amountMinor, r.vatPercent);
    return {
      key: r.key,
      item_kind: r.itemKind,
      item_id: r.itemId,
      user_id: r.userId,
      currency: r.currency,
      subtotal: r.line.amountMinor,
      vat,
      total: r.line.amountMinor + vat,
      vat_percent: r.vatPercent,
      notes: r.notes,
      due_date: r.dueDate,
      period_end: r.periodEnd,
      service_id: r.line.serviceId,
      product_id: r.line.productId,
      kind: r.line.kind,
      domain_name: r.line.domainName,
      name: r.line.name,
      description: r.line.description,
    };
  });
  // Parameters as text with explicit casts: PGlite and node-postgres then agree on every type.
  const at = now.toISOString();
  const result = await tx.execute(sql`
    WITH d AS MATERIALIZED (
      SELECT d.*, nextval(pg_get_serial_sequence('orders', 'id')) AS oid,
             nextval(pg_get_serial_sequence('invoices', 'id')) AS iid
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(
        key text, item_kind text, item_id int, user_id int, currency text, subtotal bigint, vat bigint, total bigint,
        vat_percent numeric, notes text, due_date date, period_end date, service_id int, product_id int, kind text,
        domain_name text, name text, description text)
    ), o AS (
      INSERT INTO orders (id, user_id, status, created_at)
      SELECT oid, user_id, 'Pending', ${at}::timestamptz FROM d
      RETURNING id
    ), i AS (
      INSERT INTO invoices (id, invoicenum, order_id, user_id, currency, subtotal_minor, vat_minor, total_minor,
                            vat_percent, payment_kind, status, notes, due_date, created_at)
      SELECT d.iid, 'INV-' || CASE WHEN length(d.iid::text) >= 6 THEN d.iid::text ELSE lpad(d.iid::text, 6, '0') END,
             o.id, d.user_id, d.currency, d.subtotal, d.vat, d.total, d.vat_percent, 'wallet', 'Unpaid', d.notes,
             d.due_date, ${at}::timestamptz
      FROM d JOIN o ON o.id = d.oid
      RETURNING id
    ), it AS (
      INSERT INTO invoice_items (invoice_id, service_id, product_id, kind, domain_name, name, description, amount_minor)
      SELECT i.id, d.service_id, d.product_id, d.kind, d.domain_name, d.name, d.description, d.subtotal
      FROM d JOIN i ON i.id = d.iid
    ), rn AS (
      INSERT INTO renewals (key, item_kind, item_id, user_id, due_date, period_end, invoice_id, created_at)
      SELECT d.key, d.item_kind, d.item_id, d.user_id, d.due_date, d.period_end, i.id, ${at}::timestamptz
      FROM d JOIN i ON i.id = d.iid
      ON CONFLICT (key) DO NOTHING
      RETURNING invoice_id
    )
    SELECT d.key, d.iid AS id, d.oid,
           'INV-' || CASE WHEN length(d.iid::text) >= 6 THEN d.iid::text ELSE lpad(d.iid::text, 6, '0') END AS invoicenum,
           d.total, EXISTS (SELECT 1 FROM rn WHERE rn.invoice_id = d.iid) AS created
    FROM d`);
  const lost: number[] = [];
  for (const row of rowsOf<{ key: string; id: number; oid: number; invoicenum: string; total: string; created: boolean }>(result)) {
    if (row.created) created.set(row.key, { id: Number(row.id), invoicenum: row.invoicenum, totalMinor: Number(row.total) });
    else lost.push(Number(row.oid));
  }
  // Another pass won these: their orders go, and with them (ON DELETE CASCADE) the invoices and lines made here.
  if (lost.length) await tx.execute(sql`DELETE FROM orders WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(lost)}::jsonb)::int)`);
  await recordInvoiceParties(tx, [...created.values()].map((c) => c.id));
  return created;
}

/** The restore fee of a domain in Redemption (80.00 USD) in `currency`. */
export const restoreFeeIn = (book: PriceBook, currency: string) =>
  convert(book, LIFECYCLE.restoreFeeMinor, LIFECYCLE.restoreFeeCurrency, currency);

/** What renewing one domain for a year costs in `currency`: a premium name's own renewal price, else its TLD's. */
export const domainRenewalPrice = (book: PriceBook, tld: TldProduct, domainname: string, currency: string) =>
  domainPrice(book, tld, 'renewal', currency, domainname);

/**
 * The renewal of one domain for `years` from its expiry date `due` (the lifecycle's invoice 14 days before expiry, and
 * 'Renew now' on the domain's page): one line, the renewal price times the years, under the period's renewal key.
 */
export function domainRenewal(
  book: PriceBook,
  d: { id: number; userId: number; domainname: string; tld: TldProduct; due: string; years: number; currency: string },
  now: Date,
): NewRenewal {
  const end = addMonths(d.due, 12 * d.years);
  return {
    key: renewalKey('domain', d.id, d.due),
    itemKind: 'domain',
    itemId: d.id,
    userId: d.userId,
    currency: d.currency,
    vatPercent: book.vatPercent,
    dueDate: d.due,
    periodEnd: end,
    line: {
      kind: 'domain_renewal',
      serviceId: 1,
      productId: d.tld.id,
      domainName: d.domainname,
      name: `Domain renewal: ${d.domainname}`,
      description: `${d.domainname} renewal, ${d.years} year${d.years === 1 ? '' : 's'} (${d.due} to ${end})`,
      amountMinor: domainRenewalPrice(book, d.tld, d.domainname, d.currency) * d.years,
    },
    notes: `Renewal of ${d.domainname}`,
    now,
  };
}

/**
 * Whether a domain is in Redemption on `today`: by its status, or by its dates when the hourly expiry pass
 * (domains/domain-expiry.ts, the same boundary) has not moved it there yet, in the first minutes of the day it becomes
 * due: a renewal priced or paid then carries the restore fee all the same.
 */
export const inRedemption = (d: { status: string; nextduedate: string }, today: string) =>
  d.status === 'Redemption' ||
  ((d.status === 'Active' || d.status === 'Grace') && d.nextduedate < addDays(today, -LIFECYCLE.graceDays));

/** Whether the invoice renews a domain in Redemption on `today` (its payment restores it, with the restore fee). */
export async function restoresFromRedemption(tx: Executor, invoiceId: number, today: string): Promise<boolean> {
  const redeemBefore = addDays(today, -LIFECYCLE.graceDays);
  const rows = rowsOf<{ one: number }>(
    await tx.execute(sql`
      SELECT 1 AS one FROM renewals r JOIN customer_domains d ON d.id = r.item_id
      WHERE r.invoice_id = ${invoiceId} AND r.item_kind = 'domain' AND r.applied_at IS NULL
        AND (d.status = 'Redemption' OR (d.status IN ('Active', 'Grace') AND d.nextduedate < ${redeemBefore}::date))
      LIMIT 1`),
  );
  return rows.length > 0;
}

/**
 * Adds the restore fee line to an Unpaid renewal invoice (locked by the caller) and recomputes its VAT and total, unless
 * it already has one. Returns whether it added the fee.
 */
export async function addRestoreFee(tx: Executor, book: PriceBook, invoiceId: number): Promise<boolean> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv || inv.status !== 'Unpaid') return false;
  const lines = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, inv.id));
  if (lines.some((l) => l.kind === 'restore_fee')) return false;
  const line = lines.find((l) => l.kind === 'domain_renewal');
  const fee = restoreFeeIn(book, inv.currency);
  await tx.insert(invoiceItems).values({
    invoiceId: inv.id,
    serviceId: line?.serviceId ?? 1,
    productId: line?.productId ?? 0,
    kind: 'restore_fee',
    domainName: line?.domainName ?? null,
    name: `Restore fee: ${line?.domainName ?? 'domain in redemption'}`,
    description: 'Restoring a domain from Redemption',
    amountMinor: fee,
  });
  const subtotal = inv.subtotalMinor + fee;
  const vat = vatOf(subtotal, inv.vatPercent);
  await tx.update(invoices).set({ subtotalMinor: subtotal, vatMinor: vat, totalMinor: subtotal + vat }).where(eq(invoices.id, inv.id));
  return true;
}

/**
 * Called by payInvoice in the transaction that marks an invoice Paid (wallet, gateway webhook, staff, auto-pay alike):
 * each of its renewals is applied once (applied_at), moving the due date from the period's start to its end and making
 * the item Active again (from Grace, Redemption or Suspended).
 */
export async function applyRenewals(tx: Executor, invoiceId: number, now: Date): Promise<void> {
  const applied = await tx
    .update(renewals)
    .set({ appliedAt: now })
    .where(and(eq(renewals.invoiceId, invoiceId), isNull(renewals.appliedAt)))
    .returning();
  for (const r of applied) {
    if (r.itemKind === 'domain') {
      await tx
        .update(customerDomains)
        .set({ nextduedate: r.periodEnd, status: 'Active' })
        .where(
          and(
            eq(customerDomains.id, r.itemId),
            eq(customerDomains.nextduedate, r.dueDate),
            sql`${customerDomains.status} IN ('Active', 'Grace', 'Redemption')`,
          ),
        );
    } else {
      await tx
        .update(userServices)
        .set({ nextduedate: r.periodEnd, status: 'Active' })
        .where(
          and(
            eq(userServices.id, r.itemId),
            eq(userServices.nextduedate, r.dueDate),
            sql`${userServices.status} IN ('Active', 'Suspended')`,
          ),
        );
    }
  }
}
