#!/usr/bin/env node
// The cluster suite (issue 18): one throw-away PostgreSQL, two API nodes, two workers and HAProxy, started once for
// these tests, then the e2e purchase journey through the balancer (Playwright with E2E_CLUSTER=1 starts a cluster of
// its own with `npm run start:cluster`'s script). Run by `npm test` as the step `cluster`; alone:
//   node cluster/run.mjs [--json=<file>] [--only=<words in a test name>]
// Without PostgreSQL or HAProxy it prints why and what to install, and exits 0 (skipped).
// Ports: CLUSTER_PORT (HAProxy, 7100 by default; nodes on +1, +2, HAProxy's stats page on +9); the journey uses
// E2E_STOREFRONT_PORT / E2E_API_PORT as the e2e step does.
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findHaproxy, ROOT, startCluster } from '../scripts/lib/cluster.mjs';
import { findPostgres, startThrowawayPostgres } from '../scripts/lib/throwaway-postgres.mjs';
import { DEMO, fromApi, fromApiNamed, login, sleep, until } from './helpers.mjs';

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const jsonOut = arg('json');
const only = arg('only');
const PORT = Number(process.env.CLUSTER_PORT || 7100);
const AUTH_LIMIT = 5;

const missing = [!findPostgres() && 'postgresql', !findHaproxy() && 'haproxy'].filter(Boolean);
if (missing.length) {
  console.log(`Cluster suite skipped: ${missing.join(' and ')} not installed. Install with: apt-get install -y ${missing.join(' ')}`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ skipped: `${missing.join(' and ')} not installed`, passed: 0, failed: 0 }));
  process.exit(0);
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

let pg;
let cluster;
let db;
const started = Date.now();
const logFile = path.join(os.tmpdir(), `cluster-suite-${PORT}.log`);

// ── the tests, in order (the SIGTERM test takes node 2 away: it comes last of those on this cluster) ──

test('a login throttle hit through alternating nodes stops at the configured count', async () => {
  const [a, b] = cluster.nodes;
  // A client address of its own (X-Forwarded-For, trusted from loopback), so other tests' logins do not count.
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.18' };
  const statuses = [];
  for (let i = 0; i < AUTH_LIMIT * 2 + 2; i++) {
    const node = i % 2 ? b : a;
    const res = await fetch(`${node.url}/core/login/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'nobody-cluster', password: 'wrong-password-1' }),
    });
    statuses.push(res.status);
  }
  const allowed = statuses.filter((s) => s !== 429).length;
  assert.equal(allowed, AUTH_LIMIT, `answers in order: ${statuses.join(' ')} (AUTH_RATE_LIMIT_MAX=${AUTH_LIMIT} across both nodes)`);
  assert.deepEqual(statuses.slice(AUTH_LIMIT), Array(AUTH_LIMIT + 2).fill(429), `answers in order: ${statuses.join(' ')}`);
});

/** Logs in through A, has B answer with the session (cached there), logs out through A: ms until B refuses it. */
async function logoutSeenOnB(beforeLogout = async () => {}) {
  const [a, b] = cluster.nodes;
  const headers = { 'x-forwarded-for': '203.0.113.40' };
  const access = await login(a.url, { headers });
  const me = (node) => fetch(`${node.url}/core/me/`, { headers: { authorization: `Token ${access}`, ...headers } });
  assert.equal((await me(b)).status, 200, 'B accepts the fresh session');
  assert.equal((await me(b)).status, 200, 'B accepts it again (from its cache)');
  await beforeLogout();
  const res = await fetch(`${a.url}/core/logout/`, { method: 'POST', headers: { authorization: `Token ${access}`, ...headers } });
  assert.equal(res.status, 204, 'logout through A');
  const t0 = Date.now();
  await until(async () => (await me(b)).status === 401, { timeoutMs: 1000, every: 25, what: 'B to refuse the logged-out token' });
  return Date.now() - t0;
}

test('a logout through node A is refused on node B within 1 s', async () => {
  const ms = await logoutSeenOnB();
  console.log(`    refused on B ${ms} ms after the logout on A`);
});

test('… also after B’s listener connection was killed (pg_terminate_backend)', async () => {
  const ms = await logoutSeenOnB(async () => {
    const victim = cluster.nodes[1];
    // B's own listener: the connection named listen:storefront_events (db/listen.ts) whose client port is one of
    // B's sockets to PostgreSQL (ss shows them with B's pid).
    const ss = spawnSync('ss', ['-tnpH', 'state', 'established', 'dst', `127.0.0.1:${pg.port}`], { encoding: 'utf8' });
    const ports = [...(ss.stdout ?? '').matchAll(/127\.0\.0\.1:(\d+)\s+127\.0\.0\.1:\d+\s+users:\(\("[^"]*",pid=(\d+),/g)]
      .filter((m) => Number(m[2]) === victim.child.pid)
      .map((m) => Number(m[1]));
    const { rows } = await db.query(
      `SELECT pid, client_port FROM pg_stat_activity WHERE application_name = 'listen:storefront_events' AND client_port = ANY($1::int[])`,
      [ports],
    );
    assert.equal(rows.length, 1, `B's listener connection among ${ports.length} sockets of pid ${victim.child.pid}: ${JSON.stringify(rows)}`);
    const { rows: killed } = await db.query('SELECT pg_terminate_backend($1) AS ok', [rows[0].pid]);
    assert.equal(killed[0].ok, true, 'pg_terminate_backend');
    console.log(`    terminated B's listener (backend ${rows[0].pid}, client port ${rows[0].client_port})`);
  });
  console.log(`    refused on B ${ms} ms after the logout on A`);
});

