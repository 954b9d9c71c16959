// Drizzle table definitions for part 1 (accounts, mail, content). The tables themselves are created by the plain SQL
// files in api/migrations/ (0001-0099); keep both in step. Commerce tables go in schema-commerce.ts (0100 and up).
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postCode: text('post_code').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  isActive: boolean('is_active').notNull().default(false),
  isStaff: boolean('is_staff').notNull().default(false),
  /** migrations/0400_staff.sql: 'customer' | 'support' | 'billing' | 'admin'. */
  role: text('role').$type<'customer' | 'support' | 'billing' | 'admin'>().notNull().default('customer'),
  dateJoined: ts('date_joined').notNull(),
  lastLogin: ts('last_login'),
  deletedAt: ts('deleted_at'),
  /** migrations/0650_staff_accounts.sql: set while an admin has disabled the (staff) account. */
  disabledAt: ts('disabled_at'),
});
export type User = typeof users.$inferSelect;

export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accessHash: text('access_hash').notNull().unique(),
  refreshHash: text('refresh_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  refreshUntil: ts('refresh_until').notNull(),
  revokedAt: ts('revoked_at'),
  // 0500 (account security): what the sessions list shows, and the last password or passkey proof.
  signedInAt: ts('signed_in_at'),
  lastSeenAt: ts('last_seen_at'),
  authenticatedAt: ts('authenticated_at'),
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  // 0960: the id of the family's first row (a refresh's row keeps its sign-in's); NULL on that first row.
  familyId: integer('family_id'),
});

export type CodePurpose = 'activation' | 'login' | 'password_reset' | 'second_factor';
export const oneTimeCodes = pgTable('one_time_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<CodePurpose>().notNull(),
  codeHash: text('code_hash').notNull(),
  attemptHash: text('attempt_hash').unique(),
  attempts: integer('attempts').notNull().default(0),
  /** The wrong ones of `attempts`, each counted when claimed and taken back when right (accounts/repository
   *  codesLockedOut sums them for the per-account hourly cap). */
  wrongTries: integer('wrong_tries').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const seedHistory = pgTable('seed_history', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: ts('created_at').notNull(),
  /** 'stored' (outbox transport) or 'queued' -> 'sent' | 'failed' (SMTP, sent by the send-mail queue). */
  status: text('status').$type<'stored' | 'queued' | 'sent' | 'failed'>().notNull().default('stored'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: ts('sent_at'),
});

export const services = pgTable('services', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  type: text('type').$type<'domain' | 'hosting'>().notNull(),
});

export const hostingPlans = pgTable('hosting_plans', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id').notNull().references(() => services.id),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  position: integer('position').notNull().default(0),
});

export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  image: text('image').notNull(),
  author: text('author').notNull(),
  createdAt: ts('created_at').notNull(),
  published: boolean('published').notNull().default(true),
  updatedAt: ts('updated_at'),
});

export const policies = pgTable('policies', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<'privacy' | 'terms' | 'return'>().notNull(),
  body: text('body').notNull(),
});

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
});

export const slideImages = pgTable('slide_images', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  alt: text('alt').notNull(),
  position: integer('position').notNull().default(0),
});

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
});

export const pricingPlans = pgTable('pricing_plans', {
  id: serial('id').primaryKey(),
  packageId: integer('package_id').notNull().references(() => packages.id),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  billingPeriod: text('billing_period').notNull(),
  features: text('features').notNull(),
  position: integer('position').notNull().default(0),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  position: text('position').notNull(),
  message: text('message').notNull(),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const companyDetails = pgTable('company_details', {
  id: serial('id').primaryKey(),
  aboutUs: text('about_us').notNull(),
  address: text('address').notNull(),
  phoneNumber: text('phone_number').notNull(),
  email: text('email').notNull(),
});

export const managerServices = pgTable('manager_services', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  position: integer('position').notNull().default(0),
});
