// Drizzle tables of the lifecycle (issue 14), created by api/migrations/0200_lifecycle.sql; keep both in step.
import { bigint, date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './schema-commerce';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

export const devClock = pgTable('dev_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
});

export type RenewalItemKind = 'domain' | 'hosting';

/** One renewal invoice per item and period (`key`); `appliedAt` is set once, when its invoice is paid. */
export const renewals = pgTable('renewals', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  itemKind: text('item_kind').$type<RenewalItemKind>().notNull(),
  itemId: integer('item_id').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  dueDate: day('due_date').notNull(),
  periodEnd: day('period_end').notNull(),
  invoiceId: integer('invoice_id')
    .notNull()
    .unique()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  appliedAt: ts('applied_at'),
  createdAt: ts('created_at').notNull(),
});

/** Things done at most once (a reminder, one auto-pay try a day), by key. */
export const lifecycleMarks = pgTable('lifecycle_marks', {
  key: text('key').primaryKey(),
  createdAt: ts('created_at').notNull(),
});
