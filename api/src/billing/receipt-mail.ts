// The receipts mailed for money received. An invoice paid, whatever paid it (the wallet at checkout, a gateway's
// webhook, auto-pay, staff marking it paid): payInvoice sends it in the paying transaction, so a payment rolled back
// mails nothing and a payment made mails once. It names the invoice, its lines, VAT and total, how and when it was
// paid, what was refunded to the wallet as it was paid (a name someone else got first), and links to the invoice page
// (and its PDF there). A deposit credited to the wallet (payments/settle.ts): the amount, the new balance, the reference.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { users } from '../db/schema';
import type { invoiceItems } from '../db/schema-commerce';
import type { MailMessage } from '../mail/mailer';
import { formatMoney } from '../money/money';
import type { Invoice } from './provision';
import { escapeHtml } from '../mail/templates';

/** What payInvoice needs to mail a receipt: the store's name and address, and the mailer. */
export interface Receipts {
  product: string;
  storefrontUrl: string;
  send(message: MailMessage, tx: Executor): Promise<void>;
}

export const receiptsOf = (app: FastifyInstance): Receipts => ({
  product: app.config.productName,
  storefrontUrl: app.config.storefrontUrl,
  send: (message, tx) => app.mail.send(message, tx),
});

type Line = Pick<typeof invoiceItems.$inferSelect, 'name' | 'domainName' | 'kind' | 'amountMinor'>;

export interface ReceiptFacts {
  product: string;
  storefrontUrl: string;
  to: { email: string; username: string; firstName?: string | null };
  invoice: Pick<Invoice, 'invoicenum' | 'currency' | 'subtotalMinor' | 'vatMinor' | 'totalMinor' | 'vatPercent'>;
  lines: Line[];
  /** 'Wallet', 'Pay with Fiat', 'Bank transfer (ref …)': the invoice's payment method as its page shows it. */
  method: string;
  paidOn: string;
  /** What went back to the wallet as the invoice was paid, with why. */
  refunds: { amountMinor: number; description: string }[];
}

/** A line as the invoice names it, with its domain when the name does not say it already ('Domain registration: x.com'). */
const lineName = (l: Line) =>
  !l.domainName || l.name.toLowerCase().includes(l.domainName.toLowerCase())
    ? l.name
    : l.kind === 'hosting'
      ? `${l.name} (${l.domainName})`
      : `${l.name}: ${l.domainName}`;

export function receiptMail(f: ReceiptFacts): MailMessage {
  const { invoice: inv } = f;
  const money = (minor: number) => formatMoney(minor, inv.currency);
  const subject = `Payment received: invoice ${inv.invoicenum} (${money(inv.totalMinor)})`;
  const link = `${f.storefrontUrl}/dashboard/invoices/${inv.invoicenum}`;
  const hello = `Hello ${f.to.firstName?.trim() || f.to.username},`;
  const lead = `Thank you: invoice ${inv.invoicenum} was paid on ${f.paidOn} (${f.method}).`;
  const sums: [string, string][] = [
    ['Subtotal', money(inv.subtotalMinor)],
    [`VAT (${Number(inv.vatPercent)} %)`, money(inv.vatMinor)],
    ['Total paid', money(inv.totalMinor)],
  ];
  const refunded = f.refunds.reduce((s, r) => s + r.amountMinor, 0);
  const text = [
    hello,
    '',
    lead,
    '',
    ...f.lines.map((l) => `- ${lineName(l)}: ${money(l.amountMinor)}`),
    '',
    ...sums.map(([k, v]) => `${k}: ${v}`),
    ...(f.refunds.length
      ? ['', `Refunded to your wallet: ${money(refunded)}`, ...f.refunds.map((r) => `- ${r.description}: ${money(r.amountMinor)}`)]
      : []),
    '',
    `The invoice and its PDF: ${link}`,
    '',
    `The ${f.product} team`,
  ].join('\n');
  const row = (k: string, v: string, strong = false) =>
    `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(k)}</td><td style="padding:4px 0;text-align:right">${strong ? `<strong>${escapeHtml(v)}</strong>` : escapeHtml(v)}</td></tr>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8">${escapeHtml(f.product)}</p>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p>
<table role="presentation" style="border-collapse:collapse">
${f.lines.map((l) => row(lineName(l), money(l.amountMinor))).join('\n')}
${sums.map(([k, v], i) => row(k, v, i === sums.length - 1)).join('\n')}
</table>${
    f.refunds.length
      ? `\n<p>Refunded to your wallet: <strong>${escapeHtml(money(refunded))}</strong></p>\n<ul>${f.refunds
          .map((r) => `<li>${escapeHtml(r.description)}: ${escapeHtml(money(r.amountMinor))}</li>`)
          .join('')}</ul>`
      : ''
  }
<p><a href="${escapeHtml(link)}">Invoice ${escapeHtml(inv.invoicenum ?? '')} and its PDF</a></p>
</body></html>`;
  return { to: f.to.email, subject, text, html };
}

export interface DepositFacts {
  product: string;
  storefrontUrl: string;
  to: { email: string; username: string; firstName?: string | null };
  amountMinor: number;
  currency: string;
  /** The wallet's balance in that currency with the deposit. */
  balanceMinor: number;
  reference: string;
  on: string;
}

export function depositMail(f: DepositFacts): MailMessage {
  const amount = formatMoney(f.amountMinor, f.currency);
  const subject = `Wallet funded: ${amount} received`;
  const link = `${f.storefrontUrl}/dashboard/wallet?currency=${encodeURIComponent(f.currency)}`;
  const hello = `Hello ${f.to.firstName?.trim() || f.to.username},`;
  const lead = `We received your deposit of ${amount} on ${f.on} (reference ${f.reference}). Your wallet now holds ${formatMoney(f.balanceMinor, f.currency)}.`;
  const text = [hello, '', lead, '', `Your wallet's history: ${link}`, '', `The ${f.product} team`].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8">${escapeHtml(f.product)}</p>
<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}">Your wallet's history</a></p>
</body></html>`;
  return { to: f.to.email, subject, text, html };
}

/** The customer to mail, or null for an account erased since. */
export async function recipient(tx: Executor, userId: number) {
  const [who] = await tx
    .select({ email: users.email, username: users.username, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return who && !who.deletedAt ? { email: who.email, username: who.username, firstName: who.firstName } : null;
}

/** Mails the receipt of a deposit credited to the wallet, in the crediting transaction. */
export async function sendDepositReceipt(
  tx: Executor,
  receipts: Receipts,
  facts: Omit<DepositFacts, 'product' | 'storefrontUrl' | 'to'> & { userId: number },
): Promise<void> {
  const to = await recipient(tx, facts.userId);
  if (!to) return;
  const { userId: _userId, ...rest } = facts;
  await receipts.send(depositMail({ ...rest, product: receipts.product, storefrontUrl: receipts.storefrontUrl, to }), tx);
}

/** Mails the receipt of a paid invoice to its customer, in the paying transaction. */
export async function sendReceipt(
  tx: Executor,
  receipts: Receipts,
  facts: Omit<ReceiptFacts, 'product' | 'storefrontUrl' | 'to'> & { userId: number },
): Promise<void> {
  const to = await recipient(tx, facts.userId);
  if (!to) return;
  const { userId: _userId, ...rest } = facts;
  await receipts.send(receiptMail({ ...rest, product: receipts.product, storefrontUrl: receipts.storefrontUrl, to }), tx);
}
