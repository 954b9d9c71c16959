// Seed staff (CONTRACT.md 'Round 2'; never in production: seeds do not run there): admin, support and billing, each
// mailed at <username>@hosthub.test. The round-one 'support' account becomes the support role with that address.
import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/secrets';
import type { Executor } from '../db';
import { users } from '../db/schema';
import type { SeedContext } from './index';

export const STAFF_ACCOUNTS = [
  { username: 'admin', password: 'admin-pass-2024', role: 'admin', firstName: 'Amaka', lastName: 'Eze' },
  { username: 'support', password: 'support-pass-2024', role: 'support', firstName: 'Tunde', lastName: 'Bakare' },
  { username: 'billing', password: 'billing-pass-2024', role: 'billing', firstName: 'Bola', lastName: 'Adeyemi' },
] as const;

export const staffEmail = (username: string) => `${username}@hosthub.test`;

export async function seedStaff(tx: Executor, { clock }: SeedContext): Promise<void> {
  const now = clock.now();
  for (const s of STAFF_ACCOUNTS) {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, s.username));
    if (existing) {
      await tx.update(users).set({ role: s.role, isStaff: true, email: staffEmail(s.username) }).where(eq(users.id, existing.id));
      continue;
    }
    await tx.insert(users).values({
      username: s.username,
      email: staffEmail(s.username),
      passwordHash: await hashPassword(s.password),
      firstName: s.firstName,
      lastName: s.lastName,
      isActive: true,
      isStaff: true,
      role: s.role,
      dateJoined: now,
    });
  }
}
