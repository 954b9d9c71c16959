// Support tickets: GET/POST /ticket/tickets, PATCH /ticket/tickets/{id}/, GET/POST /ticket/replies. Customers see
// only their own tickets (another's is 404); staff who handle tickets (support and admin, api/src/staff/access.ts) see all,
// reply to any and set status; billing staff are customers here. Staff acting on another's ticket here are
// audit-logged as on the console's /staff/tickets/ routes (the same entries, in the same transaction as the change).
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { doc } from '../commerce/docs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { TICKET_PRIORITIES } from 'shared/schemas';
import { idField, textField } from '../commerce/fields';
import { isRowId, rowIdIn, type Executor } from '../db';
import { users } from '../db/schema';
import { ticketReplies, tickets, type TicketStatus } from '../db/schema-commerce';
import { nonFieldError, notFound, parseBody, validationError } from '../http/errors';
import { ticketAnsweredMail } from '../mail/templates';
import type { AuthUser } from '../types';
import { DISABLED_ASSIGNEE, TICKET_ROLES, type StaffRole } from '../staff/access';
import { auditTicketReply, auditTicketUpdate } from '../staff/audit';

/** A staff member who handles tickets (support and admin; billing is a customer here). */
const handlesTickets = (user: { isStaff: boolean; role: string }) =>
  user.isStaff && TICKET_ROLES.includes(user.role as StaffRole);

export const TICKET_STATUSES: TicketStatus[] = ['Open', 'Answered', 'Customer-Reply', 'Closed'];

/**
 * Tickets one customer may have open (not Closed) at a time: one account cannot fill the support queue with hundreds
 * of tickets and push everyone else's out of sight.
 */
export const OPEN_TICKETS_MAX = 30;
export const TOO_MANY_OPEN_TICKETS = `You have ${OPEN_TICKETS_MAX} open tickets: close one you no longer need, or wait for an answer, before opening another.`;
export const TOO_MANY_OPEN_TO_REOPEN = `You have ${OPEN_TICKETS_MAX} open tickets: close one you no longer need, or wait for an answer, before reopening this one with a reply.`;

/**
 * Whether the customer has OPEN_TICKETS_MAX tickets not closed. Takes the customer's row first: tickets opened (or
 * reopened) at once are counted one after the other. Call it in the transaction that opens the next one.
 */
async function atOpenTicketsMax(tx: Executor, userId: number): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [open] = await tx.select({ n: count() }).from(tickets).where(and(eq(tickets.userId, userId), ne(tickets.status, 'Closed')));
  return (open?.n ?? 0) >= OPEN_TICKETS_MAX;
}

const priorityField = v.pipe(
  v.optional(v.unknown(), null),
  v.check((x) => x !== null && x !== undefined && x !== '', 'This field is required.'),
  v.check(
    (x) => typeof x === 'string' && (TICKET_PRIORITIES as readonly string[]).includes(x.toLowerCase()),
    `Choose a priority: ${TICKET_PRIORITIES.join(', ')}.`,
  ),
  v.transform((x) => String(x).toLowerCase() as (typeof TICKET_PRIORITIES)[number]),
);

const NewTicket = v.object({
  title: textField(200, 'Enter a title.'),
  description: textField(5000, 'Describe the problem.'),
  priority: priorityField,
});
const NewReply = v.object({ message: textField(5000, 'Write a message.'), ticket: idField('ticket') });
const PatchTicket = v.object({
  status: v.optional(v.picklist(TICKET_STATUSES, `Choose a status: ${TICKET_STATUSES.join(', ')}.`)),
  priority: v.optional(v.picklist(TICKET_PRIORITIES, `Choose a priority: ${TICKET_PRIORITIES.join(', ')}.`)),
  assigned_to: v.optional(
    v.nullable(
      v.pipe(
        v.number('assigned_to must be a staff user id.'),
        v.check(isRowId, 'assigned_to must be a staff user id.'),
      ),
    ),
  ),
});

type Ticket = typeof tickets.$inferSelect;

type TicketRow = typeof tickets.$inferSelect;

/**
 * The staff member `id` as a ticket's assignee (a role that handles tickets), their row locked shared so that disabling
 * them waits for the assignment to commit (and then unassigns it), or undefined. Taken before the ticket's own lock, in
 * the order a disable takes them: the account, then its tickets.
 */
export async function lockAssignee(tx: Executor, id: number) {
  const [staff] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isStaff, true), inArray(users.role, [...TICKET_ROLES])))
    .for('share');
  return staff;
}

