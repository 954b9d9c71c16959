// Pass 'renewal-invoices': 14 days before an item's due date (a domain's expiry, a service's next due date) its
// renewal invoice is created with the 'invoice created' mail, atomically per item. The renewal key's unique
// index makes a second pass (or two at once, on two workers) a no-op. Reads only items near their due date. With
// auto-renew on, the mail says whether the wallet covers the invoice (as the reminders do).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db';
import { planPrice } from '../money/catalog';
import { balanceSql } from '../payments/wallet';
import { walletForRenewals } from './auto-pay';
import { renewalMail } from './renewal-mails';
import { addDays, addMonths, createRenewalInvoices, cycleMonths, dayOf, domainRenewal, LIFECYCLE, renewalKey, type NewRenewal } from './renewals';
import { rowsOf } from '../db';

interface DueDomain {
  id: number;
  user_id: number;
  domainname: string;
  tld_id: number;
  nextduedate: string;
  regperiod: number;
  auto_renew: boolean;
  currency: string;
  email: string;
  username: string;
  first_name: string;
  wallet_minor: string | number;
}

interface DueService {
  id: number;
  user_id: number;
  service_id: number;
  plan_id: number;
  name: string;
  domain: string;
  billingcycle: string;
  nextduedate: string;
  auto_renew: boolean;
  currency: string;
  email: string;
  username: string;
  first_name: string;
  wallet_minor: string | number;
}

const asDay = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

export async function renewalInvoices(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const db = app.db.orm;
  const cutoff = addDays(dayOf(now), LIFECYCLE.invoiceDaysBefore);
  // The mail says whether the wallet covers the invoice (auto-renew), in the currency the item was bought in.
  const wallet = balanceSql(sql.raw('u.id'), sql.raw("coalesce(i.currency, 'USD')"));
  const domains = rowsOf<DueDomain>(
    await db.execute(sql`
      SELECT d.id, d.user_id, d.domainname, d.tld_id, to_char(d.nextduedate, 'YYYY-MM-DD') AS nextduedate, d.regperiod,
             d.auto_renew, coalesce(i.currency, 'USD') AS currency, u.email, u.username, u.first_name,
             ${wallet} AS wallet_minor
      FROM customer_domains d
      JOIN users u ON u.id = d.user_id
      LEFT JOIN invoices i ON i.id = d.invoice_id
      WHERE d.status IN ('Active', 'Grace', 'Redemption') AND d.nextduedate <= ${cutoff}::date
        AND NOT EXISTS (SELECT 1 FROM renewals r
                        WHERE r.key = 'renewal:domain:' || d.id || ':' || to_char(d.nextduedate, 'YYYY-MM-DD'))
      ORDER BY d.nextduedate, d.id`),
  );
  const services = rowsOf<DueService>(
    await db.execute(sql`
      SELECT s.id, s.user_id, s.service_id, s.plan_id, s.name, s.domain, s.billingcycle,
             to_char(s.nextduedate, 'YYYY-MM-DD') AS nextduedate, s.auto_renew, coalesce(i.currency, 'USD') AS currency,
             u.email, u.username, u.first_name,
             ${wallet} AS wallet_minor
      FROM user_services s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN invoices i ON i.id = s.invoice_id
      WHERE s.status IN ('Active', 'Suspended') AND s.nextduedate <= ${cutoff}::date
        AND NOT EXISTS (SELECT 1 FROM renewals r
                        WHERE r.key = 'renewal:hosting:' || s.id || ':' || to_char(s.nextduedate, 'YYYY-MM-DD'))
      ORDER BY s.nextduedate, s.id`),
  );
  if (domains.length === 0 && services.length === 0) return 0;

  const book = await app.commerce.catalog.get();
  const todo: Pending[] = [];
  for (const d of domains) {
    const due = asDay(d.nextduedate);
    const tld = book.tldById.get(d.tld_id);
    if (!tld) {
      app.log.warn({ domain: d.domainname }, 'renewal-invoices: the TLD is no longer sold; no invoice');
      continue;
    }
    const years = Math.max(1, d.regperiod);
    const renewal = domainRenewal(
      book,
      { id: d.id, userId: d.user_id, domainname: d.domainname, tld, due, years, currency: d.currency },
      now,
    );
    todo.push({ renewal, who: d, item: d.domainname, autoRenew: d.auto_renew });
  }
  for (const s of services) {
    const due = asDay(s.nextduedate);
    const plan = book.plans.get(s.plan_id);
    if (!plan) {
      app.log.warn({ service: s.id }, 'renewal-invoices: the plan is no longer sold; no invoice');
      continue;
    }
    const months = cycleMonths(s.billingcycle);
    const label = s.domain ? `${s.name} (${s.domain})` : s.name;
    const renewal: NewRenewal = {
      key: renewalKey('hosting', s.id, due),
      itemKind: 'hosting',
      itemId: s.id,
      userId: s.user_id,
      currency: s.currency,
      vatPercent: book.vatPercent,
      dueDate: due,
      periodEnd: addMonths(due, months),
      line: {
        kind: 'hosting_renewal',
        serviceId: s.service_id,
        productId: s.plan_id,
        domainName: s.domain || null,
        name: `Hosting renewal: ${label}`,
        description: `${label}, billed ${s.billingcycle.toLowerCase()} (${due} to ${addMonths(due, months)})`,
        // The plan's price is what one period was charged at checkout; a renewal costs the same.
        amountMinor: planPrice(book, plan, s.currency),
      },
      notes: `Renewal of ${label}`,
      now,
    };
    todo.push({ renewal, who: s, item: label, autoRenew: s.auto_renew });
  }
  // By due date, domains and services together: a customer's renewals are created (and their mails told what auto-pay
  // leaves of the wallet, walletForRenewals) in the order auto-pay pays them, also across chunks.
  todo.sort((a, b) => (a.renewal.dueDate < b.renewal.dueDate ? -1 : a.renewal.dueDate > b.renewal.dueDate ? 1 : 0));
  let created = 0;
  for (let i = 0; i < todo.length; i += CHUNK) created += await createChunk(app, todo.slice(i, i + CHUNK), now);
  return created;
}

