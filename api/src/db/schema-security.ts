// Drizzle tables of account security (issue 17, migration 0500): e-mail changes, passkeys, WebAuthn challenges,
// TOTP, recovery codes, known devices. The new columns of users and auth_tokens are in schema.ts.
import { bigint, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const emailChanges = pgTable('email_changes', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const webauthnCredentials = pgTable('webauthn_credentials', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  credentialId: text('credential_id').notNull().unique(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: jsonb('transports').$type<string[]>().notNull().default([]),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
});
export type WebauthnCredential = typeof webauthnCredentials.$inferSelect;

export type ChallengePurpose = 'register' | 'login' | 'reauth';
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: serial('id').primaryKey(),
  binding: text('binding').notNull(),
  purpose: text('purpose').$type<ChallengePurpose>().notNull(),
  challenge: text('challenge').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const totpSecrets = pgTable('totp_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  createdAt: ts('created_at').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  userId: userRef(),
  codeHash: text('code_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  usedAt: ts('used_at'),
});

export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userRef(),
    deviceHash: text('device_hash').notNull(),
    firstSeen: ts('first_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
