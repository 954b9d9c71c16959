// The staff overview (open tickets by priority, unpaid and overdue invoices, today's revenue by currency and what of
// it went back (refunds of invoices to wallets made today, whenever the invoice was paid), domains expiring in 30 days, payments of the last 90 days to refund at the gateway) and the audit log (newest first,
// filterable; read only).
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isRowId, rowIdIn } from '../db';
import { customerDomains, invoices, tickets, walletEntries } from '../db/schema-commerce';
import { validationError } from '../http/errors';
import { toMajor } from '../money/money';
import { paymentsToRefund } from './payments';
import { auditLog } from './schema';
import { TICKET_PRIORITIES } from 'shared/schemas';

const DAY_MS = 24 * 3600 * 1000;

export async function overviewRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  app.get('/staff/overview/', async () => {
    const now = app.clock.now();
    const today = now.toISOString().slice(0, 10);
    const dayStart = new Date(`${today}T00:00:00.000Z`);
    const in30 = new Date(now.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
    const dayEnd = new Date(dayStart.getTime() + DAY_MS);
    const [byPriority, unpaid, paidToday, refundedToday, expiring, toRefund] = await Promise.all([
      db
        .select({ priority: tickets.priority, count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(ne(tickets.status, 'Closed'))
        .groupBy(tickets.priority),
      db
        .select({ currency: invoices.currency, dueDate: invoices.dueDate, totalMinor: invoices.totalMinor })
        .from(invoices)
        .where(eq(invoices.status, 'Unpaid')),
      db
        .select({ currency: invoices.currency, count: sql<number>`count(*)::int`, total: sql<string>`sum(${invoices.totalMinor})` })
        .from(invoices)
        .where(and(eq(invoices.status, 'Paid'), gte(invoices.paidAt, dayStart), lt(invoices.paidAt, dayEnd)))
        .groupBy(invoices.currency),
      // The refunds of invoices as billing/invoice-refunds.ts counts them (staff refunds and undeliverable items).
      db
        .select({ currency: walletEntries.currency, count: sql<number>`count(*)::int`, total: sql<string>`sum(${walletEntries.amountMinor})` })
        .from(walletEntries)
        .where(
          and(
            eq(walletEntries.kind, 'refund'),
            isNotNull(walletEntries.invoiceId),
            isNull(walletEntries.paymentId),
            gte(walletEntries.createdAt, dayStart),
            lt(walletEntries.createdAt, dayEnd),
          ),
        )
        .groupBy(walletEntries.currency),
      db
        .select({ id: customerDomains.id, domainname: customerDomains.domainname, user: customerDomains.userId, expires: customerDomains.nextduedate })
        .from(customerDomains)
        .where(and(eq(customerDomains.status, 'Active'), lte(customerDomains.nextduedate, in30)))
        .orderBy(customerDomains.nextduedate)
        .limit(100),
      paymentsToRefund(db, now),
    ]);
    const group = (overdue: boolean) => {
      const by = new Map<string, { currency: string; count: number; minor: number }>();
      for (const r of unpaid) {
        if (r.dueDate < today !== overdue) continue;
        const g = by.get(r.currency) ?? { currency: r.currency, count: 0, minor: 0 };
        g.count += 1;
        g.minor += r.totalMinor;
        by.set(r.currency, g);
      }
      return [...by.values()].map((g) => ({ currency: g.currency, count: g.count, total: toMajor(g.minor) }));
    };
    return {
      date: today,
      open_tickets: [...TICKET_PRIORITIES].reverse().map((p) => ({ priority: p, count: byPriority.find((r) => r.priority === p)?.count ?? 0 })),
      unpaid_invoices: group(false),
      overdue_invoices: group(true),
      revenue_today: paidToday.map((r) => ({ currency: r.currency, count: r.count, total: toMajor(Number(r.total)) })),
      refunds_today: refundedToday.map((r) => ({ currency: r.currency, count: r.count, total: toMajor(Number(r.total)) })),
      domains_expiring: expiring.map((d) => ({ id: d.id, domainname: d.domainname, user: d.user, expires: d.expires })),
      payments_to_refund: toRefund,
    };
  });

  app.get('/staff/audit/', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const where: SQL[] = [];
    if (q.action) where.push(ilike(auditLog.action, `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`).slice(0, 60)}%`));
    if (q.actor) where.push(ilike(auditLog.actorUsername, q.actor.replace(/[\\%_]/g, (c) => `\\${c}`).slice(0, 60)));
    if (q.target) where.push(eq(auditLog.targetId, q.target.slice(0, 100)));
    if (q.before !== undefined) {
      const before = rowIdIn(q.before);
      if (!isRowId(before)) throw validationError({ before: 'before must be an entry id.' });
      where.push(lt(auditLog.id, before));
    }
    const rows = await db
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(100);
    return rows.map((r) => ({
      id: r.id,
      actor: r.actorUsername,
      actor_role: r.actorRole,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
    }));
  });
}
