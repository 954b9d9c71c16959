// Drizzle tables of one domain's management (issue 15), created by migrations/0300_domain_management.sql.
import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DnsRecordType } from 'shared/schemas';
import { customerDomains } from './schema-commerce';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const domainSettings = pgTable('domain_settings', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => customerDomains.id, { onDelete: 'cascade' }),
  registrarLock: boolean('registrar_lock').notNull().default(true),
  eppCode: text('epp_code'),
  dnsSerial: bigint('dns_serial', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const dnsRecords = pgTable('dns_records', {
  id: serial('id').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => customerDomains.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  type: text('type').$type<DnsRecordType>().notNull(),
  ttl: integer('ttl').notNull(),
  value: text('value').notNull(),
  priority: integer('priority'),
  caaFlags: integer('caa_flags'),
  caaTag: text('caa_tag'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type DnsRecordRow = typeof dnsRecords.$inferSelect;
