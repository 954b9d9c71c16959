// Operations (issue 18): request ids, trustProxy, keep-alive, /healthz and /readyz, the drain on SIGTERM, migrations
// under an advisory lock.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { buildApp, loggerOptions } from '../app';
import { ManualClock } from '../clock';
import { API_ROOT, loadConfig, parseTrustProxy } from '../config';
import { openDatabase } from '../db';
import { paymentEvents } from '../db/schema-commerce';
import { WEBHOOKS_PER_MINUTE } from '../payments/routes';
import { listMigrations, migrate } from '../db/migrate';
import type { AddressInfo } from 'node:net';
import { appOn, createTestDb, usingPostgres, type TestDb } from '../test/app';
import { drainAndClose, Readiness } from './health';
import { requestIdGenerator } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.destroy();
});

const get = (port: number, url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
  });

/** A port free on 127.0.0.1 at the time of asking. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

/** The API's real entry point in a child process (test mode, info logs), with its output and its exit code. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(API_ROOT, 'src', 'server.ts')], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', JOBS: 'true', JEST_WORKER_ID: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  /** Waits up to 30 s for `line` in the output. */
  const waitFor = async (line: RegExp) => {
    for (let i = 0; i < 300 && !line.test(out); i++) await new Promise((r) => setTimeout(r, 100));
  };
  return { child, exited, waitFor, output: () => out };
}

describe('request ids', () => {
  it('are UUIDs, different on every request, returned as X-Request-Id on answers and errors', async () => {
    const app = await appOn(t, { RATE_LIMIT: 'true', AUTH_RATE_LIMIT_MAX: '1' });
    try {
      const badLogin = () =>
        app.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload: '{bad' });
      const answers = [
        await app.inject({ method: 'GET', url: '/health' }),
        await app.inject({ method: 'GET', url: '/no/such/route' }),
        await badLogin(),
        await badLogin(),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400, 429]);
      const ids = answers.map((a) => String(a.headers['x-request-id']));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(ids.length);
      // A router error (bad percent-encoding) is answered before any hook: it still names its request.
      const bad = await app.inject({ method: 'GET', url: '/blog/%zz' });
      expect(bad.statusCode).toBe(400);
      expect(String(bad.headers['x-request-id'])).toMatch(UUID);
    } finally {
      await app.close();
    }
  });

  it('is on every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        cb();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, RATE_LIMIT: 'false', ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) });
    // The options src/server.ts and buildApp give their pino, on a logger that writes here.
    const app = await buildApp({ db: t.db, config, clock: new ManualClock(), loggerInstance: pino({ ...loggerOptions(config), level: 'info' }, stream) });
    app.get('/test-log', async (request) => {
      request.log.info('inside the handler');
      return { ok: true };
    });
    // What a request calls may log through app.log (the mailer does): after a body was read and an await, too.
    app.post('/test-app-log', async () => {
      await new Promise((r) => setTimeout(r, 5));
      app.log.info('through app.log');
      return { ok: true };
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/test-log' });
      const id = res.headers['x-request-id'];
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'inside the handler', 'request completed']);
      expect(lines.filter((l) => 'req' in l || 'res' in l).every((l) => l.reqId === id)).toBe(true);
      const posted = await app.inject({ method: 'POST', url: '/test-app-log', payload: { a: 1 } });
      const line = lines.find((l) => l.msg === 'through app.log');
      expect(line).toMatchObject({ reqId: posted.headers['x-request-id'] });
      // Once, not twice: request.log's lines keep the one reqId they have bound.
      const raw: string[] = [];
      const check = pino({ ...loggerOptions(config), level: 'info' }, new Writable({ write: (c: Buffer, _e, cb) => (raw.push(c.toString()), cb()) }));
      check.child({ reqId: 'x' }).info('bound');
      expect(raw[0]!.match(/"reqId"/g)).toHaveLength(1);
      app.log.info('outside any request');
      expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId');
    } finally {
      await app.close();
    }
  });

  it('honours a well-formed incoming X-Request-Id only from a trusted proxy', () => {
    const req = (id: string, remoteAddress: string) =>
      ({ headers: { 'x-request-id': id }, socket: { remoteAddress } }) as unknown as http.IncomingMessage;
    const given = '0b5e8c1e-3f7a-4c2d-9e1b-7a6f5d4c3b2a';
    expect(requestIdGenerator(false)(req(given, '127.0.0.1'))).not.toBe(given);
    expect(requestIdGenerator(['10.0.0.0/8'])(req(given, '10.1.2.3'))).toBe(given);
    expect(requestIdGenerator(['10.0.0.0/8'])(req(given, '::ffff:10.1.2.3'))).toBe(given);
    expect(requestIdGenerator(['10.0.0.0/8'])(req(given, '192.168.1.1'))).not.toBe(given);
    expect(requestIdGenerator(['loopback'])(req(given.toUpperCase(), '::1'))).toBe(given);
    expect(requestIdGenerator(1)(req(given, '203.0.113.9'))).toBe(given);
    // Not a UUID (log injection, any length): a fresh id instead.
    for (const bad of ['abc', `${given}\n{"level":60}`, `${given}x`, ''])
      expect(requestIdGenerator(true)(req(bad, '127.0.0.1'))).toMatch(UUID);
  });
});

