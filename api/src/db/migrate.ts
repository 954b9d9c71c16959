// A tiny migrator: every api/migrations/*.sql file runs once, in name order, each in its own transaction, recorded in
// schema_migrations. Part 1 owns 0001-0099; commerce starts at 0100. A file already applied must not change: a changed
// checksum is reported, not re-run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config';
import type { Database } from './index';

export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');

export interface MigrationResult {
  applied: string[];
  /** Files already applied whose content changed since. */
  changed: string[];
}

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string; checksum: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w.-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

// Any constant: it only has to be the same for every server running migrations against one PostgreSQL database.
const ADVISORY_LOCK_KEY = 727_274_001;

export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = listMigrations(dir);
  return db.session(async (s) => {
    if (db.kind === 'postgres') await s.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Map(
        (await s.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).rows.map(
          (r) => [r.name, r.checksum],
        ),
      );
      const result: MigrationResult = { applied: [], changed: [] };
      for (const file of files) {
        const previous = done.get(file.name);
        if (previous !== undefined) {
          if (previous !== file.checksum) result.changed.push(file.name);
          continue;
        }
        await s.exec('BEGIN');
        try {
          await s.exec(file.sql);
          await s.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file.name, file.checksum]);
          await s.exec('COMMIT');
        } catch (err) {
          await s.exec('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`);
        }
        result.applied.push(file.name);
      }
      return result;
    } finally {
      if (db.kind === 'postgres') await s.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
    }
  });
}
