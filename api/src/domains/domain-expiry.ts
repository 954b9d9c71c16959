// Pass 'domain-expiry': an Active domain still unpaid the day after its expiry date goes to Grace; 30 days later to Redemption (the
// restore fee is added to its open renewal invoice in the same transaction, or later when a payment was pending); 30 days after that to Released (the
// invoice is cancelled and the name is available in search again).
//
// Lock order: the open renewal invoices first, then the domain rows, as every payer takes them (checkout.ts
// payExistingInvoice, payments/settle.ts, auto-pay and staff lock the invoice, then payInvoice/applyRenewals update
// the domain; Renew now locks the invoice, then the domain). The other order deadlocked on PostgreSQL (40P01) when a
// customer paid at the moment the Redemption or Release step ran. Waiting for the invoice first also lets the step see,
// in its next statement, a gateway payment the payer started while holding it (no restore fee is added under it).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, addRestoreFee, dayOf, LIFECYCLE } from '../billing/renewals';
import { sendStatusMail } from '../billing/status-mails';
import type { Executor } from '../db';
import type { RenewalItemKind } from '../db/schema-lifecycle';
import type { PriceBook } from '../money/catalog';
import { rowsOf } from '../db';

/** `(SELECT ...)` of the ids, for `x IN ${idList(ids)}` (a jsonb parameter: PGlite and node-postgres agree on it). */
export const idList = (ids: number[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`;

/**
 * An open renewal invoice of the step's items appeared after the step locked their invoices (Renew now replaced one
 * meanwhile): locking it now, behind the item rows, could deadlock with its payer, so the step's transaction is rolled
 * back and taken again from the invoices.
 */
class InvoicesMoved extends Error {}

/** Runs one step's transaction, again (up to 5 times) when its items' open invoices moved under it (InvoicesMoved). */
export async function inLockOrder<T>(db: Executor, step: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => step(tx as unknown as Executor));
    } catch (err) {
      if (!(err instanceof InvoicesMoved) || attempt >= 5) throw err;
    }
  }
}

/**
 * Locks the open (Unpaid, not yet applied) renewal invoices of these items, in id order (two passes at once queue on
 * the first one instead of crossing), and returns their ids. The first lock a lifecycle step takes: a payer holding one
 * of them is waited for here, before the step holds any item row its payment will update.
 */
export async function lockOpenRenewalInvoices(
  tx: Executor,
  kind: RenewalItemKind,
  itemIds: number[],
): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      SELECT i.id FROM renewals r JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.item_kind = ${kind} AND r.applied_at IS NULL AND r.item_id IN ${idList(itemIds)}
      ORDER BY i.id
      FOR UPDATE OF i`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * The open renewal invoices of these items now (a statement of its own, so with a snapshot taken after the locks were
 * granted: a payment committed by the payer the step waited for is seen), each with whether a gateway payment of it is
 * pending. Throws InvoicesMoved when one of them is not among `locked`.
 */
export async function openRenewalInvoices(
  tx: Executor,
  kind: RenewalItemKind,
  itemIds: number[],
  locked: Set<number>,
): Promise<{ invoice_id: number; item_id: number; pending: boolean }[]> {
  if (itemIds.length === 0) return [];
  const open = rowsOf<{ invoice_id: number; item_id: number; pending: boolean }>(
    await tx.execute(sql`
      SELECT i.id AS invoice_id, r.item_id,
             EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id AND p.status = 'pending') AS pending
      FROM renewals r JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE r.item_kind = ${kind} AND r.applied_at IS NULL AND r.item_id IN ${idList(itemIds)}
      ORDER BY i.id`),
  ).map((o) => ({
    invoice_id: Number(o.invoice_id),
    item_id: Number(o.item_id),
    pending: Boolean(o.pending),
  }));
  if (open.some((o) => !locked.has(o.invoice_id))) throw new InvoicesMoved();
  return open;
}

/**
 * The restore fee on the domain's open renewal invoice, unless a gateway payment of that invoice is pending: the
 * customer was asked for the invoice's amount when the payment started, and that is what the gateway charges. The fee
 * is then added by a later pass, if that payment fails or expires, or by settling it if it succeeds (settle.ts: a
 * domain in Redemption is never restored without the fee; that payment goes to the wallet).
 * `locked`: the domain's open invoices, locked by the caller before it touched the domain row; without it they are
 * locked here. The pending check is a statement after the lock, so a payment started by whoever held the invoice
 * until then is seen (one statement doing both read the payments as they were before it waited). Run it in
 * `inLockOrder`.
 */
export async function restoreFeeOnOpenInvoice(
  tx: Executor,
  book: PriceBook,
  domainId: number,
  locked?: Set<number>,
): Promise<boolean> {
  const held = locked ?? (await lockOpenRenewalInvoices(tx, 'domain', [domainId]));
  const open = (await openRenewalInvoices(tx, 'domain', [domainId], held))[0];
  if (!open || open.pending) return false;
  return addRestoreFee(tx, book, open.invoice_id);
}

export async function domainExpiry(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  const today = dayOf(now);
  const db = app.db.orm;
  const releaseBefore = addDays(today, -(LIFECYCLE.graceDays + LIFECYCLE.redemptionDays));
  const redeemBefore = addDays(today, -LIFECYCLE.graceDays);

  // Released, in one transaction: the due domains' open invoices locked, then the domains, then both written.
  const toRelease = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT id FROM customer_domains
      WHERE status IN ('Active', 'Grace', 'Redemption') AND nextduedate < ${releaseBefore}::date`),
  ).map((r) => Number(r.id));
  const released = !toRelease.length
    ? []
    : await inLockOrder(db, async (tx) => {
        const locked = await lockOpenRenewalInvoices(tx, 'domain', toRelease);
        // Still due once the payers we waited for are done (a paid one moved its expiry date).
        const due = rowsOf<{ id: number }>(
          await tx.execute(sql`
            SELECT id FROM customer_domains
            WHERE id IN ${idList(toRelease)}
              AND status IN ('Active', 'Grace', 'Redemption') AND nextduedate < ${releaseBefore}::date
            ORDER BY id
            FOR UPDATE`),
        ).map((r) => Number(r.id));
        if (!due.length) return [];
        await openRenewalInvoices(tx, 'domain', due, locked);
        const done = rowsOf<{ id: number; user_id: number; domainname: string; due: string }>(
          await tx.execute(sql`
            WITH d AS (
              UPDATE customer_domains SET status = 'Released'
              WHERE id IN ${idList(due)} AND status IN ('Active', 'Grace', 'Redemption')
              RETURNING id, user_id, domainname, nextduedate
            ), c AS (
              UPDATE invoices SET status = 'Cancelled', notes = trim(notes || ' (domain released: unpaid)')
              WHERE status = 'Unpaid' AND id IN (
                SELECT r.invoice_id FROM renewals r JOIN d ON r.item_kind = 'domain' AND r.item_id = d.id
                WHERE r.applied_at IS NULL)
              RETURNING id
            )
            SELECT d.id, d.user_id, d.domainname, to_char(d.nextduedate, 'YYYY-MM-DD') AS due, (SELECT count(*) FROM c) AS cancelled FROM d`),
        );
        for (const r of done)
          await sendStatusMail(app, tx, 'released', { id: Number(r.id), userId: Number(r.user_id), name: r.domainname, dueDate: r.due });
        return done;
      });
  if (released.length) await app.commerce.released(released.map((r) => r.domainname));

  // Redemption, one transaction per domain: the status step and the restore fee on its invoice go together.
  const toRedemption = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT id FROM customer_domains
      WHERE status IN ('Active', 'Grace') AND nextduedate < ${redeemBefore}::date`),
  );
  let moved = released.length;
  if (toRedemption.length) {
    const book = await app.commerce.catalog.get();
    for (const { id } of toRedemption) {
      const ok = await inLockOrder(db, async (tx) => {
        const locked = await lockOpenRenewalInvoices(tx, 'domain', [id]);
        const step = rowsOf<{ id: number; user_id: number; domainname: string; due: string }>(
          await tx.execute(sql`
            UPDATE customer_domains SET status = 'Redemption'
            WHERE id = ${id} AND status IN ('Active', 'Grace') AND nextduedate < ${redeemBefore}::date
            RETURNING id, user_id, domainname, to_char(nextduedate, 'YYYY-MM-DD') AS due`),
        )[0];
        if (!step) return false;
        await restoreFeeOnOpenInvoice(tx, book, id, locked);
        await sendStatusMail(app, tx, 'redemption', { id: Number(step.id), userId: Number(step.user_id), name: step.domainname, dueDate: step.due });
        return true;
      });
      if (ok) moved += 1;
    }
  }

  // A restore fee deferred while a gateway payment of the invoice was pending is added once that payment is over
  // (declined or expired without money); one that succeeded added it as it settled, and was credited (settle.ts).
  const owing = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT d.id FROM customer_domains d
      JOIN renewals r ON r.item_kind = 'domain' AND r.item_id = d.id AND r.applied_at IS NULL
      JOIN invoices i ON i.id = r.invoice_id AND i.status = 'Unpaid'
      WHERE d.status = 'Redemption'
        AND NOT EXISTS (SELECT 1 FROM invoice_items l WHERE l.invoice_id = i.id AND l.kind = 'restore_fee')
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id AND p.status = 'pending')`),
  );
  if (owing.length) {
    const book = await app.commerce.catalog.get();
    for (const { id } of owing) await inLockOrder(db, (tx) => restoreFeeOnOpenInvoice(tx, book, Number(id)));
  }

  // Grace locks no invoice, so it never holds a domain row while waiting for one: a payer at most waits for it.
  const grace = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE customer_domains SET status = 'Grace'
      WHERE status = 'Active' AND nextduedate < ${today}::date
      RETURNING id`),
  );
  return moved + grace.length;
}

/**
 * Pass 'transfer-completion': an incoming transfer paid `LIFECYCLE.transferDays` days ago is complete. The domain is
 * Active (manageable, served by our DNS when it uses our nameservers, renewed and reminded like any other); before this
 * it stayed 'Pending Transfer' for ever, past its expiry date, with no renewal invoice.
 */
export async function transferCompletion(app: FastifyInstance, { now }: { now: Date }): Promise<number> {
  // The name was already taken while pending (commerce/context.ts counts 'Pending Transfer'): nothing to announce.
  const done = rowsOf<{ id: number }>(
    await app.db.orm.execute(sql`
      UPDATE customer_domains SET status = 'Active'
      WHERE status = 'Pending Transfer' AND created_at <= ${new Date(now.getTime() - LIFECYCLE.transferDays * 86_400_000).toISOString()}::timestamptz
      RETURNING id`),
  );
  return done.length;
}
