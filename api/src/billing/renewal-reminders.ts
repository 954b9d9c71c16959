// Pass 'renewal-reminders': for an unpaid renewal invoice, a reminder 7 days before the due date, 1 day before and 1 day
// after, each at most once per item and period (mark 'reminder:7d:domain:42:2027-03-03', written in the transaction
// that queues the mail). A reminder whose day the jobs missed (the clock jumped past it, a pass did not run) is sent at
// the next run within its window, saying the days actually left: the 7-day one until 2 days before, the 1-day one on its
// day only, the overdue one while the invoice is unpaid. With auto-renew on, each says whether the wallet covers it, after the
// renewals auto-pay pays before it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db';
import { balanceSql } from '../payments/wallet';
import { walletForRenewals } from './auto-pay';
import { renewalMail, type ReminderKind } from './renewal-mails';
import { addDays, dayOf, daysBetween, markOnce, restoreFeeIn } from './renewals';
import { rowsOf } from '../db';

interface Due {
  key: string;
  kind: Exclude<ReminderKind, 'created'>;
  item_kind: 'domain' | 'hosting';
  due_date: string;
  invoicenum: string;
  total_minor: string | number;
  currency: string;
  email: string;
  username: string;
  first_name: string;
  item: string | null;
  auto_renew: boolean | null;
  wallet_minor: string | number;
  user_id: number;
  invoice_id: number;
}

export async function renewalReminders(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const today = dayOf(now);
  const rows = rowsOf<Due>(
    await app.db.orm.execute(sql`
      SELECT x.* FROM (
        SELECT r.key, r.item_kind, to_char(r.due_date, 'YYYY-MM-DD') AS due_date, i.invoicenum, i.total_minor, i.currency,
               u.email, u.username, u.first_name,
               CASE WHEN ${today}::date >= r.due_date + 1 THEN 'overdue'
                    WHEN ${today}::date = r.due_date - 1 THEN '1d'
                    WHEN ${today}::date >= r.due_date - 7 AND ${today}::date < r.due_date - 1 THEN '7d'
               END AS kind,
               coalesce(d.domainname, CASE WHEN s.domain <> '' THEN s.name || ' (' || s.domain || ')' ELSE s.name END) AS item,
               coalesce(d.auto_renew, s.auto_renew) AS auto_renew, r.user_id, r.invoice_id,
               ${balanceSql(sql.raw('r.user_id'), sql.raw('i.currency'))} AS wallet_minor
        FROM renewals r
        JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
        JOIN users u ON u.id = r.user_id
        LEFT JOIN customer_domains d ON r.item_kind = 'domain' AND d.id = r.item_id
        LEFT JOIN user_services s ON r.item_kind = 'hosting' AND s.id = r.item_id
        WHERE r.applied_at IS NULL AND r.due_date <= ${addDays(today, 7)}::date
      ) x
      WHERE x.kind IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM lifecycle_marks m WHERE m.key = 'reminder:' || x.kind || ':' || substr(x.key, 9))
      ORDER BY x.due_date`),
  );
  const book = await app.commerce.catalog.get();
  // Auto-pay takes a customer's renewals in turn: each reminder compares its invoice with what is left for it.
  const wallets = await walletForRenewals(app.db.orm as unknown as Executor, rows.filter((r) => r.auto_renew).map((r) => r.user_id), now);
  let sent = 0;
  for (const r of rows) {
    const ok = await app.db.orm.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      if (!(await markOnce(tx, `reminder:${r.kind}:${r.key.slice('renewal:'.length)}`, now))) return false;
      await app.mail.send(
        renewalMail(r.kind, {
          product: app.config.productName,
          storefrontUrl: app.config.storefrontUrl,
          to: { email: r.email, username: r.username, firstName: r.first_name },
          invoicenum: r.invoicenum,
          item: r.item ?? r.invoicenum,
          totalMinor: Number(r.total_minor),
          currency: r.currency,
          dueDate: r.due_date,
          autoRenew: r.auto_renew ?? false,
          daysLeft: daysBetween(today, r.due_date),
          itemKind: r.item_kind,
          restoreFeeMinor: r.item_kind === 'domain' ? restoreFeeIn(book, r.currency) : undefined,
          walletMinor: Number(r.wallet_minor),
          aheadMinor: wallets.get(Number(r.invoice_id))?.aheadMinor,
          beforeMinor: wallets.get(Number(r.invoice_id))?.beforeMinor,
        }),
        tx,
      );
      return true;
    });
    if (ok) sent += 1;
  }
  return sent;
}
