// Drizzle table definitions for part 2 (commerce). The tables are created by api/migrations/0100_commerce.sql;
// keep both in step. Money: bigint minor units read as JS numbers (safe far beyond any sane amount).
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceParties } from '../billing/invoice-parties';
import { hostingPlans, services, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    baseCurrency: text('base_currency')
      .notNull()
      .references(() => currencies.code),
    quoteCurrency: text('quote_currency')
      .notNull()
      .references(() => currencies.code),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.baseCurrency, t.quoteCurrency] })],
);

export const commerceSettings = pgTable('commerce_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const tlds = pgTable('tlds', {
  id: integer('id').primaryKey(),
  tld: text('tld').notNull().unique(),
  position: integer('position').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const tldPrices = pgTable(
  'tld_prices',
  {
    tldId: integer('tld_id')
      .notNull()
      .references(() => tlds.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    registerMinor: money('register_minor').notNull(),
    renewalMinor: money('renewal_minor').notNull(),
    transferMinor: money('transfer_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tldId, t.currency] })],
);

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency')
    .notNull()
    .references(() => currencies.code),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type ItemKind = 'domain_register' | 'domain_transfer' | 'hosting';
/** Invoice lines only (never in a cart): made by the lifecycle's renewal invoices (0200_lifecycle.sql). */
export type InvoiceItemKind = ItemKind | 'domain_renewal' | 'hosting_renewal' | 'restore_fee';

const itemColumns = {
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id),
  productId: integer('product_id').notNull(),
  kind: text('kind').$type<ItemKind>().notNull(),
  domainName: text('domain_name'),
  eppCode: text('epp_code'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  nameservers: jsonb('nameservers').$type<string[]>().notNull().default([]),
  protection: boolean('protection').notNull().default(false),
};

export const cartItems = pgTable('cart_items', {
  id: serial('id').primaryKey(),
  cartId: uuid('cart_id')
    .notNull()
    .references(() => carts.id, { onDelete: 'cascade' }),
  ...itemColumns,
  createdAt: ts('created_at').notNull(),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<'Pending' | 'Active' | 'Cancelled'>().notNull(),
  createdAt: ts('created_at').notNull(),
});

export type PaymentKind = 'wallet' | 'fiat_payment_gateway' | 'crypto_payment_gateway';
export type InvoiceStatus = 'Unpaid' | 'Paid' | 'Cancelled';

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  invoicenum: text('invoicenum').unique(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency')
    .notNull()
    .references(() => currencies.code),
  subtotalMinor: money('subtotal_minor').notNull(),
  vatMinor: money('vat_minor').notNull(),
  totalMinor: money('total_minor').notNull(),
  vatPercent: numeric('vat_percent', { precision: 6, scale: 3 }).notNull(),
  paymentKind: text('payment_kind').$type<PaymentKind>().notNull(),
  status: text('status').$type<InvoiceStatus>().notNull(),
  notes: text('notes').notNull().default(''),
  dueDate: day('due_date').notNull(),
  createdAt: ts('created_at').notNull(),
  paidAt: ts('paid_at'),
  bankReference: text('bank_reference'),
  // 0970: the seller's contact details and the customer as printed, recorded at issue (billing/invoice-parties.ts).
  parties: jsonb('parties').$type<InvoiceParties>(),
});

export const invoiceItems = pgTable('invoice_items', {
  id: serial('id').primaryKey(),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  ...itemColumns,
  kind: text('kind').$type<InvoiceItemKind>().notNull(),
  amountMinor: money('amount_minor').notNull(),
});

export type PaymentStatus = 'pending' | 'success' | 'failed';

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  reference: text('reference').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'deposit' | 'checkout'>().notNull(),
  provider: text('provider').notNull(),
  paymentKind: text('payment_kind').$type<'fiat_payment_gateway' | 'crypto_payment_gateway'>().notNull(),
  invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
  amountMinor: money('amount_minor').notNull(),
  currency: text('currency')
    .notNull()
    .references(() => currencies.code),
  status: text('status').$type<PaymentStatus>().notNull(),
  failureReason: text('failure_reason'),
  createdAt: ts('created_at').notNull(),
  settledAt: ts('settled_at'),
  /** 0150: the gateway's own id for the payment when it is not our reference (Coinbase Commerce's charge code). */
  providerReference: text('provider_reference'),
  /** 0150: reconciliation backoff (payments/reconcile.ts). */
  verifyAttempts: integer('verify_attempts').notNull().default(0),
  nextVerifyAt: ts('next_verify_at'),
  /** 0950: when billing staff said the money was given back at the gateway, and the gateway's refund reference. */
  refundedAt: ts('refunded_at'),
  refundReference: text('refund_reference'),
});

export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  reference: text('reference'),
  signatureOk: boolean('signature_ok').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: ts('received_at').notNull(),
});

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] })],
);

export const walletEntries = pgTable('wallet_entries', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  currency: text('currency').notNull(),
  amountMinor: money('amount_minor').notNull(),
  kind: text('kind').$type<'deposit' | 'payment' | 'refund' | 'adjustment'>().notNull(),
  paymentId: integer('payment_id')
    .unique()
    .references(() => payments.id),
  invoiceId: integer('invoice_id').references(() => invoices.id),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});

export type DomainStatus =
  | 'Active'
  | 'Pending Transfer'
  | 'Cancelled'
  | 'Expired'
  | 'Grace'
  | 'Redemption'
  | 'Released';

export const customerDomains = pgTable('customer_domains', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  domainname: text('domainname').notNull(),
  tldId: integer('tld_id')
    .notNull()
    .references(() => tlds.id),
  status: text('status').$type<DomainStatus>().notNull(),
  regperiod: integer('regperiod').notNull().default(1),
  paymentmethodname: text('paymentmethodname').notNull(),
  registrationDate: day('registration_date').notNull(),
  nextduedate: day('nextduedate').notNull(),
  nameservers: jsonb('nameservers').$type<string[]>().notNull().default([]),
  protection: boolean('protection').notNull().default(false),
  autoRenew: boolean('auto_renew').notNull().default(true),
  createdAt: ts('created_at').notNull(),
});

export type ServiceStatus = 'Active' | 'Pending' | 'Suspended' | 'Cancelled' | 'Terminated';

export const userServices = pgTable('user_services', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id),
  planId: integer('plan_id')
    .notNull()
    .references(() => hostingPlans.id),
  name: text('name').notNull(),
  billingcycle: text('billingcycle').notNull(),
  domain: text('domain').notNull().default(''),
  regdate: day('regdate').notNull(),
  nextduedate: day('nextduedate').notNull(),
  serverhostname: text('serverhostname').notNull(),
  status: text('status').$type<ServiceStatus>().notNull(),
  autoRenew: boolean('auto_renew').notNull().default(true),
  createdAt: ts('created_at').notNull(),
});

export type TicketStatus = 'Open' | 'Answered' | 'Customer-Reply' | 'Closed';

export const tickets = pgTable('tickets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  status: text('status').$type<TicketStatus>().notNull(),
  priority: text('priority').$type<'low' | 'medium' | 'high'>().notNull(),
  assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const ticketReplies = pgTable('ticket_replies', {
  id: serial('id').primaryKey(),
  ticketId: integer('ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull(),
});
