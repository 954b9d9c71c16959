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
