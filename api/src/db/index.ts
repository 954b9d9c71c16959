// Opens the database: embedded PGlite in DATA_DIR (guarded by a lock file), or PostgreSQL when DATABASE_URL is set.
// Both give the same Drizzle API; raw sessions are used only by the migrator.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { REPO_ROOT } from '../config';
import { listenPostgres } from './listen';
import { lockDataDir, type DirLock } from './lock';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/**
 * Whether `n` can be a row id: the tables' ids are PostgreSQL `integer`s (serial), 1 to 2^31-1. Anything else names no
 * row, and must not reach the database, which answers a larger number with an error (a 500), not with no row.
 */
export const isRowId = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;
/**
 * The row id an address names (`/api/invoices/12/`): digits without a leading zero, else NaN (isRowId refuses it).
 * `Number()` alone read '0x1', '1e0', '0b1', '1.0' and '01' as 1, so one invoice or ticket answered at many addresses.
 */
export const rowIdIn = (raw: unknown): number => (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN);
/** A transaction has the same query API as the database; functions that take an executor accept either. */
export type Executor = Db;

/** Rows of a `tx.execute` result on either driver (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export interface RawSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements separated by semicolons (simple query protocol). */
  exec(sql: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Db;
  /** Where the data lives, for logs (no password). */
  location: string;
  /** PGlite only: the data folder as a gzipped tarball (to start other folders from it). */
  dumpDataDir?: () => Promise<Buffer>;
  /** PGlite only: the client itself (the job system's PGlite backend shares it). */
  pglite?: unknown;
  /** PostgreSQL only: the connection pool (shared throttles use it; /metrics reads its counts). */
  pool?: import('pg').Pool;
  /** Runs `fn` on one dedicated connection. */
  session<T>(fn: (s: RawSession) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onNotify(payload)` for every NOTIFY committed by anyone; `onReconnect` when notifications
   * may have been missed (PostgreSQL connection lost and back). Resolves once listening; the result stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /**
   * A gzipped tarball of a PGlite data folder (from dumpDataDir) to start an empty folder from. Default: the cached
   * pristine cluster in node_modules/.cache, written the first time a folder is created on this machine; it turns a
   * first start from ~5-10 s (initdb in WebAssembly) into ~1-2 s.
   */
  pgliteTemplate?: string | false;
}

/**
 * Loads a package with Node's own loader. Inside Jest, `require` and `module.createRequire` are the sandbox's, and
 * PGlite's dynamic import() of Node built-ins fails there without --experimental-vm-modules (which the workspace's
 * jest run does not pass). A Module instance's require is Node's real one.
 */
export function nodeRequire(id: string): unknown {
  if (process.env.JEST_WORKER_ID === undefined) return createRequire(__filename)(id);
  const ModuleClass = createRequire(__filename)('node:module') as unknown as {
    new (id: string): { filename: string; paths: string[]; require(id: string): unknown };
    _nodeModulePaths(dir: string): string[];
  };
  const m = new ModuleClass(__filename);
  m.filename = __filename;
  m.paths = ModuleClass._nodeModulePaths(path.dirname(__filename));
  return m.require(id);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.pgliteTemplate);
}

/** The installed PGlite version (its package.json is not exported, so found from the entry point). */
export function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

export function defaultTemplatePath(): string {
  return path.join(REPO_ROOT, 'node_modules', '.cache', 'storefront-api', `pglite-${pgliteVersion()}-initdb.tar.gz`);
}

async function openPglite(dataDir: string, template: string | false | undefined): Promise<Database> {
  const lock: DirLock = lockDataDir(dataDir);
  try {
    // PGlite loads Node built-ins with dynamic import(), which Jest's module sandbox refuses without
    // --experimental-vm-modules; Node's own require keeps PGlite outside the sandbox (same module in the server).
    const { PGlite } = nodeRequire(require.resolve('@electric-sql/pglite')) as typeof import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const pgDir = path.join(dataDir, 'pglite');
    const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
    const templateFile = template === false ? undefined : (template ?? defaultTemplatePath());
    let client: InstanceType<typeof PGlite>;
    if (fresh && templateFile && fs.existsSync(templateFile)) {
      fs.mkdirSync(pgDir, { recursive: true });
      client = await PGlite.create(pgDir, { loadDataDir: new Blob([fs.readFileSync(templateFile)]) });
    } else {
      fs.mkdirSync(pgDir, { recursive: true });
      client = await PGlite.create(pgDir);
      if (fresh && template === undefined) await saveTemplate(client, defaultTemplatePath());
    }
    const orm = drizzle(client) as unknown as Db;
    return {
      kind: 'pglite',
      orm,
      pglite: client,
      location: pgDir,
      dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()),
      // PGlite is one connection: queries are serialised by PGlite itself.
      session: (fn) =>
        fn({
          query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
          exec: async (text) => {
            await client.exec(text);
          },
        }),
      listen: async (channel, onNotify) => {
        const stop = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Keeps a copy of a pristine cluster so later empty folders skip initdb. Best effort: a failure only costs time. */
async function saveTemplate(client: { dumpDataDir(c?: 'gzip'): Promise<Blob> }, file: string): Promise<void> {
  try {
    const blob = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  } catch {
    /* not fatal */
  }
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const Pool = pg.default?.Pool ?? pg.Pool;
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const safe = redact(databaseUrl);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    throw new Error(`Cannot connect to PostgreSQL at ${safe}: ${(err as Error).message}`);
  }
  const orm = drizzle(pool) as unknown as Db;
  return {
    kind: 'postgres',
    orm,
    pool,
    location: safe,
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          query: async <T,>(text: string, params?: unknown[]) => ({
            rows: (await client.query(text, params as unknown[])).rows as T[],
          }),
          exec: async (text) => {
            await client.query(text);
          },
        });
      } finally {
        client.release();
      }
    },
    listen: async (channel, onNotify, onReconnect) => {
      const listener = await listenPostgres(databaseUrl, channel, onNotify, onReconnect);
      return () => listener.close();
    },
    close: () => pool.end(),
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
