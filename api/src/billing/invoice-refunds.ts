// What of an invoice went back to the customer's wallet, as the customer is told it: an item that could not be delivered
// (a name registered by someone else first: provision.ts) or a refund by staff (with its credit note; the staff's
// reason stays in the console). A payment credited whole to the wallet (it reached an invoice already paid) is no
// refund of this invoice: payments/outcome.ts says that one.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db';
import { walletEntries } from '../db/schema-commerce';
import { invoiceRefunds } from '../staff/schema';

export interface InvoiceRefund {
  amountMinor: number;
  description: string;
  creditNote: string | null;
  createdAt: Date;
}

export async function refundsOfInvoice(ex: Executor, invoiceId: number): Promise<InvoiceRefund[]> {
  const rows = await ex
    .select({
      amountMinor: walletEntries.amountMinor,
      description: walletEntries.description,
      creditNote: invoiceRefunds.creditNote,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .leftJoin(invoiceRefunds, eq(invoiceRefunds.walletEntryId, walletEntries.id))
    .where(and(eq(walletEntries.invoiceId, invoiceId), eq(walletEntries.kind, 'refund'), isNull(walletEntries.paymentId)))
    .orderBy(asc(walletEntries.id));
  return rows.map((r) => ({
    amountMinor: Number(r.amountMinor),
    description: r.creditNote ? `Refund, credit note ${r.creditNote}` : r.description.replace(/^Refund: /, ''),
    creditNote: r.creditNote ?? null,
    createdAt: r.createdAt,
  }));
}
