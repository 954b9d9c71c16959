// Pass 'domain-expiry': an Active domain still unpaid the day after its expiry date goes to Grace; 30 days later to Redemption (the
// restore fee is added to its open renewal invoice in the same transaction); 30 days after that to Released (the
// invoice is cancelled and the name is available in search again).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, dayOf, LIFECYCLE, rowsOf } from '../billing/renewals';
import type { Executor } from '../db';
import { invoiceItems, invoices } from '../db/schema-commerce';
import { convert } from '../money/catalog';
import { vatOf } from '../money/money';

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
        const open = rowsOf<{ invoice_id: number }>(
          await tx.execute(sql`
            SELECT r.invoice_id FROM renewals r JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
            WHERE r.item_kind = 'domain' AND r.item_id = ${id} AND r.applied_at IS NULL
            FOR UPDATE OF i`),
        )[0];
        if (open) {
          const [inv] = await tx.select().from(invoices).where(eq(invoices.id, open.invoice_id));
          const fee = convert(book, LIFECYCLE.restoreFeeMinor, LIFECYCLE.restoreFeeCurrency, inv!.currency);
          const [line] = await tx
            .select()
            .from(invoiceItems)
            .where(and(eq(invoiceItems.invoiceId, inv!.id), eq(invoiceItems.kind, 'domain_renewal')));
          await tx.insert(invoiceItems).values({
            invoiceId: inv!.id,
            serviceId: line?.serviceId ?? 1,
            productId: line?.productId ?? 0,
            kind: 'restore_fee',
            domainName: line?.domainName ?? null,
            name: `Restore fee: ${line?.domainName ?? 'domain in redemption'}`,
            description: 'Restoring a domain from Redemption',
            amountMinor: fee,
          });
          const subtotal = inv!.subtotalMinor + fee;
          const vat = vatOf(subtotal, inv!.vatPercent);
          await tx
            .update(invoices)
            .set({ subtotalMinor: subtotal, vatMinor: vat, totalMinor: subtotal + vat })
            .where(eq(invoices.id, inv!.id));
        }
        return true;
      });
      if (ok) moved += 1;
    }
  }

  const grace = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE customer_domains SET status = 'Grace'
      WHERE status = 'Active' AND nextduedate < ${today}::date
      RETURNING id`),
  );
  return moved + grace.length;
}