interface Pending {
  renewal: NewRenewal;
  who: { email: string; username: string; first_name: string; wallet_minor: string | number };
  item: string;
  autoRenew: boolean;
}

/**
 * Items are written in chunks of CHUNK, one transaction each (a commit is the expensive part on the embedded
 * database): the chunk's invoices in one statement, then their mails. A crash rolls back the chunk, which the next pass
 * redoes; renewals another pass created meanwhile are skipped (the renewal keys decide).
 */
const CHUNK = 200;

async function createChunk(app: FastifyInstance, chunk: Pending[], now: Date): Promise<number> {
  return app.db.orm.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Executor;
    const created = await createRenewalInvoices(
      tx,
      chunk.map((p) => p.renewal),
      now,
    );
    // Auto-pay takes a customer's renewals in turn (this chunk's new ones too): each mail compares its invoice with
    // what is left for it.
    const wallets = await walletForRenewals(tx, chunk.filter((p) => p.autoRenew && created.has(p.renewal.key)).map((p) => p.renewal.userId), now);
    for (const p of chunk) {
      const invoice = created.get(p.renewal.key);
      if (!invoice) continue;
      await app.mail.send(
        renewalMail('created', {
          product: app.config.productName,
          storefrontUrl: app.config.storefrontUrl,
          to: { email: p.who.email, username: p.who.username, firstName: p.who.first_name },
          invoicenum: invoice.invoicenum,
          item: p.item,
          totalMinor: invoice.totalMinor,
          currency: p.renewal.currency,
          dueDate: p.renewal.dueDate,
          autoRenew: p.autoRenew,
          walletMinor: Number(p.who.wallet_minor),
          aheadMinor: wallets.get(invoice.id)?.aheadMinor,
          beforeMinor: wallets.get(invoice.id)?.beforeMinor,
        }),
        tx,
      );
    }
    return created.size;
  });
}
