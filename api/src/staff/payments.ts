// Payments to refund at the gateway: money a gateway took that settlement credited to no one (another amount than
// asked, an account deleted meanwhile; payments/settle.ts). Only a refund at the gateway gives it back, so the
// overview lists them (last 90 days) until billing staff have refunded one there and say so here, with the gateway's
// refund reference. Saying so twice, or of a payment that is not one of these, is refused.
import { and, desc, eq, gte, isNull, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { textField } from '../commerce/fields';
import type { Executor } from '../db';
import { users } from '../db/schema';
import { payments } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { toMajor } from '../money/money';
import { REFUND_AT_GATEWAY } from '../payments/settle';
import { audit } from './audit';
import { staffOf } from './plugin';

const DAY_MS = 24 * 3600 * 1000;

/** A failed payment whose money the gateway kept: settlement's reasons for crediting no one. */
const keptByGateway = or(like(payments.failureReason, `${REFUND_AT_GATEWAY.mismatch}%`), eq(payments.failureReason, REFUND_AT_GATEWAY.accountDeleted));

/** The overview's list: the last 90 days' payments still to refund, newest first, 50 at most. */
export async function paymentsToRefund(db: Executor, now: Date) {
  const rows = await db
    .select({
      reference: payments.reference,
      user: payments.userId,
      username: users.username,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      reason: payments.failureReason,
      settledAt: payments.settledAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.status, 'failed'), keptByGateway, isNull(payments.refundedAt), gte(payments.settledAt, new Date(now.getTime() - 90 * DAY_MS))))
    .orderBy(desc(payments.settledAt))
    .limit(50);
  return rows.map((p) => ({
    reference: p.reference,
    user: p.user,
    username: p.username,
    amount: toMajor(p.amountMinor),
    currency: p.currency,
    reason: p.reason,
    settled_at: p.settledAt!.toISOString(),
  }));
}

const Refunded = v.object({ refund_reference: textField(100, "Enter the gateway's refund reference.") });

export async function paymentAdminRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  app.post('/staff/payments/:reference/refunded/', async (request) => {
    const body = parseBody(Refunded, request.body);
    const me = staffOf(request);
    const reference = (request.params as { reference: string }).reference;
    const now = app.clock.now();
    const done = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const [p] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.reference, reference), eq(payments.status, 'failed'), keptByGateway))
        .for('update');
      if (!p) throw notFound('No such payment to refund.');
      if (p.refundedAt) {
        throw validationError({
          refund_reference: `Payment ${p.reference} was marked refunded on ${p.refundedAt.toISOString().slice(0, 10)} (${p.refundReference}).`,
        });
      }
      const [row] = await tx
        .update(payments)
        .set({ refundedAt: now, refundReference: body.refund_reference })
        .where(eq(payments.id, p.id))
        .returning();
      await audit(
        tx,
        me,
        {
          action: 'payment.refunded_at_gateway',
          targetType: 'payment',
          targetId: p.reference,
          before: { refunded: false },
          after: { refunded: true, refund_reference: body.refund_reference, amount: toMajor(p.amountMinor), currency: p.currency },
        },
        now,
      );
      return row!;
    });
    return {
      message: 'Marked refunded at the gateway.',
      data: { reference: done.reference, refund_reference: done.refundReference, refunded_at: done.refundedAt!.toISOString() },
    };
  });
}