/**
 * A ticket's status, priority and assignee, each when given and different from `current` (its row, locked), with
 * updated_at now; `changed` false and nothing written when none differs. An empty or same-values PATCH moved the
 * ticket to the top of the staff queue (sorted by updated_at) and wrote an audit entry with equal before and after.
 */
export async function changeTicket(
  tx: Executor,
  current: TicketRow,
  change: { status?: TicketStatus; priority?: TicketRow['priority']; assigned_to?: number | null },
  now: Date,
): Promise<{ ticket: TicketRow; changed: boolean }> {
  const set = {
    ...(change.status && change.status !== current.status ? { status: change.status } : {}),
    ...(change.priority && change.priority !== current.priority ? { priority: change.priority } : {}),
    ...(change.assigned_to !== undefined && change.assigned_to !== current.assignedTo ? { assignedTo: change.assigned_to } : {}),
  };
  if (Object.keys(set).length === 0) return { ticket: current, changed: false };
  const [u] = await tx
    .update(tickets)
    .set({ ...set, updatedAt: now })
    .where(eq(tickets.id, current.id))
    .returning();
  return { ticket: u!, changed: true };
}

/**
 * Staff answer a customer's ticket (the console's POST /staff/tickets/{id}/replies/ and the customers' POST
 * /ticket/replies/ used by staff): the reply, the ticket Answered (and taken by them if nobody had it), the audit entry,
 * and the answer mailed to the customer, who would otherwise only see it on their next visit.
 */
export async function answerTicket(
  app: FastifyInstance,
  tx: Executor,
  staff: AuthUser,
  ticket: TicketRow,
  message: string,
  now: Date,
): Promise<typeof ticketReplies.$inferSelect> {
  const [r] = await tx.insert(ticketReplies).values({ ticketId: ticket.id, userId: staff.id, message, createdAt: now }).returning();
  await tx
    .update(tickets)
    .set({ status: 'Answered', ...(ticket.assignedTo === null ? { assignedTo: staff.id } : {}), updatedAt: now })
    .where(eq(tickets.id, ticket.id));
  await auditTicketReply(tx, staff, ticket, r!.id, now);
  const [owner] = await tx.select().from(users).where(eq(users.id, ticket.userId));
  if (owner && owner.isActive && !owner.disabledAt)
    await app.mail.send(
      ticketAnsweredMail(
        app.config.productName,
        { email: owner.email, username: owner.username, firstName: owner.firstName },
        { ticketId: ticket.id, title: ticket.title, message, pageUrl: `${app.config.storefrontUrl}/dashboard/tickets` },
      ),
      tx,
    );
  return r!;
}

