// Staff tickets: the queue (filter by status and priority), one ticket with its replies, assign, set status or
// priority, and reply as staff (the customer sees it as a 'Reply'). A customer's reply reopens a Closed ticket
// (tickets/routes.ts sets 'Customer-Reply').
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { TICKET_PRIORITIES } from 'shared/schemas';
import { textField } from '../commerce/fields';
import { isRowId, rowIdIn, type Executor } from '../db';
import { users } from '../db/schema';
import { ticketReplies, tickets } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { answerTicket, changeTicket, lockAssignee, TICKET_STATUSES } from '../tickets/routes';
import { auditTicketUpdate } from './audit';
import { staffOf } from './plugin';
import { DISABLED_ASSIGNEE } from './access';

const PatchTicket = v.object({
  status: v.optional(v.picklist(TICKET_STATUSES, `Choose a status: ${TICKET_STATUSES.join(', ')}.`)),
  priority: v.optional(v.picklist(TICKET_PRIORITIES, `Choose a priority: ${TICKET_PRIORITIES.join(', ')}.`)),
  assigned_to: v.optional(v.nullable(v.pipe(v.number('Choose a staff member.'), v.check(isRowId, 'Choose a staff member.')))),
});
const NewReply = v.object({ message: textField(5000, 'Write a message.') });

type Ticket = typeof tickets.$inferSelect;

export const STAFF_ROLES = ['support', 'billing', 'admin'] as const;

/** The most tickets GET /staff/tickets/ gives at once (`limit` may ask for fewer). */
export const TICKETS_PAGE = 500;

function pageSize(raw: string | undefined): number {
  if (raw === undefined) return TICKETS_PAGE;
  const n = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n <= TICKETS_PAGE)) throw validationError({ limit: `Ask for 1 to ${TICKETS_PAGE} tickets.` });
  return n;
}

/** A page's end as the API gives it: `{updated_at}~{id}` of its last ticket. */
function ticketCursor(raw: string): { at: string; id: number } {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([1-9]\d{0,9})$/.exec(raw);
  const at = m ? new Date(m[1]!) : null;
  const id = m ? Number(m[2]) : NaN;
  if (!at || Number.isNaN(at.getTime()) || !isRowId(id)) throw validationError({ after: "Give the last ticket of the page before: its updated_at~id." });
  return { at: at.toISOString(), id };
}

