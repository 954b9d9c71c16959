// What a paid invoice turns into: each domain item a customer domain (Active, or Pending Transfer), each hosting item a
// service. Runs inside the transaction that marks the invoice paid, so an invoice is provisioned exactly once.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { CUSTOM_NAMESERVERS_MIN, ENDED_DOMAIN_STATUSES, PAYMENT_METHODS } from 'shared/schemas';
import { uniqueViolation } from '../accounts/repository';
import type { Executor } from '../db';
import { services } from '../db/schema';
import {
  cartItems,
  carts,
  customerDomains,
  invoiceItems,
  invoices,
  orders,
  userServices,
  type ItemKind,
} from '../db/schema-commerce';
import { vatOf } from '../money/money';
import { credit } from '../payments/wallet';
import { sendReceipt, type Receipts } from './receipt-mail';
import { applyRenewals } from './renewals';

export type Invoice = typeof invoices.$inferSelect;

/**
 * The nameservers a new domain starts on: the cart's custom ones when there are enough for a domain (the domain page's
 * rule, 2 to 4), else the store's (an empty list). The cart takes up to 2 (spec section 7), so one alone is possible
 * there; the cart says that such a domain starts on ours, and the domain page sets custom ones later.
 */
const orderedNameservers = (list: readonly string[] | null): string[] =>
  list && list.length >= CUSTOM_NAMESERVERS_MIN ? [...list] : [];

/**
 * How an invoice is (to be) paid, in words: a bank transfer staff recorded (mark-paid), else its kind. An unpaid (or
 * cancelled) renewal invoice is the lifecycle's, issued as 'wallet' for auto-pay: nothing has paid it, so it names no
 * method (''); a checkout's unpaid invoice names the gateway chosen.
 */
export const paymentMethodLabel = (inv: { paymentKind: string; bankReference: string | null; status: string }) =>
  inv.bankReference
    ? 'Bank transfer'
    : inv.status !== 'Paid' && inv.paymentKind === 'wallet'
      ? ''
      : (PAYMENT_METHODS.find((m) => m.value === inv.paymentKind)?.label ?? inv.paymentKind);

/** 'YYYY-MM-DD' of `d` (UTC) plus some years and months. */
export function addToDate(d: Date, years: number, months = 0): string {
  const t = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth() + months, d.getUTCDate()));
  return t.toISOString().slice(0, 10);
}

/** The servers of each kind of hosting: a service whose name says WordPress or VPS runs on those, any other on web*. */
const HOSTS = { wordpress: ['wp1', 'wp2'], vps: ['vps1'], shared: ['web1', 'web2', 'web3'] };
export function serverHostname(seed: number, serviceName: string): string {
  const pool = /wordpress/i.test(serviceName) ? HOSTS.wordpress : /\bvps\b|virtual private/i.test(serviceName) ? HOSTS.vps : HOSTS.shared;
  return `${pool[seed % pool.length]}.lagos.storefront-hosting.net`;
}

/** Which of `names` a customer of this store holds (a domain not ended), and whose. */
export async function heldHere(db: Executor, names: readonly string[]): Promise<{ name: string; userId: number }[]> {
  if (!names.length) return [];
  return db
    .select({ name: customerDomains.domainname, userId: customerDomains.userId })
    .from(customerDomains)
    .where(and(inArray(customerDomains.domainname, [...names]), notInArray(customerDomains.status, [...ENDED_DOMAIN_STATUSES])));
}

export interface Provisioned {
  /** `authCode`: a transfer's EPP code as the invoice line holds it (sealed, see domains/epp-codes). */
  names: { name: string; transfer: boolean; authCode: string | null }[];
}

/**
 * Marks an Unpaid invoice Paid and provisions it; null when it was not Unpaid (already paid or cancelled), so a
 * second call does nothing. A name taken in the meantime by another customer is refunded to the wallet (with its VAT),
 * and so is a hosting plan of this invoice for a name another customer holds (lost here, or registered by them since
 * the invoice was issued: checkout refuses such a plan, an invoice paid later is checked here). With `receipts`, the
 * customer is mailed a receipt of the payment in this transaction (receipt-mail.ts).
 */