test('1,000 jobs across two workers, one SIGKILLed half-way: each done exactly once', async () => {
  const total = 1000;
  await db.query('CREATE TABLE IF NOT EXISTS cluster_test_done (key text PRIMARY KEY, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  await db.query('CREATE TABLE IF NOT EXISTS cluster_test_attempts (key text NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  const { PgBoss } = await fromApiNamed('pg-boss');
  const boss = new PgBoss({ connectionString: pg.url, supervise: false, schedule: false, migrate: false, createSchema: false, max: 2 });
  boss.on('error', () => {});
  await boss.start();
  const keys = Array.from({ length: total }, (_, i) => `job-${i}`);
  try {
    await boss.insert('cluster-test', keys.map((key) => ({ data: { key } })));
  } finally {
    await boss.stop({ graceful: false, timeout: 1000 }).catch(() => {});
  }
  const count = async (q) => Number((await db.query(q)).rows[0].n);
  const [victim, survivor] = cluster.workers;
  // Half done, and by both workers (so the one killed holds jobs of its own).
  await until(
    async () =>
      (await count('SELECT count(*) AS n FROM cluster_test_done')) >= total / 2 &&
      (await count('SELECT count(DISTINCT pid) AS n FROM cluster_test_done')) >= 2,
    { timeoutMs: 60_000, every: 20, what: 'half of the jobs done, by both workers' },
  );
  victim.child.kill('SIGKILL');
  const doneAtKill = await count('SELECT count(*) AS n FROM cluster_test_done');
  const activeAtKill = await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'cluster-test' AND state = 'active'`);
  await victim.exited;
  await until(
    async () => (await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'cluster-test' AND state = 'completed'`)) >= total,
    { timeoutMs: 90_000, every: 200, what: 'every job completed in pg-boss' },
  );
  const done = await db.query('SELECT key, pid FROM cluster_test_done');
  const attempts = await count('SELECT count(*) AS n FROM cluster_test_attempts');
  const byPid = {};
  for (const r of done.rows) byPid[r.pid] = (byPid[r.pid] ?? 0) + 1;
  console.log(
    `    killed ${victim.name} at ${doneAtKill}/${total} done; ${attempts} attempts for ${done.rows.length} results ` +
      `(${attempts - total} redelivered, absorbed by the unique key); done by pid: ${Object.entries(byPid).map(([p, n]) => `${p}: ${n}`).join(', ')}; ${activeAtKill} active at the kill`,
  );
  assert.equal(done.rows.length, total, 'one result per job');
  assert.deepEqual(new Set(done.rows.map((r) => r.key)), new Set(keys), 'every key done');
  assert.equal(await count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'cluster-test' AND state = 'failed'`), 0, 'no job failed');
  assert.ok(done.rows.some((r) => r.pid === victim.child.pid), 'the killed worker did some jobs');
  assert.ok(done.rows.some((r) => r.pid === survivor.child.pid), 'the other worker did some jobs');
});

test('SIGTERM of one API node under steady load: zero failed requests; the node is started again and back in the balancer', async () => {
  const autocannon = await fromApi('autocannon');
  const access = await login(cluster.url, { headers: { 'x-forwarded-for': '203.0.113.60' } });
  const [, victim] = cluster.nodes;
  const run = autocannon({
    url: `http://127.0.0.1:${PORT}/core/me/`,
    headers: { authorization: `Token ${access}`, 'x-forwarded-for': '203.0.113.60' },
    connections: 10,
    overallRate: 200,
    duration: 8,
  });
  setTimeout(() => victim.child.kill('SIGTERM'), 2000);
  const result = await new Promise((resolve, reject) => {
    run.on('done', resolve);
    run.on('error', reject);
  });
  const exit = await Promise.race([victim.exited, sleep(20_000).then(() => 'still running')]);
  const codes = Object.entries(result.statusCodeStats ?? {}).map(([c, s]) => `${c}: ${s.count}`).join(', ');
  console.log(`    ${result.requests.total} requests in ${result.duration} s (${codes}); ${victim.name} exited ${JSON.stringify(exit)}`);
  assert.deepEqual(exit, { code: 0, signal: null }, `${victim.name} drained and exited cleanly`);
  assert.equal(result.errors, 0, 'connection errors');
  assert.equal(result.timeouts, 0, 'timeouts');
  assert.equal(result.non2xx, 0, `non-2xx answers (${codes})`);
  assert.ok(result.requests.total >= 1000, `a steady load (${result.requests.total} requests)`);
  // Started again on its port (restart: true), and put back in the balancer once its /readyz answers.
  await until(async () => (await fetch(`${victim.url}/readyz`).catch(() => null))?.ok, { timeoutMs: 60_000, what: `${victim.name} back` });
  await until(
    async () => {
      const csv = await (await fetch(`http://127.0.0.1:${PORT + 9}/;csv`)).text();
      return csv.split('\n').some((l) => l.startsWith(`api_nodes,${victim.name},`) && l.split(',')[17]?.startsWith('UP'));
    },
    { timeoutMs: 10_000, what: `${victim.name} UP in HAProxy` },
  );
});

