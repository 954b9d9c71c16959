// The wallet is a ledger: a (user, currency) balance is the sum of its wallet_entries and never goes below zero.
// Every debit first locks the wallet_accounts row (SELECT ... FOR UPDATE), then sums, then writes: two debits of the
// same wallet run one after the other, so they cannot both spend the same money.
import { and, desc, eq, max, sql, sum, type SQL } from 'drizzle-orm';
import type { Executor } from '../db';
import { walletAccounts, walletEntries } from '../db/schema-commerce';

export interface Entry {
  userId: number;
  currency: string;
  amountMinor: number;
  kind: 'deposit' | 'payment' | 'refund' | 'adjustment';
  paymentId?: number;
  invoiceId?: number;
  description: string;
  now: Date;
}

export class InsufficientFunds extends Error {
  constructor(
    readonly balanceMinor: number,
    readonly neededMinor: number,
  ) {
    super('insufficient funds');
  }
}

async function ensureAccount(tx: Executor, userId: number, currency: string) {
  await tx.insert(walletAccounts).values({ userId, currency }).onConflictDoNothing();
}

/**
 * A wallet's balance inside a query, for each row of it: `user` and `currency` are the row's SQL for them (as
 * `sql.raw('u.id')`). What lockedBalance sums, without the lock: for messages, never for a debit.
 */
export const balanceSql = (user: SQL, currency: SQL) =>
  sql`(SELECT coalesce(sum(w.amount_minor), 0) FROM wallet_entries w WHERE w.user_id = ${user} AND w.currency = ${currency})`;

/** Locks the account for the rest of the transaction and returns its balance. */
export async function lockedBalance(tx: Executor, userId: number, currency: string): Promise<number> {
  await ensureAccount(tx, userId, currency);
  await tx
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.userId, userId), eq(walletAccounts.currency, currency)))
    .for('update');
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${walletEntries.amountMinor})` })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.currency, currency)));
  return Number(row?.total ?? 0);
}

export async function credit(tx: Executor, e: Entry): Promise<void> {
  if (!(e.amountMinor > 0)) throw new Error('a credit is positive');
  await ensureAccount(tx, e.userId, e.currency);
  await tx.insert(walletEntries).values({
    userId: e.userId,
    currency: e.currency,
    amountMinor: e.amountMinor,
    kind: e.kind,
    paymentId: e.paymentId,
    invoiceId: e.invoiceId,
    description: e.description,
    createdAt: e.now,
  });
}

/** Spends `amountMinor` (positive) or throws InsufficientFunds having written nothing. */
export async function debit(tx: Executor, e: Entry): Promise<void> {
  if (!(e.amountMinor > 0)) throw new Error('a debit is positive');
  const balance = await lockedBalance(tx, e.userId, e.currency);
  if (balance < e.amountMinor) throw new InsufficientFunds(balance, e.amountMinor);
  await tx.insert(walletEntries).values({
    userId: e.userId,
    currency: e.currency,
    amountMinor: -e.amountMinor,
    kind: e.kind,
    paymentId: e.paymentId,
    invoiceId: e.invoiceId,
    description: e.description,
    createdAt: e.now,
  });
}

/** Every currency the user has touched: its balance, the most recently used first. */
export async function balances(
  ex: Executor,
  userId: number,
): Promise<{ currency: string; balanceMinor: number }[]> {
  const rows = await ex
    .select({
      currency: walletEntries.currency,
      total: sum(walletEntries.amountMinor),
      last: max(walletEntries.id),
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .groupBy(walletEntries.currency)
    .orderBy(desc(max(walletEntries.id)));
  return rows.map((r) => ({ currency: r.currency, balanceMinor: Number(r.total ?? 0) }));
}

/**
 * Wallet entries written by staff carry their reason after ': ' (for the console and the audit). The customer reads
 * the entry without it: the reason is the staff's note, not a message to them (the data export; an invoice's refunds are
 * told by billing/invoice-refunds.ts).
 */
export const staffEntryText = {
  adjustment: (direction: 'credit' | 'debit', reason: string) => `${direction === 'credit' ? 'Credit' : 'Debit'} by staff: ${reason}`,
  refund: (invoicenum: string, creditNote: string, reason: string) => `Refund of ${invoicenum} (credit note ${creditNote}): ${reason}`,
  /** The entry's text as the customer may read it. */
  forCustomer: (description: string) =>
    description.replace(/^((?:Credit|Debit) by staff|Refund of \S+ \(credit note [^)]+\)): [\s\S]*$/, '$1'),
};