export async function payInvoice(tx: Executor, invoiceId: number, now: Date, receipts?: Receipts): Promise<Provisioned | null> {
  const [inv] = await tx
    .update(invoices)
    .set({ status: 'Paid', paidAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'Unpaid')))
    .returning();
  if (!inv) return null;
  const items = await tx
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, inv.id))
    .orderBy(invoiceItems.id);
  const firstDomain = items.find((i) => i.kind !== 'hosting')?.domainName ?? '';
  const method = paymentMethodLabel(inv);
  const today = now.toISOString().slice(0, 10);
  const names: Provisioned['names'] = [];
  let refundedMinor = 0;
  const refunds: { amountMinor: number; description: string }[] = [];

  // Renewal lines (the lifecycle's invoices) provision nothing new: they extend their item by one period, once.
  await applyRenewals(tx, inv.id, now);
  // A hosting plan's server is of its service's kind (serverHostname).
  const serviceNames = new Map<number, string>();
  if (items.some((i) => i.kind === 'hosting')) {
    for (const r of await tx.select({ id: services.id, name: services.name }).from(services)) serviceNames.set(r.id, r.name);
  }
  /**
   * Gives a line's money back to the wallet. The invoice's VAT is rounded once on its subtotal: each refund takes what
   * its line adds to the VAT of the lines refunded so far, so refunding every line gives back the invoice's VAT exactly
   * (not each line's rounding).
   */
  const refund = async (amountMinor: number, description: string) => {
    const vat = vatOf(refundedMinor + amountMinor, inv.vatPercent) - vatOf(refundedMinor, inv.vatPercent);
    refundedMinor += amountMinor;
    refunds.push({ amountMinor: amountMinor + vat, description });
    await credit(tx, { userId: inv.userId, currency: inv.currency, amountMinor: amountMinor + vat, kind: 'refund', invoiceId: inv.id, description, now });
  };
  /** Names of this invoice that another customer's invoice got first. */
  const lost = new Set<string>();

  // The domains first: a hosting plan for a name lost here is not set up on another customer's domain.
  for (const item of items) {
    if (item.kind !== 'domain_register' && item.kind !== 'domain_transfer') continue;
    const transfer = item.kind === 'domain_transfer';
    const row = {
      userId: inv.userId,
      invoiceId: inv.id,
      domainname: item.domainName!,
      tldId: item.productId,
      status: transfer ? ('Pending Transfer' as const) : ('Active' as const),
      regperiod: 1,
      paymentmethodname: method,
      registrationDate: today,
      nextduedate: addToDate(now, 1),
      nameservers: orderedNameservers(item.nameservers),
      protection: item.protection,
      createdAt: now,
    };
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(customerDomains).values(row);
      });
      names.push({ name: row.domainname, transfer, authCode: transfer ? item.eppCode : null });
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      // Another invoice got the name first: record it as cancelled and give the money back. When that invoice was this
      // customer's own (two open invoices for one name), the name is theirs: its hosting plans here are set up.
      const [holder] = await heldHere(tx, [row.domainname]);
      const theirs = holder?.userId === inv.userId;
      await tx.insert(customerDomains).values({ ...row, status: 'Cancelled', autoRenew: false });
      if (!theirs) lost.add(row.domainname);
      await refund(
        item.amountMinor,
        theirs
          ? `Refund: ${row.domainname} is already yours (an earlier invoice registered it)`
          : `Refund: ${row.domainname} was registered by someone else first`,
      );
    }
  }
  const hosting = items.filter((i) => i.kind === 'hosting');
  const others = new Set(
    (await heldHere(tx, hosting.map((i) => i.domainName ?? firstDomain)))
      .filter((d) => d.userId !== inv.userId)
      .map((d) => d.name),
  );
  for (const item of hosting) {
    const domain = item.domainName ?? firstDomain;
    const taken = lost.has(domain) || others.has(domain);
    await tx.insert(userServices).values({
      userId: inv.userId,
      invoiceId: inv.id,
      serviceId: item.serviceId,
      planId: item.productId,
      name: item.name,
      // Plans are sold 'Billed anuually' (services list): one period is a year.
      billingcycle: 'Annually',
      domain,
      regdate: today,
      nextduedate: addToDate(now, 1),
      serverhostname: serverHostname(item.id, serviceNames.get(item.serviceId) ?? ''),
      // Recorded, as the lost name is, but never set up: its money goes back with the name's.
      status: taken ? 'Cancelled' : 'Active',
      ...(taken ? { autoRenew: false } : {}),
      createdAt: now,
    });
    if (taken)
      await refund(
        item.amountMinor,
        lost.has(domain)
          ? `Refund: ${item.name} for ${domain}: the domain was registered by someone else first`
          : `Refund: ${item.name} for ${domain}: the domain is registered here by another customer`,
      );
  }
  await tx.update(orders).set({ status: 'Active' }).where(eq(orders.id, inv.orderId));
  if (receipts) await sendReceipt(tx, receipts, { userId: inv.userId, invoice: inv, lines: items, method, paidOn: today, refunds });
  return { names };
}

/** Cancels an Unpaid invoice and puts its items back into the customer's cart (so a declined payment loses nothing). */
export async function cancelInvoice(
  tx: Executor,
  invoiceId: number,
  now: Date,
  reason: string,
): Promise<boolean> {
  const [inv] = await tx
    .update(invoices)
    .set({ status: 'Cancelled', notes: sql`trim(${invoices.notes} || ' ' || ${reason})` })
    // A renewal invoice stays open when a payment for it is declined: only the lifecycle cancels it.
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.status, 'Unpaid'),
        sql`NOT EXISTS (SELECT 1 FROM renewals r WHERE r.invoice_id = ${invoices.id})`,
      ),
    )
    .returning();
  if (!inv) return false;
  await tx.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, inv.orderId));
  await tx
    .insert(carts)
    .values({ id: randomUUID(), userId: inv.userId, currency: inv.currency, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [cart] = await tx.select().from(carts).where(eq(carts.userId, inv.userId));
  const items = await tx
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, inv.id))
    .orderBy(invoiceItems.id);
  for (const i of items) {
    await tx
      .insert(cartItems)
      .values({
        cartId: cart!.id,
        serviceId: i.serviceId,
        productId: i.productId,
        // Renewal invoices are never cancelled back into a cart (see the NOT EXISTS above).
        kind: i.kind as ItemKind,
        domainName: i.domainName,
        eppCode: i.eppCode,
        name: i.name,
        description: i.description,
        nameservers: i.nameservers,
        protection: i.protection,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  return true;
}
