// Reconciliation of pending gateway payments (issue 22.3): Paystack sends webhooks only for successful charges, and a
// webhook can be lost, so every pending payment of a real gateway is asked about (Verify) with backoff until it
// settles (success credits; failed or reversed declines) or expires. The attempt count and the next attempt's time are
// in the payment row, so a restart neither forgets nor hammers. Scheduling is the job system's: call this from it.
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../db/schema-commerce';
import { confirmWithGateway } from './confirm';
import { EXPIRED_PREFIX } from './settle';

/** Waits between Verify attempts: 5 min, 15 min, 1 h, 3 h, then every 6 h. */
export const RECONCILE_BACKOFF_MS = [5, 15, 60, 180, 360].map((m) => m * 60_000);
/** A payment no gateway confirmed within this long expires (Paystack retries a webhook for 72 hours). */
export const PAYMENT_EXPIRY_MS = 72 * 3600_000;

export interface ReconcileResult {
  /** Payments whose turn it was. */
  checked: number;
  /** Verify said success and the payment settled (credited or invoice paid). */
  settled: number;
  /** Verify said failed or reversed, or its amount or currency was not ours: nothing credited. */
  declined: number;
  /** Not confirmed within PAYMENT_EXPIRY_MS: given up (a later success still settles: settle.ts). */
  expired: number;
  /** Not final yet, or the gateway unreachable: asked again after the backoff. */
  retried: number;
}

export async function reconcilePendingPayments(
  app: FastifyInstance,
  opts: { now?: Date; limit?: number; expireAfterMs?: number } = {},
): Promise<ReconcileResult> {
  const now = opts.now ?? app.clock.now();
  const expireAfterMs = opts.expireAfterMs ?? PAYMENT_EXPIRY_MS;
  const db = app.db.orm;
  const result: ReconcileResult = { checked: 0, settled: 0, declined: 0, expired: 0, retried: 0 };
  const due = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        inArray(payments.provider, ['paystack', 'coinbase', 'sandbox']),
        or(isNull(payments.nextVerifyAt), lte(payments.nextVerifyAt, now)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(opts.limit ?? 100);

  for (const p of due) {
    result.checked += 1;
    const provider = app.commerce.providers.byName(p.provider);
    // The sandbox (and a provider no longer configured) has no Verify: such a payment can only expire.
    if (provider?.confirmsByVerify) {
      const c = await confirmWithGateway(app, provider, p);
      if (c.kind === 'settled') {
        if (c.outcome === 'credited' || c.outcome === 'invoice paid') result.settled += 1;
        else if (c.outcome === 'declined' || c.outcome === 'amount mismatch') result.declined += 1;
        app.log.info({ reference: p.reference, outcome: c.outcome, verify: c.verification.status }, 'payment reconciled');
        continue;
      }
    }
    if (now.getTime() - p.createdAt.getTime() >= expireAfterMs) {
      const hours = Math.round(expireAfterMs / 3600_000);
      const done = await db
        .update(payments)
        .set({ status: 'failed', failureReason: `${EXPIRED_PREFIX} not confirmed by the gateway within ${hours} hours`, settledAt: now })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      if (done.length === 1) {
        result.expired += 1;
        app.log.info({ reference: p.reference }, 'payment expired');
      }
      continue;
    }
    const wait = RECONCILE_BACKOFF_MS[Math.min(p.verifyAttempts, RECONCILE_BACKOFF_MS.length - 1)]!;
    await db
      .update(payments)
      .set({ verifyAttempts: p.verifyAttempts + 1, nextVerifyAt: new Date(now.getTime() + wait) })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
    result.retried += 1;
  }
  return result;
}
