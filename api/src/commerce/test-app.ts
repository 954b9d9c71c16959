// Test support for the commerce suites: a real app on a fresh embedded database (PGlite in a temporary folder), or on a
// fresh database of the PostgreSQL server at TEST_DATABASE_URL when that is set. Seeds run as on a first start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { issueSession, insertUser } from '../accounts/repository';
import { hashPassword } from '../accounts/secrets';
import { buildApp } from '../app';
import { openReadyDatabase } from '../bootstrap';
import { ManualClock } from '../clock';
import { loadConfig } from '../config';
import type { Database } from '../db';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  close(): Promise<void>;
  /** A new active user with a session: `auth` is the Authorization header value. */
  user(opts?: { staff?: boolean; name?: string }): Promise<{ id: number; username: string; email: string; auth: string }>;
  inject(opts: InjectOptions & { auth?: string; cookies?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

async function freshPostgresDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = await import('pg');
  const Client = pg.default?.Client ?? pg.Client;
  const name = `commerce_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => c.query(`DROP DATABASE IF EXISTS ${name}`));
      await c.end();
    },
  };
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgdb = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    API_BASE_URL: 'http://localhost:8000',
    STOREFRONT_URL: 'http://localhost:3000',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  const clock = new ManualClock(new Date('2026-03-03T10:00:00Z'));
  const db = await openReadyDatabase({ config, clock });
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ db, config, clock, logger: false });
    await app.ready();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  let n = 0;
  const passwordHash = await hashPassword('test-pass-2024');
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await db.close();
      await pgdb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async user(opts = {}) {
      n += 1;
      const username = `${opts.name ?? (opts.staff ? 'staff' : 'cust')}${n}${randomBytes(2).toString('hex')}`;
      const email = `${username}@example.com`;
      const u = await insertUser(db.orm, {
        username,
        email,
        passwordHash,
        isActive: true,
        isStaff: opts.staff ?? false,
        dateJoined: clock.now(),
      });
      const s = await issueSession(db.orm, u.id, clock.now());
      return { id: u.id, username, email, auth: `Token ${s.access}` };
    },
    inject({ auth, cookies, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(auth ? { authorization: auth } : {}) },
        cookies,
      });
    },
  };
}

/** The cookies a response sets, by name. */
export function setCookies(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}
