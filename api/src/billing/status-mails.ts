// The lifecycle's mails for the steps that change what a customer holds: a domain into Redemption (with the invoice
// that restores it, its restore fee now on it) and released; a hosting service suspended and terminated. Each is sent
// in its step's transaction (domains/domain-expiry.ts, billing/hosting-suspension.ts), whose UPDATE matches an item
// once: one mail per step, none for a step rolled back. The reminders before and after the due date are
// renewal-mails.ts.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Executor } from '../db';
import type { MailMessage } from '../mail/mailer';
import { formatMoney } from '../money/money';
import { recipient } from './receipt-mail';
import { addDays, LIFECYCLE } from './renewals';
import { escapeHtml } from '../mail/templates';

export type StatusStep = 'redemption' | 'released' | 'suspended' | 'terminated';

export interface StatusFacts {
  product: string;
  storefrontUrl: string;
  to: { email: string; username: string; firstName?: string | null };
  /** The domain, or the service as 'Shared Hosting - Starter (example.com)'. */
  item: string;
  /** The due date (a domain's expiry date) that was not paid. */
  dueDate: string;
  /** The open renewal invoice that restores or reactivates it (Redemption, Suspended). */
  invoice?: { invoicenum: string; totalMinor: number; currency: string } | null;
}

export function statusMail(step: StatusStep, f: StatusFacts): MailMessage {
  const releasedAfter = addDays(f.dueDate, LIFECYCLE.graceDays + LIFECYCLE.redemptionDays);
  const pay = f.invoice ? `invoice ${f.invoice.invoicenum} (${formatMoney(f.invoice.totalMinor, f.invoice.currency)})` : 'its renewal invoice';
  const [subject, lead, link]: [string, string, { label: string; url: string }] =
    step === 'redemption'
      ? [
          `${f.item} is in Redemption: restore it by ${releasedAfter}`,
          `${f.item} expired on ${f.dueDate} and was not renewed in its grace period, so it is now in Redemption and its renewal costs a restore fee as well. Pay ${pay} by ${releasedAfter} to keep it; after that it is released and anyone can register it.`,
          { label: 'Restore it', url: f.invoice ? `${f.storefrontUrl}/dashboard/invoices/${f.invoice.invoicenum}` : `${f.storefrontUrl}/dashboard/domains` },
        ]
      : step === 'released'
        ? [
            `${f.item} was released`,
            `${f.item} expired on ${f.dueDate} and was not renewed, so it has been released: it is no longer yours, and anyone can register it. If you still want it, register it again while it is free.`,
            { label: `Search for ${f.item}`, url: `${f.storefrontUrl}/search?query=${encodeURIComponent(f.item)}` },
          ]
        : step === 'suspended'
          ? [
              `Your hosting service ${f.item} is suspended`,
              `The renewal of ${f.item} was due on ${f.dueDate} and is unpaid, so the service is suspended. Pay ${pay} to reactivate it at once; unpaid, it is terminated on ${addDays(f.dueDate, LIFECYCLE.terminateDaysAfter)}.`,
              { label: 'Reactivate it', url: f.invoice ? `${f.storefrontUrl}/dashboard/invoices/${f.invoice.invoicenum}` : `${f.storefrontUrl}/dashboard/services` },
            ]
          : [
              `Your hosting service ${f.item} was terminated`,
              `The renewal of ${f.item} was due on ${f.dueDate} and was not paid within ${LIFECYCLE.terminateDaysAfter} days, so the service has been terminated and its renewal invoice cancelled.`,
              { label: 'Your services', url: `${f.storefrontUrl}/dashboard/services` },
            ];
  const hello = `Hello ${f.to.firstName?.trim() || f.to.username},`;
  const text = [hello, '', lead, '', `${link.label}: ${link.url}`, '', `The ${f.product} team`].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8">${escapeHtml(f.product)}</p>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
</body></html>`;
  return { to: f.to.email, subject, text, html };
}

/** The item's open renewal invoice (the newest), if any. */
async function openInvoiceOf(tx: Executor, kind: 'domain' | 'hosting', itemId: number): Promise<StatusFacts['invoice']> {
  const [row] = rowsOf<{ invoicenum: string; total_minor: string | number; currency: string }>(
    await tx.execute(sql`
      SELECT i.invoicenum, i.total_minor, i.currency
      FROM renewals r JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.item_kind = ${kind} AND r.item_id = ${itemId} AND r.applied_at IS NULL
      ORDER BY i.id DESC LIMIT 1`),
  );
  return row ? { invoicenum: row.invoicenum, totalMinor: Number(row.total_minor), currency: row.currency } : null;
}

/** Mails one step of one item to its owner, in the step's transaction (nothing for an erased account). */
export async function sendStatusMail(
  app: FastifyInstance,
  tx: Executor,
  step: StatusStep,
  item: { id: number; userId: number; name: string; dueDate: string },
): Promise<void> {
  const to = await recipient(tx, item.userId);
  if (!to) return;
  const kind = step === 'redemption' || step === 'released' ? 'domain' : 'hosting';
  const invoice = step === 'redemption' || step === 'suspended' ? await openInvoiceOf(tx, kind, item.id) : null;
  const facts = { product: app.config.productName, storefrontUrl: app.config.storefrontUrl, to, item: item.name, dueDate: item.dueDate, invoice };
  await app.mail.send(statusMail(step, facts), tx);
}
