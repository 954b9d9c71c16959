// Pass 'hosting-suspension': a hosting service unpaid 3 days past its due date is Suspended; 30 days past due it is
// Terminated and its open renewal invoice cancelled. Each step is one statement (one transaction): paying the invoice
// meanwhile moves the due date, so the step no longer matches the row (see applyRenewals).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, dayOf, LIFECYCLE, rowsOf } from './renewals';

export async function hostingSuspension(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const today = dayOf(now);
  const db = app.db.orm;
  const terminated = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH t AS (
        UPDATE user_services SET status = 'Terminated'
        WHERE status IN ('Active', 'Suspended') AND nextduedate <= ${addDays(today, -LIFECYCLE.terminateDaysAfter)}::date
        RETURNING id
      ), c AS (
        UPDATE invoices SET status = 'Cancelled', notes = trim(notes || ' (service terminated: unpaid)')
        WHERE status = 'Unpaid' AND id IN (
          SELECT r.invoice_id FROM renewals r JOIN t ON r.item_kind = 'hosting' AND r.item_id = t.id
          WHERE r.applied_at IS NULL)
        RETURNING id
      )
      SELECT (SELECT count(*) FROM t)::int AS n, (SELECT count(*) FROM c)::int AS cancelled`),
  )[0];
  const suspended = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE user_services SET status = 'Suspended'
      WHERE status = 'Active' AND nextduedate <= ${addDays(today, -LIFECYCLE.suspendDaysAfter)}::date
      RETURNING id`),
  );
  return Number(terminated?.n ?? 0) + suspended.length;
}
