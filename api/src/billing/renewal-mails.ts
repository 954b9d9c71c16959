// The lifecycle's mails: a renewal invoice was created, and the reminders 7 days before, 1 day before and 1 day after
// its due date. Each names the item, the amount in the invoice's currency and links to the invoice page; the overdue
// one also says what comes next (a domain's Redemption with its restore fee and release, a service's suspension).
import type { MailMessage } from '../mail/mailer';
import { formatMoney } from '../money/money';
import { addDays, LIFECYCLE } from './renewals';
import { escapeHtml } from '../mail/templates';

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
  /** The overdue reminder says what happens next: a domain's Redemption (and its restore fee), a service's suspension. */
  itemKind?: 'domain' | 'hosting';
  /** The restore fee in the invoice's currency (domains). */
  restoreFeeMinor?: number;
  /** The wallet's balance in the invoice's currency when the mail is sent: with auto-renew on, a wallet short of the
   *  amount is named, with what is missing (auto-pay would not pay it). */
  walletMinor?: number;
  /** The part of the wallet auto-pay spends first on the customer's renewals due before this one (auto-pay.ts
   *  walletForRenewals): what is left of the wallet is what this invoice is compared with. */
  aheadMinor?: number;
  /** The totals of all the renewals auto-pay takes before this one, covered or not (walletForRenewals): a top-up that
   *  is to pay this one must cover them too. */
  beforeMinor?: number;
}

/** Deposits are whole amounts (payments/deposit): the smallest deposit that adds at least `minor`. */
const wholeDeposit = (minor: number) => Math.ceil(minor / 100) * 100;

/** What an unpaid renewal leads to, with its dates (the contract's lifecycle constants). */
function whatNext(f: RenewalMailFacts): string | null {
  if (f.itemKind === 'domain') {
    // The last days of Grace and of Redemption (domains/domain-expiry.ts moves it the day after each).
    const graceEnds = addDays(f.dueDate, LIFECYCLE.graceDays);
    const redemptionEnds = addDays(graceEnds, LIFECYCLE.redemptionDays);
    const fee = f.restoreFeeMinor ? ` and the invoice grows by a restore fee of ${formatMoney(f.restoreFeeMinor, f.currency)} plus VAT` : '';
    return `If it is still unpaid after ${graceEnds}, the domain enters Redemption${fee}. After ${redemptionEnds} it is released and anyone can register it.`;
  }
  if (f.itemKind === 'hosting')
    return `If it is still unpaid, the service is suspended on ${addDays(f.dueDate, LIFECYCLE.suspendDaysAfter)} and terminated on ${addDays(f.dueDate, LIFECYCLE.terminateDaysAfter)}.`;
  return null;
}

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
  const wallet = Math.max(0, f.walletMinor ?? 0);
  const ahead = Math.min(wallet, Math.max(0, f.aheadMinor ?? 0));
  const left = wallet - ahead;
  const before = Math.max(ahead, f.beforeMinor ?? 0);
  const holds =
    before > ahead
      ? `your wallet holds ${formatMoney(wallet, f.currency)} and your renewals due before this one come first (${formatMoney(before, f.currency)})`
      : ahead > 0
        ? `your wallet holds ${formatMoney(wallet, f.currency)}, of which ${formatMoney(ahead, f.currency)} pays your renewals due before this one: that leaves ${formatMoney(left, f.currency)}`
        : `your wallet holds ${formatMoney(wallet, f.currency)}`;
  // What to add so that auto-pay, taking the renewals in its order, reaches this one with enough.
  const need = before + f.totalMinor - wallet;
  const deposit = need % 100 ? ` (deposits are whole amounts: ${formatMoney(wholeDeposit(need), f.currency)})` : '';
  const auto = !f.autoRenew
    ? 'Auto-renew is off: pay the invoice yourself to keep the service.'
    : f.walletMinor !== undefined && left < f.totalMinor
      ? `Auto-renew is on, but ${holds}, not enough to pay it: add ${formatMoney(need, f.currency)} to your wallet${kind === 'overdue' ? '' : ` before ${f.dueDate}`}${deposit}, or pay the invoice yourself.`
      : 'Auto-renew is on: we pay it from your wallet from 7 days before the due date when the balance covers it.';
  const next = kind === 'overdue' ? whatNext(f) : null;
  const text = [hello, '', lead, `Amount due: ${amount}`, ...(next ? [next] : []), '', `Pay it here: ${link}`, auto, '', `The ${f.product} team`].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8">${escapeHtml(f.product)}</p>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p>
<p>Amount due: <strong>${escapeHtml(amount)}</strong></p>${next ? `\n<p>${escapeHtml(next)}</p>` : ''}
<p><a href="${escapeHtml(link)}">Pay invoice ${escapeHtml(f.invoicenum)}</a></p>
<p>${escapeHtml(auto)}</p></body></html>`;
  return { to: f.to.email, subject, text, html };
}
