// Seed accounts: the demo customer of CONTRACT.md and a staff user for support.
import { hashPassword } from '../accounts/secrets';
import type { Executor } from '../db';
import { users } from '../db/schema';
import type { SeedContext } from './index';

export const DEMO_USER = { username: 'demo', password: 'demo-pass-2024', email: 'demo@example.com' } as const;
export const STAFF_USER = { username: 'support', password: 'support-pass-2024', email: 'support@hosthub.test' } as const;

export async function seedAccounts(tx: Executor, { clock }: SeedContext): Promise<void> {
  const now = clock.now();
  await tx.insert(users).values([
    {
      username: DEMO_USER.username,
      email: DEMO_USER.email,
      passwordHash: await hashPassword(DEMO_USER.password),
      firstName: 'Ada',
      lastName: 'Okafor',
      address: '14 Adeola Odeku Street, Victoria Island',
      city: 'Lagos',
      state: 'Lagos',
      postCode: '101241',
      phoneNumber: '+2348012345678',
      isActive: true,
      isStaff: false,
      dateJoined: now,
    },
    {
      username: STAFF_USER.username,
      email: STAFF_USER.email,
      passwordHash: await hashPassword(STAFF_USER.password),
      firstName: 'Tunde',
      lastName: 'Bakare',
      address: '3 Admiralty Way, Lekki Phase 1',
      city: 'Lagos',
      state: 'Lagos',
      postCode: '106104',
      phoneNumber: '+2348098765432',
      isActive: true,
      isStaff: true,
      dateJoined: now,
    },
  ]);
}
