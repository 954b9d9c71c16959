// Billing ends a customer's hosting service (a refunded order, a customer who asked to leave, abuse): the service is
// Cancelled, with auto-renew off, so the lifecycle neither invoices, suspends nor terminates it again, and its open
// renewal invoice is cancelled with it (nobody can pay for a period that will not come). Money is not moved here: a
// refund is the invoice's (staff/invoices.ts), said apart, with its own credit note.
// Lock order as the lifecycle and the payers take it: the service's open renewal invoices first, then the service
// (domains/domain-expiry.ts says why).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { isRowId, rowIdIn, rowsOf } from '../db';
import { idList, inLockOrder, lockOpenRenewalInvoices, openRenewalInvoices } from '../domains/domain-expiry';
import { nonFieldError, notFound, parseBody } from '../http/errors';
import { audit } from './audit';
import { reasonField } from './fields';
import { staffOf } from './plugin';

const Cancel = v.object({ reason: reasonField });

/** A service in one of these can be cancelled; the others have ended already (Cancelled, Terminated). */
const CANCELLABLE = ['Active', 'Suspended', 'Pending'];

export async function serviceAdminRoutes(app: FastifyInstance) {
  const db = app.db.orm;

  app.post('/staff/services/:id/cancel/', async (request) => {
    const body = parseBody(Cancel, request.body);
    const raw = (request.params as { id: string }).id;
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound('No such service.');
    const me = staffOf(request);
    const now = app.clock.now();
    const done = await inLockOrder(db, async (tx) => {
      const locked = await lockOpenRenewalInvoices(tx, 'hosting', [id]);
      // A customer's service only: a staff account's own purchase is not the console's (as with its invoices).
      const [service] = rowsOf<{ id: number; user_id: number; name: string; domain: string; status: string; auto_renew: boolean }>(
        await tx.execute(sql`
          SELECT s.id, s.user_id, s.name, s.domain, s.status, s.auto_renew
          FROM user_services s JOIN users u ON u.id = s.user_id AND u.role = 'customer'
          WHERE s.id = ${id}
          FOR UPDATE OF s`),
      );
      if (!service) throw notFound('No such service.');
      if (!CANCELLABLE.includes(service.status)) {
        throw nonFieldError(`This service is ${service.status.toLowerCase()} already: there is nothing to cancel.`);
      }
      const open = await openRenewalInvoices(tx, 'hosting', [id], locked);
      const ids = open.map((o) => o.invoice_id);
      const cancelled = ids.length
        ? rowsOf<{ invoicenum: string }>(
            await tx.execute(sql`
              UPDATE invoices SET status = 'Cancelled', notes = trim(notes || ' (service cancelled by staff)')
              WHERE status = 'Unpaid' AND id IN ${idList(ids)}
              RETURNING invoicenum`),
          ).map((r) => r.invoicenum)
        : [];
      await tx.execute(sql`UPDATE user_services SET status = 'Cancelled', auto_renew = false WHERE id = ${id}`);
      await audit(
        tx,
        me,
        {
          action: 'service.cancel',
          targetType: 'service',
          targetId: id,
          before: { status: service.status, auto_renew: service.auto_renew },
          after: { status: 'Cancelled', auto_renew: false, invoices_cancelled: cancelled },
          reason: body.reason,
        },
        now,
      );
      return { service, cancelled };
    });
    return {
      message: done.cancelled.length
        ? `Service cancelled, with its open renewal invoice ${done.cancelled.join(', ')}.`
        : 'Service cancelled.',
      data: { id, status: 'Cancelled', auto_renew: false, invoices_cancelled: done.cancelled },
    };
  });
}
