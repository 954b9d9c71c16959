// Settlement: the only way a gateway payment changes money. Called by the webhook route after the signature checked out.
// A payment leaves 'pending' once (row lock + conditional update); amount and currency must match what we asked for.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cancelInvoice, payInvoice, type Provisioned } from '../billing/provision';
import { receiptsOf, sendDepositReceipt } from '../billing/receipt-mail';
import { addRestoreFee, dayOf, restoresFromRedemption } from '../billing/renewals';
import type { Executor } from '../db';
import { users } from '../db/schema';
import { invoices, paymentEvents, payments } from '../db/schema-commerce';
import { formatMoney } from '../money/money';
import type { ChargeEvent } from './provider';
import { credit, lockedBalance } from './wallet';

export type SettleOutcome =
  | 'credited'
  | 'invoice paid'
  | 'declined'
  | 'duplicate'
  | 'unknown reference'
  | 'wrong provider'
  | 'amount mismatch'
  | 'account deleted';

/**
 * How settlement words a payment the gateway took but that credits no one: its money is refunded at the gateway by staff
 * (the staff overview lists them, api/src/staff/overview.ts). Each is the start of the payment's `failureReason`.
 */
export const REFUND_AT_GATEWAY = { mismatch: 'gateway reported ', accountDeleted: 'account deleted: refund it at the gateway' } as const;

