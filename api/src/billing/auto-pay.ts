// Pass 'auto-pay': from 7 days before its due date, an unpaid renewal invoice whose item has auto-renew on is paid from
// the wallet in the invoice's currency when the balance covers the whole invoice. One try per invoice per day (a mark
// 'autopay:domain:42:2027-03-03:2027-02-25'), each in its own transaction with the invoice row locked, so a customer
// paying by hand or a gateway webhook at the same moment cannot make it pay twice.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db';
import { customerDomains, invoices, userServices } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import { balanceSql, debit, lockedBalance } from '../payments/wallet';
import { payInvoice } from './provision';
import { receiptsOf } from './receipt-mail';
import { addDays, dayOf, LIFECYCLE, markOnce } from './renewals';
import { rowsOf } from '../db';

/**
 * The renewal `r` is one auto-pay pays on `today`: its item renews automatically, and its stored state is still the one
 * its dates give. A domain past its Grace is paid only in Redemption with the restore fee on the invoice (domain-expiry
 * adds it with the step, or once a gateway payment pending at the step is over), and not once past Redemption; a service not from its termination day. After a jump of the
 * clock, or between a day's start and the expiry passes, the stored state lags the dates: auto-pay charged the plain
 * renewal of a domain due for Redemption, and renewals of items released or terminated a moment later.
 */
const autoPayable = (today: string) => sql`CASE r.item_kind
  WHEN 'domain' THEN EXISTS (
    SELECT 1 FROM customer_domains d WHERE d.id = r.item_id AND d.auto_renew
      AND (d.nextduedate >= ${addDays(today, -LIFECYCLE.graceDays)}::date
           OR (d.status = 'Redemption' AND d.nextduedate >= ${addDays(today, -(LIFECYCLE.graceDays + LIFECYCLE.redemptionDays))}::date
               AND EXISTS (SELECT 1 FROM invoice_items l WHERE l.invoice_id = r.invoice_id AND l.kind = 'restore_fee'))))
  ELSE EXISTS (
    SELECT 1 FROM user_services s WHERE s.id = r.item_id AND s.auto_renew
      AND s.nextduedate > ${addDays(today, -LIFECYCLE.terminateDaysAfter)}::date)
END`;

/** What the wallet holds for one renewal invoice when auto-pay comes to it. */
export interface WalletForInvoice {
  /** The balance in the invoice's currency now. */
  balanceMinor: number;
  /** The part of it auto-pay spends first on the customer's renewals due before this one (or the same day, older). */
  aheadMinor: number;
  /**
   * The totals of all those renewals, covered now or not: a top-up is spent on them first, so to have this one paid the
   * wallet must hold them and it (the mails' 'add …'; a mail per invoice that counted only its own shortfall sent a
   * customer who followed each of two mails to a wallet that paid the first renewal and not the second).
   */
  beforeMinor: number;
}

/**
 * For each unpaid renewal invoice of `userIds` that auto-pay would pay (autoPayable), what the wallet as it is now holds for
 * it when auto-pay reaches it: the pass takes a customer's invoices in its order (due date, then the oldest) and pays
 * each the balance covers, passing over one it does not. The mails say from this whether auto-pay will pay an invoice,
 * rather than comparing the whole balance with each of two invoices it covers only one of.
 */
export async function walletForRenewals(db: Executor, userIds: readonly number[], now: Date): Promise<Map<number, WalletForInvoice>> {
  const out = new Map<number, WalletForInvoice>();
  if (userIds.length === 0) return out;
  const rows = rowsOf<{ invoice_id: number; user_id: number; currency: string; total_minor: string | number; balance_minor: string | number }>(
    await db.execute(sql`
      SELECT r.invoice_id, r.user_id, i.currency, i.total_minor, ${balanceSql(sql.raw('r.user_id'), sql.raw('i.currency'))} AS balance_minor
      FROM renewals r
      JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.applied_at IS NULL AND r.user_id IN (${sql.join([...new Set(userIds)].map((id) => sql`${id}`), sql`, `)})
        AND ${autoPayable(dayOf(now))}
      ORDER BY r.user_id, i.currency, r.due_date, r.id`),
  );
  let account = '';
  let left = 0;
  let before = 0;
  for (const row of rows) {
    const balance = Number(row.balance_minor);
    if (`${row.user_id}:${row.currency}` !== account) {
      account = `${row.user_id}:${row.currency}`;
      left = Math.max(0, balance);
      before = 0;
    }
    out.set(Number(row.invoice_id), { balanceMinor: balance, aheadMinor: Math.max(0, balance) - left, beforeMinor: before });
    const total = Number(row.total_minor);
    if (left >= total) left -= total;
    before += total;
  }
  return out;
}

/**
 * The renewal `key` is still one auto-pay pays, read again inside the charge's transaction with its item's row locked
 * (FOR SHARE): the candidates are read once for the whole pass, and a customer who turns auto-renew off during it, or a
 * release, must not be charged. A change of the item waits for this charge to commit, or this reads it.
 */
async function stillAutoPayable(tx: Executor, key: string, today: string): Promise<boolean> {
  const [renewal] = await tx.select().from(renewals).where(eq(renewals.key, key));
  if (!renewal || renewal.appliedAt) return false;
  const item = renewal.itemKind === 'domain' ? customerDomains : userServices;
  await tx.select({ id: item.id }).from(item).where(eq(item.id, renewal.itemId)).for('share');
  const rows = rowsOf<{ ok: boolean }>(await tx.execute(sql`SELECT ${autoPayable(today)} AS ok FROM renewals r WHERE r.key = ${key}`));
  return rows[0]?.ok === true;
}

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
      WHERE r.applied_at IS NULL AND r.due_date <= ${until}::date AND ${autoPayable(today)}
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
      if (!(await stillAutoPayable(tx, c.key, today))) return false;
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
      return (await payInvoice(tx, inv.id, now, receiptsOf(app))) !== null;
    });
    if (done) paid += 1;
  }
  return paid;
}