export async function ticketRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  const usernames = async (ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
    const map = new Map<number, string>();
    for (const id of wanted) {
      const [u] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.id, id));
      if (u) map.set(u.id, u.username);
    }
    return map;
  };
  const view = (t: Ticket, names: Map<number, string>) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    assigned_to: t.assignedTo === null ? null : (names.get(t.assignedTo) ?? null),
    user: t.userId,
  });
  /** The ticket if the caller may see it, else 404; `lock` holds its row until `ex` (a transaction) ends. */
  const visible = async (request: FastifyRequest, id: number, ex: Executor = db, lock = false): Promise<Ticket> => {
    const user = request.user!;
    const where: SQL[] = [eq(tickets.id, id)];
    if (!handlesTickets(user)) where.push(eq(tickets.userId, user.id));
    if (!isRowId(id)) throw notFound('No such ticket.');
    const q = ex
      .select()
      .from(tickets)
      .where(and(...where));
    const [t] = lock ? await q.for('update') : await q;
    if (!t) throw notFound('No such ticket.');
    return t;
  };

  app.get(
    '/ticket/tickets',
    { schema: doc('tickets', 'Tickets (staff: all tickets)', 'required'), preHandler: app.requireUser },
    async (request) => {
      const user = request.user!;
      const rows = await db
        .select()
        .from(tickets)
        .where(handlesTickets(user) ? undefined : eq(tickets.userId, user.id))
        .orderBy(desc(tickets.id));
      const names = await usernames(rows.map((r) => r.assignedTo));
      return rows.map((r) => view(r, names));
    },
  );

  app.get(
    '/ticket/tickets/:id/',
    { schema: doc('tickets', 'One ticket', 'required'), preHandler: app.requireUser },
    async (request) => {
      const t = await visible(request, rowIdIn((request.params as { id: string }).id));
      return view(t, await usernames([t.assignedTo]));
    },
  );

  app.post(
    '/ticket/tickets/',
    { schema: doc('tickets', 'Open a ticket', 'required'), preHandler: app.requireUser },
    async (request, reply) => {
      const body = parseBody(NewTicket, request.body);
      const now = app.clock.now();
      const userId = request.user!.id;
      const t = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Executor;
        if (await atOpenTicketsMax(tx, userId)) throw nonFieldError(TOO_MANY_OPEN_TICKETS);
        const [made] = await tx
          .insert(tickets)
          .values({ userId, title: body.title, description: body.description, priority: body.priority, status: 'Open', createdAt: now, updatedAt: now })
          .returning();
        return made;
      });
      return reply.code(201).send({ message: 'Ticket created successfully.', data: view(t!, new Map()) });
    },
  );

  app.patch(
    '/ticket/tickets/:id/',
    {
      schema: doc('tickets', 'Change status, priority or assignee (customers may only close)', 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const body = parseBody(PatchTicket, request.body);
      const user = request.user!;
      const now = app.clock.now();
      const updated = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Executor;
        if (handlesTickets(user) && body.assigned_to !== undefined && body.assigned_to !== null) {
          const staff = await lockAssignee(tx, body.assigned_to);
          if (!staff) throw validationError({ assigned_to: 'assigned_to must be a staff user id.' });
          if (staff.disabledAt) throw validationError({ assigned_to: DISABLED_ASSIGNEE });
        }
        const t = await visible(request, rowIdIn((request.params as { id: string }).id), tx, true);
        if (!handlesTickets(user)) {
          // A customer may only close their ticket: the refusal names the field that was sent.
          if (body.status && body.status !== 'Closed') throw validationError({ status: 'You can only close your own ticket.' });
          if (body.priority !== undefined) throw validationError({ priority: 'Only our support staff can change the priority.' });
          if (body.assigned_to !== undefined) throw validationError({ assigned_to: 'Only our support staff can assign a ticket.' });
        }
        const { ticket: u, changed } = await changeTicket(tx, t, body, now);
        // Staff on another's ticket: the console's entry. A customer closing their own ticket is not a staff action.
        if (changed && handlesTickets(user) && t.userId !== user.id) await auditTicketUpdate(tx, user, t, u, now);
        return u;
      });
      return { message: 'Ticket updated.', data: view(updated, await usernames([updated.assignedTo])) };
    },
  );

  app.get(
    '/ticket/replies',
    { schema: doc('tickets', "A ticket's replies", 'required'), preHandler: app.requireUser },
    async (request) => {
      const raw = (request.query as Record<string, string | undefined>).ticket_id;
      const id = rowIdIn(raw);
      if (!isRowId(id)) throw validationError({ ticket_id: 'Give the ticket_id of one of your tickets.' });
      const t = await visible(request, id);
      const rows = await db
        .select({
          id: ticketReplies.id,
          user: ticketReplies.userId,
          username: users.username,
          isStaff: users.isStaff,
          message: ticketReplies.message,
          createdAt: ticketReplies.createdAt,
        })
        .from(ticketReplies)
        .innerJoin(users, eq(users.id, ticketReplies.userId))
        .where(eq(ticketReplies.ticketId, t.id))
        .orderBy(asc(ticketReplies.id));
      return rows.map((r) => ({
        id: r.id,
        ticket: t.id,
        user: r.user,
        username: r.username,
        is_staff: r.isStaff,
        message: r.message,
        created_at: r.createdAt.toISOString(),
      }));
    },
  );

  app.post(
    '/ticket/replies/',
    { schema: doc('tickets', 'Reply to a ticket', 'required'), preHandler: app.requireUser },
    async (request, reply) => {
      const body = parseBody(NewReply, request.body);
      const user = request.user!;
      const now = app.clock.now();
      const result = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Executor;
        const t = await visible(request, body.ticket, tx, true);
        const staffReply = handlesTickets(user) && t.userId !== user.id;
        if (staffReply) return answerTicket(app, tx, user, t, body.message, now);
        // The reply reopens a closed ticket: it counts towards the customer's open tickets as a new one would.
        if (t.status === 'Closed' && (await atOpenTicketsMax(tx, t.userId))) throw nonFieldError(TOO_MANY_OPEN_TO_REOPEN);
        const [r] = await tx
          .insert(ticketReplies)
          .values({ ticketId: t.id, userId: user.id, message: body.message, createdAt: now })
          .returning();
        // A customer's reply reopens the ticket (a customer's own reply writes no audit entry).
        await tx.update(tickets).set({ status: 'Customer-Reply', updatedAt: now }).where(eq(tickets.id, t.id));
        return r!;
      });
      return reply.code(201).send({
        message: 'Reply sent.',
        data: {
          id: result.id,
          ticket: result.ticketId,
          user: user.id,
          username: user.username,
          is_staff: user.isStaff,
          message: result.message,
          created_at: result.createdAt.toISOString(),
        },
      });
    },
  );
}
