// The lifecycle's mails: a renewal invoice was created, and the reminders 7 days before, 1 day before and 1 day after
// its due date. Each names the item, the amount in the invoice's currency and links to the invoice page.
import type { MailMessage } from '../mail/mailer';
import { formatMoney } from '../money/money';

export type ReminderKind = 'created' | '7d' | '1d' | 'overdue';

export interface RenewalMailFacts {
  product: string;
  storefrontUrl: string;
  to: { email: string; username: string; firstName?: string | null };
  invoicenum: string;
  item: string;
  totalMinor: number;
  currency: string;
  dueDate: string;
  autoRenew: boolean;
  /** Whole days from the sending day to the due date (the '7d' reminder is sent late when the jobs missed its day). */
  daysLeft?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const SUBJECTS: Record<ReminderKind, (f: RenewalMailFacts) => string> = {
  created: (f) => `Renewal invoice ${f.invoicenum} for ${f.item}`,
  '7d': (f) => `Reminder: ${f.item} is due for renewal in ${f.daysLeft ?? 7} days`,
  '1d': (f) => `Reminder: ${f.item} is due for renewal tomorrow`,
  overdue: (f) => `Overdue: invoice ${f.invoicenum} for ${f.item} is unpaid`,
};

export function renewalMail(kind: ReminderKind, f: RenewalMailFacts): MailMessage {
  const subject = SUBJECTS[kind](f);
  const link = `${f.storefrontUrl}/dashboard/invoices/${f.invoicenum}`;
  const amount = formatMoney(f.totalMinor, f.currency);
  const hello = `Hello ${f.to.firstName?.trim() || f.to.username},`;
  const lead =
    kind === 'overdue'
      ? `Invoice ${f.invoicenum} for the renewal of ${f.item} was due on ${f.dueDate} and is still unpaid.`
      : kind === 'created'
        ? `We created invoice ${f.invoicenum} for the renewal of ${f.item}, due on ${f.dueDate}.`
        : `Invoice ${f.invoicenum} for the renewal of ${f.item} is due on ${f.dueDate}.`;
  const auto = f.autoRenew
    ? 'Auto-renew is on: we pay it from your wallet from 7 days before the due date when the balance covers it.'
    : 'Auto-renew is off: pay the invoice yourself to keep the service.';
  const text = [hello, '', lead, `Amount due: ${amount}`, '', `Pay it here: ${link}`, auto, '', `The ${f.product} team`].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8">${escapeHtml(f.product)}</p>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p>
<p>Amount due: <strong>${escapeHtml(amount)}</strong></p>
<p><a href="${escapeHtml(link)}">Pay invoice ${escapeHtml(f.invoicenum)}</a></p>
<p>${escapeHtml(auto)}</p></body></html>`;
  return { to: f.to.email, subject, text, html };
}
