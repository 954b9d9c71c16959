// Test helpers: a real app on a real database (PGlite from the template, or a fresh PostgreSQL database when
// TEST_DATABASE_URL is set), driven with app.inject.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { openReadyDatabase } from '../bootstrap';
import { ManualClock, type Clock } from '../clock';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db';
import { templateFile } from './template';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const describeIfPglite = usingPostgres ? describe.skip : describe;

export interface TestDb {
  db: Database;
  config: Config;
  /** PGlite folder (undefined on PostgreSQL). */
  dataDir?: string;
  databaseUrl?: string;
  /** Closes the database and removes its folder or PostgreSQL database. */
  destroy(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file: env overrides go through the same config parser as the server's. */
export async function createTestDb(env: Record<string, string> = {}, clock = new ManualClock()): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (usingPostgres) {
    dbName = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const template = templateFile();
  const db = await openReadyDatabase({ config, clock, pgliteTemplate: fs.existsSync(template) ? template : false });
  return {
    db,
    config,
    dataDir: usingPostgres ? undefined : dataDir,
    databaseUrl,
    async destroy() {
      await db.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
  clock: ManualClock;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const clock = new ManualClock();
  const t = await createTestDb(env, clock);
  const app = await buildApp({ db: t.db, config: t.config, clock });
  await app.ready();
  return {
    ...t,
    app,
    clock,
    async close() {
      await app.close();
      await t.destroy();
    },
  };
}

/** Another app (other settings) on the same database, e.g. production mode or strict rate limits. */
export async function appOn(
  t: TestDb,
  env: Record<string, string>,
  clock: Clock = new ManualClock(),
  setup?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: t.config.dataDir,
    RATE_LIMIT: 'false',
    ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp({ db: t.db, config, clock });
  setup?.(app);
  await app.ready();
  return app;
}

// Test bodies are read loosely on purpose: each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown> & Record<string, any>;

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export async function mailsTo(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

export async function lastMailTo(app: FastifyInstance, to: string): Promise<OutboxMail> {
  const mails = await mailsTo(app, to);
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

export const codeIn = (text: string, label: RegExp) => {
  const m = label.exec(text);
  if (!m) throw new Error(`no code matching ${label} in mail:\n${text}`);
  return m[1]!;
};

let counter = 0;
/** A valid signup payload with a unique username and e-mail. */
export function signup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${process.pid % 1000}${counter}${randomBytes(2).toString('hex')}`.slice(0, 9);
  return {
    first_name: 'Bola',
    last_name: 'Ade',
    address: '5 Marina Road',
    city: 'Lagos',
    state: 'Lagos',
    post_code: '101001',
    phone_number: '+2348031234567',
    username: `user${tag}`,
    email: `user${tag}@example.com`,
    password: 'a-good-password',
    re_password: 'a-good-password',
    ...overrides,
  };
}

/** Signs up, reads the activation code from the mail, activates. Returns the session and the payload. */
export async function activeUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const payload = signup(overrides);
  const reg = await app.inject({ method: 'POST', url: '/core/register/', payload });
  expect(reg.statusCode).toBe(201);
  const mail = await lastMailTo(app, payload.email);
  const code = codeIn(mail.text, /activation code is: (\d+)/);
  const act = await app.inject({ method: 'POST', url: '/core/activation/', payload: { username: payload.username, activation_code: code } });
  expect(act.statusCode).toBe(200);
  const { access, refresh } = act.json() as { access: string; refresh: string };
  return { ...payload, access, refresh };
}

/** Password step of login: returns the login_attempt cookie value and the mailed code. */
export async function startLogin(app: FastifyInstance, username: string, password: string, email: string) {
  const res = await app.inject({ method: 'POST', url: '/core/login/', payload: { username, password } });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'login_attempt');
  expect(cookie).toBeDefined();
  const mail = await lastMailTo(app, email);
  return { attempt: cookie!.value, code: codeIn(mail.text, /login code is: (\d+)/), cookie: cookie! };
}

export async function fullLogin(app: FastifyInstance, username: string, password: string, email: string) {
  const { attempt, code } = await startLogin(app, username, password, email);
  const res = await app.inject({
    method: 'POST',
    url: '/core/submit-login-code/',
    payload: { login_code: code },
    cookies: { login_attempt: attempt },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string; message: string };
}

export const auth = (access: string) => ({ authorization: `Token ${access}` });
