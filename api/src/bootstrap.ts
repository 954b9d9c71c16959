// Opening a ready database: open (PGlite or PostgreSQL), migrate, seed once (never in production).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import { openDatabase, type Database, type OpenOptions } from './db';
import { migrate } from './db/migrate';
import { runSeeds, seeders as defaultSeeders, type Seeder } from './seed';

export interface PrepareOptions {
  config: Config;
  clock: Clock;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  pgliteTemplate?: OpenOptions['pgliteTemplate'];
  seeders?: Seeder[];
}

export async function openReadyDatabase(opts: PrepareOptions): Promise<Database> {
  const { config, log } = opts;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteTemplate: opts.pgliteTemplate });
  try {
    const result = await migrate(db);
    if (result.applied.length) log?.info({ migrations: result.applied }, 'migrations applied');
    for (const name of result.changed) log?.warn({ migration: name }, 'an applied migration file changed since; it is not re-run');
    if (config.seed) {
      const ran = await runSeeds(db, { config, clock: opts.clock }, opts.seeders ?? defaultSeeders);
      if (ran.length) log?.info({ seeds: ran }, 'seed data loaded');
    }
    return db;
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
