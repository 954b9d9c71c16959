// Pass 'hosting-suspension': a hosting service unpaid 3 days past its due date is Suspended; 30 days past due it is
// Terminated and its open renewal invoice cancelled. Each step is one transaction: paying the invoice meanwhile moves
// the due date, so the step no longer matches the row (see applyRenewals).
// Lock order as the payers take it (the invoice, then the service: payInvoice/applyRenewals): the Terminated step locks
// the due services' open invoices first, then the services (domain-expiry.ts has the same rule and its reasons). The
// Suspended step locks no invoice, so it never holds a service row while waiting for one: a payer at most waits for it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idList, inLockOrder, lockOpenRenewalInvoices, openRenewalInvoices } from '../domains/domain-expiry';
import { addDays, dayOf, LIFECYCLE } from './renewals';
import { rowsOf } from '../db';

export async function hostingSuspension(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const today = dayOf(now);
  const db = app.db.orm;
  const terminateFrom = addDays(today, -LIFECYCLE.terminateDaysAfter);
  const toTerminate = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT id FROM user_services
      WHERE status IN ('Active', 'Suspended') AND nextduedate <= ${terminateFrom}::date`),
  ).map((r) => Number(r.id));
  const terminated = !toTerminate.length
    ? 0
    : await inLockOrder(db, async (tx) => {
        const locked = await lockOpenRenewalInvoices(tx, 'hosting', toTerminate);
        // Still due once the payers we waited for are done (a paid one moved its due date).
        const due = rowsOf<{ id: number }>(
          await tx.execute(sql`
            SELECT id FROM user_services
            WHERE id IN ${idList(toTerminate)}
              AND status IN ('Active', 'Suspended') AND nextduedate <= ${terminateFrom}::date
            ORDER BY id
            FOR UPDATE`),
        ).map((r) => Number(r.id));
        if (!due.length) return 0;
        await openRenewalInvoices(tx, 'hosting', due, locked);
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(sql`
            WITH t AS (
              UPDATE user_services SET status = 'Terminated'
              WHERE id IN ${idList(due)} AND status IN ('Active', 'Suspended')
              RETURNING id
            ), c AS (
              UPDATE invoices SET status = 'Cancelled', notes = trim(notes || ' (service terminated: unpaid)')
              WHERE status = 'Unpaid' AND id IN (
                SELECT r.invoice_id FROM renewals r JOIN t ON r.item_kind = 'hosting' AND r.item_id = t.id
                WHERE r.applied_at IS NULL)
              RETURNING id
            )
            SELECT (SELECT count(*) FROM t)::int AS n, (SELECT count(*) FROM c)::int AS cancelled`),
        );
        return Number(row?.n ?? 0);
      });
  const suspended = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE user_services SET status = 'Suspended'
      WHERE status = 'Active' AND nextduedate <= ${addDays(today, -LIFECYCLE.suspendDaysAfter)}::date
      RETURNING id`),
  );
  return terminated + suspended.length;
}
