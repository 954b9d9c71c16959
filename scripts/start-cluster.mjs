// `npm run start:cluster` (after install and build): the API as a cluster on this machine, the storefront as usual.
//   PostgreSQL: DATABASE_URL, or a throw-away cluster (removed on exit) when it is unset.
//   Two API nodes (ROLE=api) on API_PORT+1 and API_PORT+2, one worker (ROLE=worker: queues and scheduled passes),
//   HAProxy in front at the API address (API_PORT, 8000 by default) checking GET /readyz on every node.
//   The DNS server runs in API node 1 (DNS_PORT, 5300 by default); the storefront as `scripts/start.mjs --no-api`.
// Options: --nodes=N (2), --workers=N (1), --stats-port=P (HAProxy's stats page; off by default).
// A node or worker that exits is started again on its port (rolling restarts: SIGTERM one node at a time).
// Ctrl-C (or SIGTERM) stops all of it: the storefront, then the nodes and worker (they drain), HAProxy, PostgreSQL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findHaproxy, ROOT, startCluster } from './lib/cluster.mjs';
import { findPostgres, startThrowawayPostgres } from './lib/throwaway-postgres.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const nodes = arg('nodes', 2);
const workers = arg('workers', 1);
const statsPort = arg('stats-port', 0) || undefined;
const publicPort = Number(process.env.API_PORT || 8000);

const missing = [];
if (!findHaproxy()) missing.push('haproxy');
if (!process.env.DATABASE_URL && !findPostgres()) missing.push('postgresql');
if (missing.length) {
  console.error(
    `npm run start:cluster needs ${missing.join(' and ')} (Debian ${missing.length > 1 ? 'packages' : 'package'}` +
      `${missing.includes('postgresql') ? ', or DATABASE_URL pointing at a PostgreSQL' : ''}).\n` +
      `Install with: apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(1);
}
if (!existsSync(path.join(ROOT, 'shell', 'dist'))) {
  console.error('shell/dist is missing: run npm run build first.');
  process.exit(1);
}

let pg = null;
let cluster = null;
let storefront = null;
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping: storefront, API nodes and worker (draining), HAProxy, PostgreSQL…');
  if (storefront && storefront.exitCode === null) {
    storefront.kill('SIGTERM');
    await new Promise((r) => {
      storefront.on('exit', r);
      setTimeout(r, 5000).unref();
    });
  }
  await cluster?.stop();
  pg?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('exit', () => storefront?.exitCode === null && storefront.kill('SIGKILL'));

// The storefront's server and the API nodes share the secret that keeps its page renders' reads out of the per-IP limit.
process.env.SSR_API_TOKEN ||= randomBytes(24).toString('base64url');

// The storefront first: up in a second, so whoever waits for the API address finds the pages too.
storefront = spawn(process.execPath, ['scripts/start.mjs', '--no-api'], {
  cwd: ROOT,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, API_BASE_URL: `http://localhost:${publicPort}`, API_PORT: String(publicPort), DNS_PORT: process.env.DNS_PORT || '5300' },
});
storefront.on('exit', (code, signal) => {
  if (!stopping) {
    console.error(`The storefront stopped (${signal ?? `exit code ${code}`}); stopping the cluster.`);
    void stop(code || 1);
  }
});
try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    pg = await startThrowawayPostgres({ label: 'cluster-pg-', settings: { max_connections: 200 } });
    databaseUrl = pg.url;
    console.log(`Throw-away PostgreSQL on port ${pg.port} (removed when this stops)`);
  }
  cluster = await startCluster({ databaseUrl, publicPort, nodes, workers, statsPort, output: 'prefix', restart: true });
} catch (err) {
  console.error(`Cannot start the cluster: ${err.message}`);
  await stop(1);
}

// A node or worker that stops is started again (restart: true): one at a time, SIGTERM is the README's rolling
// restart, and the balancer serves from the others meanwhile. Without HAProxy there is no API address: all stops.
cluster.haproxy.exited.then(({ code, signal }) => {
  if (!stopping) {
    console.error(`haproxy stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
    void stop(1);
  }
});
console.log(`
  Cluster        ${cluster.url} → HAProxy → ${cluster.nodes.map((n) => `${n.name} :${n.port}`).join(', ')}   (checks GET /readyz)
  Workers        ${cluster.workers.map((w) => w.name).join(', ')} (queues and scheduled passes)
  Database       ${pg ? `throw-away PostgreSQL on port ${pg.port}` : 'DATABASE_URL'}
  DNS server     in api-1 on ${process.env.DNS_HOST || '127.0.0.1'}:${process.env.DNS_PORT || '5300'}${statsPort ? `
  HAProxy stats  http://127.0.0.1:${statsPort}/` : ''}
`);
