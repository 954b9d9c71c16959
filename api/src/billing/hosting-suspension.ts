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
import { rowsOf, type Executor } from '../db';
import { sendStatusMail } from './status-mails';

type Stepped = { id: number; user_id: number; name: string; domain: string | null; due: string };
/** A service as its mails name it: 'Shared Hosting - Starter (example.com)'. */
const serviceOf = (r: Stepped) => ({ id: Number(r.id), userId: Number(r.user_id), name: r.domain ? `${r.name} (${r.domain})` : r.name, dueDate: r.due });

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
        const done = rowsOf<Stepped>(
          await tx.execute(sql`
            WITH t AS (
              UPDATE user_services SET status = 'Terminated'
              WHERE id IN ${idList(due)} AND status IN ('Active', 'Suspended')
              RETURNING id, user_id, name, domain, nextduedate
            ), c AS (
              UPDATE invoices SET status = 'Cancelled', notes = trim(notes || ' (service terminated: unpaid)')
              WHERE status = 'Unpaid' AND id IN (
                SELECT r.invoice_id FROM renewals r JOIN t ON r.item_kind = 'hosting' AND r.item_id = t.id
                WHERE r.applied_at IS NULL)
              RETURNING id
            )
            SELECT t.id, t.user_id, t.name, t.domain, to_char(t.nextduedate, 'YYYY-MM-DD') AS due,
                   (SELECT count(*) FROM c)::int AS cancelled
            FROM t`),
        );
        for (const r of done) await sendStatusMail(app, tx, 'terminated', serviceOf(r));
        return done.length;
      });
  const suspended = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Executor;
    const done = rowsOf<Stepped>(
      await tx.execute(sql`
        UPDATE user_services SET status = 'Suspended'
        WHERE status = 'Active' AND nextduedate <= ${addDays(today, -LIFECYCLE.suspendDaysAfter)}::date
        RETURNING id, user_id, name, domain, to_char(nextduedate, 'YYYY-MM-DD') AS due`),
    );
    for (const r of done) await sendStatusMail(app, tx, 'suspended', serviceOf(r));
    return done.length;
  });
  return terminated + suspended;
}
