// Seed data (CONTRACT.md "Seed data"): a list of seed functions, each run once per database, in its own transaction,
// recorded in seed_history. Never in production. Commerce adds its own file and one line to `seeders`.
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Executor } from '../db';
import { seedAccounts } from './accounts';
import { seedCommerce } from './commerce';
import { seedContent } from './content';
import { seedStaff } from './staff';

export interface SeedContext {
  config: Config;
  clock: Clock;
}

export interface Seeder {
  /** Unique and stable: it is what seed_history records. */
  name: string;
  run(tx: Executor, ctx: SeedContext): Promise<void>;
}

export const seeders: Seeder[] = [
  { name: '0001_accounts', run: seedAccounts },
  { name: '0002_content', run: seedContent },
  { name: '0100_commerce', run: seedCommerce },
  { name: '0400_staff', run: seedStaff },
];

/** Runs each seeder not yet recorded. Returns the names that ran. */
export async function runSeeds(db: Database, ctx: SeedContext, list: Seeder[] = seeders): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of list) {
    const didRun = await db.orm.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      // Claim the name first: a second server seeding the same PostgreSQL database waits here, then skips.
      const claimed = await tx.execute(
        sql`INSERT INTO seed_history (name) VALUES (${seeder.name}) ON CONFLICT (name) DO NOTHING RETURNING name`,
      );
      if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return false;
      await seeder.run(tx, ctx);
      return true;
    });
    if (didRun) ran.push(seeder.name);
  }
  return ran;
}
