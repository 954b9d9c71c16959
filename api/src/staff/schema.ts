// Tables of the operator's console (migrations/0400_staff.sql).
import { bigint, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditLog = pgTable('audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').notNull(),
  actorUsername: text('actor_username').notNull(),
  actorRole: text('actor_role').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});

export const invoiceRefunds = pgTable('invoice_refunds', {
  id: serial('id').primaryKey(),
  invoiceId: integer('invoice_id').notNull(),
  creditNote: text('credit_note').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  staffId: integer('staff_id').notNull(),
  walletEntryId: integer('wallet_entry_id').notNull(),
  createdAt: ts('created_at').notNull(),
});
