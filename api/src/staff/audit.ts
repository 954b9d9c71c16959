// The audit log: one row per staff action, written through the action's own transaction (so an action that rolls
// back leaves no entry, and no action commits without its entry). Append-only: there is no update or delete here,
// and migrations/0400_staff.sql makes the database refuse them.
import type { Executor } from '../db';
import type { AuthUser } from '../types';
import { auditLog } from './schema';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export async function audit(tx: Executor, actor: AuthUser, entry: AuditEntry, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorUsername: actor.username,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? '',
    createdAt: now,
  });
}

/** What a ticket entry records of the ticket (its id is the target). */
interface TicketState {
  id: number;
  status: string;
  priority: string;
  assignedTo: number | null;
}
const ticketState = (t: TicketState) => ({ status: t.status, priority: t.priority, assigned_to: t.assignedTo });

/**
 * Staff changed a ticket's status, priority or assignee: the console's PATCH /staff/tickets/{id}/, or staff on the
 * customers' PATCH /ticket/tickets/{id}/ (tickets/routes.ts). Both write this one entry.
 */
export function auditTicketUpdate(tx: Executor, actor: AuthUser, before: TicketState, after: TicketState, now: Date): Promise<void> {
  return audit(tx, actor, { action: 'ticket.update', targetType: 'ticket', targetId: before.id, before: ticketState(before), after: ticketState(after) }, now);
}

/**
 * Staff answered a ticket (which makes it Answered, and theirs when nobody had it): from the console or on the
 * customers' POST /ticket/replies/. The assignee is recorded when the reply took the ticket.
 */
export function auditTicketReply(tx: Executor, actor: AuthUser, ticket: Pick<TicketState, 'id' | 'status' | 'assignedTo'>, replyId: number, now: Date): Promise<void> {
  const took = ticket.assignedTo === null;
  return audit(
    tx,
    actor,
    {
      action: 'ticket.reply',
      targetType: 'ticket',
      targetId: ticket.id,
      before: { status: ticket.status, ...(took ? { assigned_to: null } : {}) },
      after: { status: 'Answered', reply: replyId, ...(took ? { assigned_to: actor.id } : {}) },
    },
    now,
  );
}
