// Staff customers: search by username, e-mail, name (first, last or both) or domain; one customer's profile, wallet
// (balances and ledger), domains, services, invoices, gateway payments (the latest 50) and tickets; wallet adjustments
// (credit or debit, with a required reason).
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { isRowId, rowIdIn, type Executor } from '../db';
import { users } from '../db/schema';
import { customerDomains, invoices, payments, tickets, userServices, walletEntries } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { idempotencyKeyOf, once, sendAnswer } from '../http/idempotency';
import { formatMoney, toMajor } from '../money/money';
import { credit, debit, InsufficientFunds, lockedBalance, staffEntryText } from '../payments/wallet';
import { audit } from './audit';
import { escapeLike, moneyField, reasonField } from './fields';
import { staffOf } from './plugin';
import { DEPOSIT_LIMITS } from '../payments/routes';

const Adjustment = v.object({
  direction: v.picklist(['credit', 'debit'], 'Choose credit or debit.'),
  amount: moneyField({ min: 1 }),
  currency: v.picklist(['USD', 'NGN'], 'Choose USD or NGN.'),
  reason: reasonField,
});

export async function walletOf(ex: Executor, userId: number) {
  const entries = await ex
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id));
  const totals = new Map<string, number>();
  for (const e of entries) totals.set(e.currency, (totals.get(e.currency) ?? 0) + e.amountMinor);
  return {
    balances: [...totals].map(([currency, minor]) => ({ currency, balance: toMajor(minor) })),
    entries: entries.map((e) => ({
      id: e.id,
      currency: e.currency,
      amount: toMajor(e.amountMinor),
      kind: e.kind,
      invoice: e.invoiceId,
      description: e.description,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/** Customer accounts only: the console's customer and invoice routes never act on a staff account (billing would credit,
 * refund or mark paid its own, or a colleague's, and spend it in the store). */
export const isCustomer = eq(users.role, 'customer');

/**
 * Locks the account `userId` (shared) for a change to its money, and refuses one its owner deleted: an erased account's
 * wallet is no one's to spend and its invoices provision nothing (money for it is refunded outside the store, as the
 * gateway's late payments are). Deleting an account locks the row too and checks the wallet after, so a credit made
 * meanwhile either stops the deletion or is refused here. `field` names the field the 400 is at.
 */
export async function lockLiveCustomer(tx: Executor, userId: number, field: string) {
  const [row] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for('share');
  if (!row || row.deletedAt) throw validationError({ [field]: ERASED_ACCOUNT });
}
export const ERASED_ACCOUNT = "This customer deleted their account: its wallet and invoices can no longer change. Settle any money with them outside the store.";

export async function customerRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  const profile = (u: typeof users.$inferSelect) => ({
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    is_active: u.isActive,
    phone_number: u.phoneNumber,
    address: u.address,
    city: u.city,
    state: u.state,
    post_code: u.postCode,
    date_joined: u.dateJoined.toISOString(),
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
  });

  // Customers only: staff accounts are the admin's (staff/accounts.ts). Billing could otherwise credit its own wallet
  // (or a colleague's) and spend it in the store, and every role read the others' profiles and wallets.
  const customerById = (raw: string) => {
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound('No such customer.');
    return db.select().from(users).where(and(eq(users.id, id), isCustomer));
  };

  app.get('/staff/customers/', async (request) => {
    const q = String((request.query as Record<string, unknown>).q ?? '').trim().slice(0, 100);
    const like = `%${escapeLike(q)}%`;
    const byDomain = q
      ? db.select({ id: customerDomains.userId }).from(customerDomains).where(ilike(customerDomains.domainname, like))
      : null;
    const rows = await db
      .select()
      .from(users)
      .where(
        and(
          isCustomer,
          q
            ? or(
                ilike(users.username, like),
                ilike(users.email, like),
                // 'Ada', 'Lovelace' and 'ada lovelace' all find Ada Lovelace.
                sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${like}`,
                inArray(users.id, byDomain!),
              )
            : undefined,
        ),
      )
      .orderBy(desc(users.dateJoined), desc(users.id))
      .limit(50);
    return rows.map(profile);
  });

  app.get('/staff/customers/:id/', async (request) => {
    const [u] = await customerById((request.params as { id: string }).id);
    if (!u) throw notFound('No such customer.');
    const [wallet, domains, services, invs, tks, pays] = await Promise.all([
      walletOf(db, u.id),
      db.select().from(customerDomains).where(eq(customerDomains.userId, u.id)).orderBy(desc(customerDomains.id)),
      db.select().from(userServices).where(eq(userServices.userId, u.id)).orderBy(desc(userServices.id)),
      db.select().from(invoices).where(eq(invoices.userId, u.id)).orderBy(desc(invoices.id)),
      db.select().from(tickets).where(eq(tickets.userId, u.id)).orderBy(desc(tickets.id)),
      // What the customer started at the gateway, for billing to answer 'I paid but…' (the latest 50).
      db
        .select({ p: payments, invoicenum: invoices.invoicenum })
        .from(payments)
        .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(eq(payments.userId, u.id))
        .orderBy(desc(payments.id))
        .limit(50),
    ]);
    return {
      ...profile(u),
      wallet,
      domains: domains.map((d) => ({ id: d.id, domainname: d.domainname, status: d.status, nextduedate: d.nextduedate })),
      services: services.map((s) => ({ id: s.id, name: s.name, domain: s.domain, status: s.status, nextduedate: s.nextduedate })),
      invoices: invs.map((i) => ({
        id: i.id,
        invoicenum: i.invoicenum,
        status: i.status,
        currency: i.currency,
        total: toMajor(i.totalMinor),
        due_date: i.dueDate,
        created_at: i.createdAt.toISOString(),
      })),
      tickets: tks.map((t) => ({ id: t.id, title: t.title, status: t.status, priority: t.priority, updated_at: t.updatedAt.toISOString() })),
      payments: pays.map(({ p, invoicenum }) => ({
        reference: p.reference,
        purpose: p.purpose,
        provider: p.provider,
        invoice: p.invoiceId,
        invoicenum,
        amount: toMajor(p.amountMinor),
        currency: p.currency,
        status: p.status,
        failure_reason: p.failureReason,
        created_at: p.createdAt.toISOString(),
        settled_at: p.settledAt?.toISOString() ?? null,
        refunded_at: p.refundedAt?.toISOString() ?? null,
        refund_reference: p.refundReference,
      })),
    };
  });

  app.post('/staff/customers/:id/wallet-adjustments/', async (request, reply) => {
    const body = parseBody(Adjustment, request.body);
    // A credit is money out of the business: one at most what a customer may deposit at once (a slipped digit is
    // refused, not paid out). A debit is bounded by the balance.
    const most = (DEPOSIT_LIMITS[body.currency] ?? 0) * 100;
    if (body.direction === 'credit' && body.amount > most)
      throw validationError({ amount: `One credit can be at most ${formatMoney(most, body.currency)}.` });
    const me = staffOf(request);
    const [u] = await customerById((request.params as { id: string }).id);
    if (!u) throw notFound('No such customer.');
    const now = app.clock.now();
    const description = staffEntryText.adjustment(body.direction, body.reason);
    // Sent with an Idempotency-Key (the console sends one per adjustment), a repeat (a retry after a lost answer) gets
    // the first one's answer instead of a second credit.
    const key = idempotencyKeyOf(request);
    const answer = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      await lockLiveCustomer(tx, u.id, 'amount');
      return once(tx, { scope: `staff:${me.id}`, key, request: { adjust: u.id, body }, now }, async () => {
        const before = await lockedBalance(tx, u.id, body.currency);
        const entry = { userId: u.id, currency: body.currency, amountMinor: body.amount, kind: 'adjustment' as const, description, now };
        try {
          if (body.direction === 'credit') await credit(tx, entry);
          else await debit(tx, entry);
        } catch (err) {
          if (err instanceof InsufficientFunds) {
            throw validationError({ amount: `The wallet holds ${formatMoney(err.balanceMinor, body.currency)}: a debit cannot take it below zero.` });
          }
          throw err;
        }
        const after = before + (body.direction === 'credit' ? body.amount : -body.amount);
        await audit(
          tx,
          me,
          {
            action: `wallet.${body.direction}`,
            targetType: 'customer',
            targetId: u.id,
            before: { currency: body.currency, balance: toMajor(before) },
            after: { currency: body.currency, balance: toMajor(after), amount: toMajor(body.amount) },
            reason: body.reason,
          },
          now,
        );
        return {
          status: 201,
          body: {
            message: body.direction === 'credit' ? 'Wallet credited.' : 'Wallet debited.',
            data: { currency: body.currency, balance: toMajor(after) },
          },
        };
      });
    });
    return sendAnswer(reply, answer);
  });
}
