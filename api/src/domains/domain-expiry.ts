// Pass 'domain-expiry': an Active domain still unpaid the day after its expiry date goes to Grace; 30 days later to Redemption (the
// restore fee is added to its open renewal invoice in the same transaction, or later when a payment was pending); 30 days after that to Released (the
// invoice is cancelled and the name is available in search again).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, addRestoreFee, dayOf, LIFECYCLE, rowsOf } from '../billing/renewals';
import type { Executor } from '../db';
import type { PriceBook } from '../money/catalog';

/**
 * The restore fee on the domain's open renewal invoice (row locked), unless a gateway payment of that invoice is
 * pending: the customer was asked for the invoice's amount when the payment started, and that amount stands (the gateway
 * charges it; settling compares with it). The fee is then added by a later pass, if that payment fails or expires.
 */
export async function restoreFeeOnOpenInvoice(tx: Executor, book: PriceBook, domainId: number): Promise<boolean> {
  const open = rowsOf<{ invoice_id: number; pending: boolean }>(
    await tx.execute(sql`
      SELECT r.invoice_id,
             EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id AND p.status = 'pending') AS pending
      FROM renewals r JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.item_kind = 'domain' AND r.item_id = ${domainId} AND r.applied_at IS NULL
      FOR UPDATE OF i`),
  )[0];
  if (!open || open.pending) return false;
  return addRestoreFee(tx, book, Number(open.invoice_id));
}

export async function domainExpiry(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const today = dayOf(now);
  const db = app.db.orm;
  const releaseBefore = addDays(today, -(LIFECYCLE.graceDays + LIFECYCLE.redemptionDays));
  const released = rowsOf<{ domainname: string }>(
    await db.execute(sql`
      WITH d AS (
        UPDATE customer_domains SET status = 'Released'
        WHERE status IN ('Active', 'Grace', 'Redemption') AND nextduedate < ${releaseBefore}::date
        RETURNING id, domainname
      ), c AS (
        UPDATE invoices SET status = 'Cancelled', notes = trim(notes || ' (domain released: unpaid)')
        WHERE status = 'Unpaid' AND id IN (
          SELECT r.invoice_id FROM renewals r JOIN d ON r.item_kind = 'domain' AND r.item_id = d.id
          WHERE r.applied_at IS NULL)
        RETURNING id
      )
      SELECT d.domainname, (SELECT count(*) FROM c) AS cancelled FROM d`),
  );
  if (released.length) await app.commerce.released(released.map((r) => r.domainname));

  // Redemption, one transaction per domain: the status step and the restore fee on its invoice go together.
  const toRedemption = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT id FROM customer_domains
      WHERE status IN ('Active', 'Grace') AND nextduedate < ${addDays(today, -LIFECYCLE.graceDays)}::date`),
  );
  let moved = released.length;
  if (toRedemption.length) {
    const book = await app.commerce.catalog.get();
    for (const { id } of toRedemption) {
      const ok = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Executor;
        const step = rowsOf<{ id: number; due: string }>(
          await tx.execute(sql`
            UPDATE customer_domains SET status = 'Redemption'
            WHERE id = ${id} AND status IN ('Active', 'Grace')
              AND nextduedate < ${addDays(today, -LIFECYCLE.graceDays)}::date
            RETURNING id, to_char(nextduedate, 'YYYY-MM-DD') AS due`),
        )[0];
        if (!step) return false;
        await restoreFeeOnOpenInvoice(tx, book, id);
        return true;
      });
      if (ok) moved += 1;
    }
  }

  // A restore fee deferred while a gateway payment of the invoice was pending is added once that payment is over
  // (declined or expired without money); one that succeeded paid the invoice at the amount it was started for.
  const owing = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT d.id FROM customer_domains d
      JOIN renewals r ON r.item_kind = 'domain' AND r.item_id = d.id AND r.applied_at IS NULL
      JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE d.status = 'Redemption'
        AND NOT EXISTS (SELECT 1 FROM invoice_items l WHERE l.invoice_id = i.id AND l.kind = 'restore_fee')
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id AND p.status = 'pending')`),
  );
  if (owing.length) {
    const book = await app.commerce.catalog.get();
    for (const { id } of owing)
      await db.transaction((txRaw) => restoreFeeOnOpenInvoice(txRaw as unknown as Executor, book, id));
  }

  const grace = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE customer_domains SET status = 'Grace'
      WHERE status = 'Active' AND nextduedate < ${today}::date
      RETURNING id`),
  );
  return moved + grace.length;
}