test('the e2e purchase journey passes through the balancer', async () => {
  if (!existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) throw new Error('shell/dist is missing: run npm run build first.');
  // This suite's cluster is not needed any more: its memory and CPU go to the journey's own cluster.
  await cluster.stop();
  const res = spawnSync(
    'npx',
    ['--no-install', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project=storefront', 'e2e/tests/mf-cart.spec.ts', '-g', 'a visitor fills a cart'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_CLUSTER: '1', E2E_JSON: path.join(os.tmpdir(), `cluster-e2e-${PORT}.json`) } },
  );
  assert.equal(res.status, 0, 'the journey passed (Playwright output above)');
});

// ── runner ──

let passed = 0;
let failed = 0;
// Interrupted (Ctrl-C, a CI timeout): nothing of the cluster or its PostgreSQL may outlive this process.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    console.log(`\n${signal}: stopping the cluster and PostgreSQL`);
    await cluster?.stop({ graceful: false });
    pg?.stop();
    process.exit(1);
  });
}
try {
  pg = await startThrowawayPostgres({ label: 'cluster-suite-pg-', settings: { max_connections: 200 } });
  const t0 = Date.now();
  cluster = await startCluster({
    databaseUrl: pg.url,
    publicPort: PORT,
    statsPort: PORT + 9,
    nodes: 2,
    workers: 2,
    output: logFile,
    // As start:cluster runs it: a node or worker that exits is started again.
    restart: true,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JOBS: 'true',
      DNS_PORT: String(PORT + 53),
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
      DOMAIN_REGISTRY: 'simulated',
      CLUSTER_TEST_QUEUE: '1',
    },
  });
  console.log(`Cluster up in ${((Date.now() - t0) / 1000).toFixed(1)} s: HAProxy :${PORT}, nodes :${PORT + 1} :${PORT + 2}, 2 workers (log: ${logFile})`);
  const pgModule = await fromApi('pg');
  db = new pgModule.Client({ connectionString: pg.url });
  await db.connect();
  db.on('error', () => {});
  for (const t of tests) {
    if (only && !t.name.includes(only)) continue;
    const t1 = Date.now();
    try {
      await t.fn();
      passed += 1;
      console.log(`  ok   ${t.name} (${((Date.now() - t1) / 1000).toFixed(1)} s)`);
    } catch (err) {
      failed += 1;
      console.log(`  FAIL ${t.name} (${((Date.now() - t1) / 1000).toFixed(1)} s)\n       ${String(err.stack ?? err).split('\n').slice(0, 6).join('\n       ')}`);
    }
  }
} catch (err) {
  failed += 1;
  console.log(`  FAIL the cluster did not start: ${err.message} (log: ${logFile})`);
} finally {
  await db?.end().catch(() => {});
  await cluster?.stop();
  pg?.stop();
}
console.log(`\nCluster suite: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s (user ${DEMO.username})`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exit(failed === 0 ? 0 : 1);