export async function settle(
  app: FastifyInstance,
  providerName: string,
  event: ChargeEvent,
): Promise<SettleOutcome> {
  const now = app.clock.now();
  let provisioned: Provisioned | null = null;
  const outcome = await app.db.orm.transaction(async (txRaw): Promise<SettleOutcome> => {
    const tx = txRaw as unknown as Executor;
    const [p] = await tx.select().from(payments).where(eq(payments.reference, event.reference)).for('update');
    if (!p) return 'unknown reference';
    if (p.provider !== providerName) return 'wrong provider';
    // An expired or declined payment the gateway later reports paid (a crypto payment that arrives after its charge
    // expired, a card retried on the gateway's page) is still the customer's money: it settles like a pending one (a
    // checkout whose invoice was cancelled meanwhile is credited to the wallet below).
    const lateSuccess =
      event.outcome === 'success' && p.status === 'failed' && (isExpired(p.failureReason) || p.failureReason === DECLINED);
    if (p.status !== 'pending' && !lateSuccess) return 'duplicate';

    const finish = async (status: 'success' | 'failed', failureReason: string | null) => {
      const done = await tx
        .update(payments)
        .set({ status, failureReason, settledAt: now })
        .where(and(eq(payments.id, p.id), eq(payments.status, p.status)))
        .returning({ id: payments.id });
      return done.length === 1;
    };

    if (event.outcome === 'failed') {
      if (!(await finish('failed', DECLINED))) return 'duplicate';
      if (p.invoiceId) await cancelInvoice(tx, p.invoiceId, now, '(payment declined)');
      return 'declined';
    }
    if (event.amountMinor !== p.amountMinor || event.currency !== p.currency) {
      const said = formatMoney(event.amountMinor, event.currency);
      if (
        !(await finish(
          'failed',
          `${REFUND_AT_GATEWAY.mismatch}${said}, expected ${formatMoney(p.amountMinor, p.currency)}`,
        ))
      )
        return 'duplicate';
      return 'amount mismatch';
    }
    // A payment that expired and succeeds late, after its account was deleted: nobody can use a credit or an order
    // there any more. Recorded, not credited; the money goes back through the gateway's refund.
    const [owner] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, p.userId));
    if (owner?.deletedAt) {
      if (!(await finish('failed', REFUND_AT_GATEWAY.accountDeleted))) return 'duplicate';
      app.log.warn({ reference: p.reference, amountMinor: p.amountMinor, currency: p.currency }, 'a payment succeeded after its account was deleted: refund it at the gateway');
      return 'account deleted';
    }
    if (!(await finish('success', null))) return 'duplicate';
    if (p.purpose === 'deposit') {
      await credit(tx, {
        userId: p.userId,
        currency: p.currency,
        amountMinor: p.amountMinor,
        kind: 'deposit',
        paymentId: p.id,
        description: `Deposit ${p.reference}`,
        now,
      });
      await sendDepositReceipt(tx, receiptsOf(app), {
        userId: p.userId,
        amountMinor: p.amountMinor,
        currency: p.currency,
        balanceMinor: await lockedBalance(tx, p.userId, p.currency),
        reference: p.reference,
        on: now.toISOString().slice(0, 10),
      });
      return 'credited';
    }
    // The amount asked for when the payment started is what it pays: an invoice whose total changed since (a restore fee
    // added after a payment expired and then succeeded late) is not paid short; the money goes to the wallet instead.
    let [inv] = await tx.select().from(invoices).where(eq(invoices.id, p.invoiceId!)).for('update');
    // A renewal whose domain has gone into Redemption since the payment started (the expiry pass leaves the restore fee
    // off while a payment is pending) is restored only with the fee: it goes on the invoice now, so this payment, for
    // the Grace price, no longer matches and is credited to the wallet below, never restoring the domain without it.
    if (inv?.status === 'Unpaid' && (await restoresFromRedemption(tx, inv.id, dayOf(now)))) {
      if (await addRestoreFee(tx, await app.commerce.catalog.get(), inv.id)) [inv] = await tx.select().from(invoices).where(eq(invoices.id, inv.id));
    }
    if (inv?.status === 'Unpaid' && (inv.totalMinor !== p.amountMinor || inv.currency !== p.currency)) {
      await credit(tx, {
        userId: p.userId,
        currency: p.currency,
        amountMinor: p.amountMinor,
        kind: 'refund',
        paymentId: p.id,
        invoiceId: inv.id,
        description: `Payment ${p.reference} was for ${formatMoney(p.amountMinor, p.currency)}; ${inv.invoicenum} is now ${formatMoney(inv.totalMinor, inv.currency)}: credited to the wallet`,
        now,
      });
      return 'credited';
    }
    // Paid by this gateway: the invoice says so (a renewal invoice was issued saying 'wallet', its auto-pay method),
    // before payInvoice, whose receipt and provisioned domains name the method.
    await tx
      .update(invoices)
      .set({ paymentKind: p.paymentKind })
      .where(and(eq(invoices.id, p.invoiceId!), eq(invoices.status, 'Unpaid')));
    provisioned = await payInvoice(tx, p.invoiceId!, now, receiptsOf(app));
    if (provisioned) return 'invoice paid';
    // The invoice was meanwhile paid another way (or cancelled): the money is the customer's, so it goes to the wallet.
    await credit(tx, {
      userId: p.userId,
      currency: p.currency,
      amountMinor: p.amountMinor,
      kind: 'refund',
      paymentId: p.id,
      invoiceId: p.invoiceId ?? undefined,
      description: `Payment ${p.reference} arrived for an invoice no longer unpaid: credited to the wallet`,
      now,
    });
    return 'credited';
  });
  if (provisioned) await app.commerce.registered((provisioned as Provisioned).names);
  return outcome;
}

/** The failure reason of a payment the gateway declined. */
const DECLINED = 'declined';

/** The failure reason reconcile.ts writes when it gives up on a payment the gateway never confirmed. */
export const EXPIRED_PREFIX = 'expired:';
export const isExpired = (reason: string | null) => reason?.startsWith(EXPIRED_PREFIX) ?? false;

export async function recordEvent(
  app: FastifyInstance,
  provider: string,
  reference: string | null,
  signatureOk: boolean,
  outcome: string,
) {
  await app.db.orm.insert(paymentEvents).values({
    provider,
    reference: reference?.slice(0, 200) ?? null,
    signatureOk,
    outcome,
    receivedAt: app.clock.now(),
  });
}