describe('TRUST_PROXY and keep-alive', () => {
  it('parses off, on, hop counts and address lists; refuses anything else', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['10.0.0.0/33', '300.1.1.1', 'proxy.example', '10.0.0.1/8/2', 'abc'])
      expect(parseTrustProxy(bad)).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY must be/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('request.ip is the peer by default, the forwarded client behind a trusted proxy', async () => {
    const ipOf = async (env: Record<string, string>) => {
      const app = await appOn(t, env, new ManualClock(), (a) => a.get('/test-ip', async (request) => ({ ip: request.ip })));
      try {
        const res = await app.inject({ method: 'GET', url: '/test-ip', headers: { 'x-forwarded-for': '203.0.113.7' } });
        return res.json().ip as string;
      } finally {
        await app.close();
      }
    };
    expect(await ipOf({})).toBe('127.0.0.1');
    expect(await ipOf({ TRUST_PROXY: '127.0.0.1' })).toBe('203.0.113.7');
    expect(await ipOf({ TRUST_PROXY: '1' })).toBe('203.0.113.7');
    expect(await ipOf({ TRUST_PROXY: '10.0.0.0/8' })).toBe('127.0.0.1');
  });

  it('keeps idle connections longer than the balancer (72 s by default)', async () => {
    const app = await appOn(t, { KEEP_ALIVE_TIMEOUT_MS: '65000' });
    try {
      expect(app.server.keepAliveTimeout).toBe(65_000);
    } finally {
      await app.close();
    }
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(72_000);
  });

  it('answers 408 and closes a connection whose request does not arrive whole in time (a body sent a byte at a time)', async () => {
    const app = await appOn(t, { REQUEST_TIMEOUT_MS: '1000' });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let got = '';
        let trickle: NodeJS.Timeout | undefined;
        socket.on('connect', () => {
          socket.write('POST /core/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
          trickle = setInterval(() => socket.write(' '), 200); // always something new, never the whole body
        });
        socket.on('data', (chunk) => (got += chunk.toString()));
        socket.on('close', () => {
          clearInterval(trickle);
          resolve(got);
        });
        socket.on('error', reject);
        setTimeout(() => socket.destroy(new Error('still open after 8 s')), 8_000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect([app.server.requestTimeout, app.server.headersTimeout]).toEqual([1000, 1000]);
    } finally {
      await app.close();
    }
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
  });
});

describe("the storefront server's token (SSR_API_TOKEN)", () => {
  it("lets its reads past the per-IP limit; a wrong token, none, or a write is counted as anyone's", async () => {
    const token = 'a-storefront-server-secret-1234';
    const app = await appOn(t, { RATE_LIMIT: 'true', RATE_LIMIT_MAX: '2', SSR_API_TOKEN: token });
    const read = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/manager/faqs/', headers });
    try {
      // Every page the storefront renders reads from one address: none of it is throttled.
      for (let i = 0; i < 5; i++) expect((await read({ 'x-storefront-server-token': token })).statusCode).toBe(200);
      // The same address without the token, or with a wrong one, has its 2 a minute.
      expect((await read()).statusCode).toBe(200);
      expect((await read({ 'x-storefront-server-token': `${token}x` })).statusCode).toBe(200);
      expect((await read({ 'x-storefront-server-token': 'a-guess-of-the-same-length-00' })).statusCode).toBe(429);
      expect((await read()).statusCode).toBe(429);
      // A write with the token is counted too.
      const write = await app.inject({ method: 'POST', url: '/api/cart/clear_cart/', headers: { 'x-storefront-server-token': token } });
      expect(write.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('is at least 16 characters', () => {
    expect(() => loadConfig({ SSR_API_TOKEN: 'short' })).toThrow(/SSR_API_TOKEN must be at least 16 characters/);
  });
});

describe('the payment webhook', () => {
  it('has a limit of its own: unsigned calls past it are refused (429) before they are logged, other calls go on', async () => {
    const app = await appOn(t, { RATE_LIMIT: 'true', RATE_LIMIT_MAX: '1000' });
    try {
      const forged = () =>
        app.inject({ method: 'POST', url: '/payment/webhook/sandbox/', headers: { 'content-type': 'application/json' }, payload: '{"event":"charge.success"}' });
      const logged = async () => (await app.db.orm.select({ n: count() }).from(paymentEvents))[0]!.n;
      const before = await logged();
      const codes: number[] = [];
      for (let i = 0; i <= WEBHOOKS_PER_MINUTE; i++) codes.push((await forged()).statusCode);
      expect(codes.slice(0, WEBHOOKS_PER_MINUTE).every((c) => c === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      expect((await logged()) - before).toBe(WEBHOOKS_PER_MINUTE);
      // The address's other calls have their own budget.
      expect((await app.inject({ method: 'GET', url: '/api/services/' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('/healthz and /readyz', () => {
  it('answer 200 when ready, are never rate limited and are not in the public OpenAPI', async () => {
    const app = await appOn(t, { RATE_LIMIT: 'true', RATE_LIMIT_MAX: '2' });
    try {
      for (let i = 0; i < 4; i++) {
        const live = await app.inject({ method: 'GET', url: '/healthz' });
        expect(live.statusCode).toBe(200);
        expect(live.json()).toEqual({ status: 'alive' });
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ready' });
        expect(ready.headers['cache-control']).toBe('no-store');
      }
      const docs = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(docs.paths)).not.toContain('/healthz');
      expect(Object.keys(docs.paths)).not.toContain('/readyz');
    } finally {
      await app.close();
    }
  });

  it('readiness says why it is not ready: draining, the database, migrations', async () => {
    const names = listMigrations().map((m) => m.name);
    const fake = (execute: () => Promise<unknown>) => new Readiness({ orm: { execute } } as never);
    expect(await fake(async () => ({ rows: names.map((name) => ({ name })) })).check()).toEqual({ ready: true });
    expect(await fake(async () => ({ rows: names.slice(1).map((name) => ({ name })) })).check()).toEqual({
      ready: false,
      reason: 'migrations',
      detail: `1 migration(s) not applied yet: ${names[0]}`,
    });
    expect(await fake(() => Promise.reject(new Error('relation "schema_migrations" does not exist'))).check()).toMatchObject({
      ready: false,
      reason: 'migrations',
    });
    expect(await fake(() => Promise.reject(new Error('connect ECONNREFUSED'))).check()).toEqual({
      ready: false,
      reason: 'database',
      detail: 'The database does not answer: connect ECONNREFUSED',
    });
    const hanging = await fake(() => new Promise(() => {})).check();
    expect(hanging).toEqual({ ready: false, reason: 'database', detail: 'The database does not answer: no answer in 2000 ms' });
    const draining = fake(async () => ({ rows: names.map((name) => ({ name })) }));
    draining.draining = true;
    expect(await draining.check()).toEqual({ ready: false, reason: 'draining', detail: 'The server is shutting down.' });
  });

  it('drain: not ready at once, in-flight requests finish, then the listener closes', async () => {
    let release!: () => void;
    const slowStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await appOn(t, {}, new ManualClock(), (a) =>
      a.get('/test-slow', async () => {
        release();
        await new Promise((r) => setTimeout(r, 600));
        return { done: true };
      }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as net.AddressInfo).port;
    expect((await get(port, '/readyz')).status).toBe(200);

    const slow = get(port, '/test-slow');
    await slowStarted;
    const drained = drainAndClose(app, { delayMs: 300, log: app.log });
    const during = await get(port, '/readyz');
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toEqual({ status: 'not ready', reason: 'draining', detail: 'The server is shutting down.' });
    expect(during.headers.connection).toBe('close');
    expect((await get(port, '/healthz')).status).toBe(200);
    await drained;
    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ done: true });
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('drain: a request in flight may still queue a job (its mail) until it has answered', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const app = await appOn(t, { JOBS: 'true' }, new ManualClock(), (a) =>
      a.get('/test-slow-enqueue', async () => {
        started();
        await new Promise((r) => setTimeout(r, 400));
        // A queue the job system knows (an unknown one is looked up outside the transaction: PGlite has one connection).
        await a.db.orm.transaction((tx) => a.jobs.enqueue(tx, 'send-mail', { outboxId: -1 }));
        return { done: true };
      }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as net.AddressInfo).port;
    const slow = get(port, '/test-slow-enqueue');
    await inFlight;
    await drainAndClose(app, { delayMs: 0, log: app.log });
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
  });

  it('drain: a running job finishes before the app closes', async () => {
    const app = await appOn(t, { JOBS: 'true' }, new ManualClock(), (a) => {
      (a.jobs.queues as unknown as { name: string; work: () => Promise<void> }[]).push({
        name: 'test-slow-job',
        work: async () => {
          jobStarted();
          await new Promise((r) => setTimeout(r, 800));
          jobDone = true;
        },
      });
    });
    let jobDone = false;
    let jobStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      jobStarted = resolve;
    });
    await app.jobs.start();
    await app.db.orm.transaction((tx) => app.jobs.enqueue(tx, 'test-slow-job', {}));
    await started;
    await drainAndClose(app, { delayMs: 0, log: app.log });
    expect(jobDone).toBe(true);
  });
});

describe('SIGTERM', () => {
  it('the server turns not-ready, keeps answering /healthz during the delay, then exits 0', async () => {
    const port = await freePort();
    const { child, exited, waitFor, output } = startServer({
      DATA_DIR: t.config.dataDir + '-sigterm',
      ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DNS_SERVER: 'false',
      // Long enough that the two requests below land inside it on a busy machine: with 1,500 ms one was refused once
      // (ECONNREFUSED, the listener already closed) while the other jest worker and this server shared the 2 cores.
      DRAIN_DELAY_MS: '5000',
    });
    try {
      await waitFor(/API ready at/);
      expect(output()).toMatch(/API ready at/);
      expect((await get(port, '/readyz')).status).toBe(200);
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      const ready = await get(port, '/readyz');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body).reason).toBe('draining');
      expect((await get(port, '/healthz')).status).toBe(200);
      expect(await exited).toBe(0);
      expect(output()).toMatch(/closed: in-flight requests and running jobs finished/);
    } finally {
      child.kill('SIGKILL');
      await exited;
      fs.rmSync(t.config.dataDir + '-sigterm', { recursive: true, force: true });
    }
  }, 60_000);
});

(usingPostgres ? describe : describe.skip)('ROLE=worker (PostgreSQL)', () => {
  it('serves no API; with METRICS_PORT it answers /healthz, /readyz and /metrics on 127.0.0.1; SIGTERM exits 0 at once', async () => {
    const port = await freePort();
    const { child, exited, waitFor, output } = startServer({
      DATABASE_URL: t.databaseUrl!,
      ROLE: 'worker',
      METRICS_PORT: String(port),
      DRAIN_DELAY_MS: '5000',
    });
    try {
      await waitFor(/worker ready/);
      expect(output()).toMatch(/metrics at http:\/\/127\.0\.0\.1:\d+\/metrics/);
      expect((await get(port, '/healthz')).status).toBe(200);
      expect(JSON.parse((await get(port, '/readyz')).body)).toEqual({ status: 'ready' });
      expect((await get(port, '/metrics')).body).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
      expect((await get(port, '/core/me/')).status).toBe(404);
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000); // no drain delay: no balancer sends to a worker
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

(usingPostgres ? describe : describe.skip)('migrations under an advisory lock (PostgreSQL)', () => {
  it('two nodes starting together on a fresh database migrate once', async () => {
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `api_mig_race_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    const a = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
    const b = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
    try {
      const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
      const all = listMigrations().map((m) => m.name);
      const applied = [ra.applied, rb.applied].sort((x, y) => y.length - x.length);
      expect(applied).toEqual([all, []]);
      const rows = await a.session((s) => s.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'));
      expect(rows.rows[0]!.n).toBe(all.length);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
