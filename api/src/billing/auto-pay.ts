// Pass 'auto-pay': from 7 days before its due date, an unpaid renewal invoice whose item has auto-renew on is paid from
// the wallet in the invoice's currency when the balance covers the whole invoice. One try per invoice per day (a mark
// 'autopay:domain:42:2027-03-03:2027-02-25'), each in its own transaction with the invoice row locked, so a customer
// paying by hand or a gateway webhook at the same moment cannot make it pay twice.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db';
import { invoices } from '../db/schema-commerce';
import { debit, lockedBalance } from '../payments/wallet';
import { payInvoice } from './provision';
import { addDays, dayOf, LIFECYCLE, markOnce, rowsOf } from './renewals';

interface Candidate {
  key: string;
  invoice_id: number;
  user_id: number;
}

export async function autoPay(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const today = dayOf(now);
  const until = addDays(today, LIFECYCLE.autoPayDaysBefore);
  const candidates = rowsOf<Candidate>(
    await app.db.orm.execute(sql`
      SELECT r.key, r.invoice_id, r.user_id
      FROM renewals r
      JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.applied_at IS NULL AND r.due_date <= ${until}::date
        AND CASE r.item_kind
              WHEN 'domain' THEN EXISTS (SELECT 1 FROM customer_domains d WHERE d.id = r.item_id AND d.auto_renew)
              ELSE EXISTS (SELECT 1 FROM user_services s WHERE s.id = r.item_id AND s.auto_renew)
            END
        AND NOT EXISTS (SELECT 1 FROM lifecycle_marks m
                        WHERE m.key = 'autopay:' || substr(r.key, 9) || ':' || ${today}::text)
      ORDER BY r.due_date, r.id`),
  );
  let paid = 0;
  for (const c of candidates) {
    const done = await app.db.orm.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      if (!(await markOnce(tx, `autopay:${c.key.slice('renewal:'.length)}:${today}`, now))) return false;
      const [inv] = await tx.select().from(invoices).where(eq(invoices.id, c.invoice_id)).for('update');
      if (!inv || inv.status !== 'Unpaid') return false;
      const balance = await lockedBalance(tx, inv.userId, inv.currency);
      if (balance < inv.totalMinor) return false;
      if (inv.totalMinor > 0) {
        await debit(tx, {
          userId: inv.userId,
          currency: inv.currency,
          amountMinor: inv.totalMinor,
          kind: 'payment',
          invoiceId: inv.id,
          description: `Auto-pay of ${inv.invoicenum}`,
          now,
        });
      }
      await tx.update(invoices).set({ paymentKind: 'wallet' }).where(eq(invoices.id, inv.id));
      return (await payInvoice(tx, inv.id, now)) !== null;
    });
    if (done) paid += 1;
  }
  return paid;
}