export async function ticketAdminRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  const names = async (ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
    const rows = wanted.length
      ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted))
      : [];
    return new Map(rows.map((r) => [r.id, r.username]));
  };
  const view = (t: Ticket, map: Map<number, string>) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    assigned_to: t.assignedTo,
    assigned_to_username: t.assignedTo === null ? null : (map.get(t.assignedTo) ?? null),
    user: t.userId,
    username: map.get(t.userId) ?? '',
  });
  const load = async (ex: Executor, raw: string, lock = false) => {
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound('No such ticket.');
    const q = ex.select().from(tickets).where(eq(tickets.id, id));
    const [t] = lock ? await q.for('update') : await q;
    if (!t) throw notFound('No such ticket.');
    return t;
  };

  app.get('/staff/members/', async () => {
    const rows = await db
      .select({ id: users.id, username: users.username, role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(ne(users.role, 'customer'))
      .orderBy(asc(users.username));
    // `disabled`: such an account cannot be given a ticket (the console lists it only as a ticket's current assignee).
    return rows.map(({ disabledAt, ...m }) => ({ ...m, disabled: disabledAt !== null }));
  });

  app.get('/staff/tickets/', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    const where: SQL[] = [];
    if (q.status) {
      if (q.status === 'open') where.push(ne(tickets.status, 'Closed'));
      else if ((TICKET_STATUSES as string[]).includes(q.status)) where.push(eq(tickets.status, q.status as Ticket['status']));
      else throw validationError({ status: `Choose a status: open, ${TICKET_STATUSES.join(', ')}.` });
    }
    if (q.priority) {
      if (!(TICKET_PRIORITIES as readonly string[]).includes(q.priority)) {
        throw validationError({ priority: `Choose a priority: ${TICKET_PRIORITIES.join(', ')}.` });
      }
      where.push(eq(tickets.priority, q.priority as Ticket['priority']));
    }
    const user = rowIdIn(q.user);
    if (isRowId(user)) where.push(eq(tickets.userId, user));
    // Recently updated first (the default), or waiting longest first: the tickets a flood of new ones would push to
    // later pages are then the first ones shown.
    if (q.order !== undefined && q.order !== 'newest' && q.order !== 'oldest') throw validationError({ order: 'Choose an order: newest or oldest.' });
    const oldest = q.order === 'oldest';
    const by = oldest ? asc : desc;
    // Pages of TICKETS_PAGE: `after` is where the page before ended (its last ticket's `updated_at~id`, the console's
    // 'More tickets'), and the next page goes on from there in the same order, however many tickets there are.
    // Times to the millisecond, as the answer gives them (a row written with the database's now() has microseconds).
    const updated = sql`date_trunc('milliseconds', ${tickets.updatedAt})`;
    if (q.after !== undefined) {
      const { at, id } = ticketCursor(q.after);
      const end = sql`(${at}::timestamptz, ${id}::integer)`;
      where.push(oldest ? sql`(${updated}, ${tickets.id}) > ${end}` : sql`(${updated}, ${tickets.id}) < ${end}`);
    }
    const rows = await db
      .select()
      .from(tickets)
      .where(where.length ? and(...where) : undefined)
      .orderBy(by(updated), by(tickets.id))
      .limit(pageSize(q.limit));
    const map = await names(rows.flatMap((r) => [r.assignedTo, r.userId]));
    return rows.map((r) => view(r, map));
  });

  app.get('/staff/tickets/:id/', async (request) => {
    const t = await load(db, (request.params as { id: string }).id);
    const replies = await db
      .select({
        id: ticketReplies.id,
        user: ticketReplies.userId,
        username: users.username,
        role: users.role,
        message: ticketReplies.message,
        createdAt: ticketReplies.createdAt,
      })
      .from(ticketReplies)
      .innerJoin(users, eq(users.id, ticketReplies.userId))
      .where(eq(ticketReplies.ticketId, t.id))
      .orderBy(asc(ticketReplies.id));
    const map = await names([t.assignedTo, t.userId]);
    return {
      ...view(t, map),
      replies: replies.map((r) => ({
        id: r.id,
        user: r.user,
        username: r.username,
        is_staff: r.user !== t.userId && r.role !== 'customer',
        message: r.message,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });

  app.patch('/staff/tickets/:id/', async (request) => {
    const body = parseBody(PatchTicket, request.body);
    const me = staffOf(request);
    if (body.status === undefined && body.priority === undefined && body.assigned_to === undefined) {
      throw validationError({ non_field_errors: 'Change the status, the priority or the assignee.' });
    }
    const now = app.clock.now();
    const updated = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      if (body.assigned_to !== undefined && body.assigned_to !== null) {
        const staff = await lockAssignee(tx, body.assigned_to);
        if (!staff) throw validationError({ assigned_to: 'Choose a support or admin staff member.' });
        if (staff.disabledAt) throw validationError({ assigned_to: DISABLED_ASSIGNEE });
      }
      const t = await load(tx, (request.params as { id: string }).id, true);
      const { ticket: u, changed } = await changeTicket(tx, t, body, now);
      if (changed) await auditTicketUpdate(tx, me, t, u, now);
      return u;
    });
    return { message: 'Ticket updated.', data: view(updated, await names([updated.assignedTo, updated.userId])) };
  });

  app.post('/staff/tickets/:id/replies/', async (request, reply) => {
    const body = parseBody(NewReply, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    const result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const t = await load(tx, (request.params as { id: string }).id, true);
      return answerTicket(app, tx, me, t, body.message, now);
    });
    return reply.code(201).send({
      message: 'Reply sent.',
      data: { id: result.id, user: me.id, username: me.username, is_staff: true, message: result.message, created_at: result.createdAt.toISOString() },
    });
  });
}
