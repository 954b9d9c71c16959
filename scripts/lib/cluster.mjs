// The API as a cluster on this machine: N API nodes (ROLE=api) and M workers (ROLE=worker) over one PostgreSQL, with
// Debian's HAProxy in front (active health checks on GET /readyz). Used by `npm run start:cluster`, the cluster suite
// (cluster/) and the cluster benchmark (scripts/bench-cluster.mjs).
//
// Layout: HAProxy listens on the API's public port; node i listens on 127.0.0.1:<nodeBasePort + i - 1>. The
// authoritative DNS server runs in API node 1 only (its zones follow the database through NOTIFY, so which node runs
// it does not matter; two would need two ports); the other nodes and the workers run none.
// Start order: node 1 first (it applies the migrations and the seed data, once; the migrations' advisory lock would
// also make simultaneous starts safe), then the other nodes and the workers together.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const API_DIR = path.join(ROOT, 'api');
export const HAPROXY_INSTALL_HINT = 'apt-get install -y haproxy';

/** The haproxy binary, or null when it is not installed. */
export function findHaproxy() {
  if (process.env.HAPROXY_BIN) return fs.existsSync(process.env.HAPROXY_BIN) ? process.env.HAPROXY_BIN : null;
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** The path HAProxy checks on every node (ops' readiness: database reachable, migrations done, not draining). */
export const HEALTH_PATH = '/readyz';

/**
 * HAProxy's configuration. `frontends`: [{ name, port, servers: [{ name, port }] }]; each frontend gets a backend of
 * its own (the benchmark fronts 1 node and 2 nodes side by side).
 *
 * Timeouts: HAProxy closes idle client connections after 3 s and idle connections to a node after 2 s
 * (pool-purge-delay), both well below the nodes' keep-alive timeout (KEEP_ALIVE_TIMEOUT_MS, 72 s): a node never closes
 * a connection HAProxy is about to reuse, which would be a sporadic 502. Health checks every 500 ms; two failures take
 * a node out (≈ 1 s), two successes put it back. A request whose connection failed is retried once on the other
 * node; one that got no answer is retried only when it is a GET or HEAD: a POST a node received may have been
 * committed before the node died, and sent again it made a second ticket from one click (`disable-l7-retry`).
 *
 * Request ids: the balancer gives every request a new X-Request-Id (a UUID), in place of any the client sent; the
 * nodes trust it (TRUST_PROXY), so a client cannot choose the id its requests are logged under.
 */
export function haproxyConfig({ frontends, host = '127.0.0.1', stats = null }) {
  const lines = [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 3s',
    '  timeout http-request 10s',
    // A health check may wait for a busy pool longer than its interval (inter 500ms would be its timeout otherwise).
    '  timeout check 2s',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '',
  ];
  for (const f of frontends) {
    lines.push(
      `frontend ${f.name}`,
      `  bind ${host}:${f.port}`,
      '  http-request set-header X-Request-Id %[uuid()]',
      `  default_backend ${f.name}_nodes`,
      '',
      `backend ${f.name}_nodes`,
      '  balance roundrobin',
      '  http-request disable-l7-retry if !METH_GET !METH_HEAD',
      `  option httpchk GET ${HEALTH_PATH}`,
      '  http-check expect status 200',
      '  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2 pool-purge-delay 2s',
      ...f.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
      '',
    );
  }
  if (stats) lines.push('frontend stats', `  bind 127.0.0.1:${stats}`, '  stats enable', '  stats uri /', '  stats refresh 2s', '');
  return lines.join('\n');
}

/** Pipes a child's output line by line with a prefix (or to a log file). */
function pipeOutput(child, prefix, sink) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const line of parts) sink(`${prefix} ${line}\n`);
    });
  }
}

async function waitHttp(url, { timeoutMs = 60_000, isAlive = () => true } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`stopped before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts the API cluster over `databaseUrl`. Options:
 *   publicPort   HAProxy's port (the API address: API_BASE_URL)
 *   nodes        number of API nodes (2), on nodeBasePort, nodeBasePort + 1, … (publicPort + 1 by default)
 *   workers      number of workers (1)
 *   env          environment of every process (on top of process.env)
 *   output       'prefix' (lines prefixed on this terminal), 'ignore', or a file path (all processes, prefixed)
 *   dns          run the DNS server in node 1 (true)
 *   restart      start a node or worker again when it exits (false)
 * Returns { url, nodes, workers, haproxy, startNode(i), startWorker(), stop() }; each process handle is
 * { name, port?, url?, child, exited: Promise }.
 */
export async function startCluster(opts) {
  const { databaseUrl, publicPort, nodes: nodeCount = 2, workers: workerCount = 1, dns = true } = opts;
  const nodeBasePort = opts.nodeBasePort ?? publicPort + 1;
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new Error(`HAProxy is not installed. Install it with: ${HAPROXY_INSTALL_HINT}`);
  const publicUrl = `http://localhost:${publicPort}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-cluster-'));
  let sink;
  if (opts.output === 'ignore') sink = () => {};
  else if (typeof opts.output === 'string' && opts.output !== 'prefix') {
    const fd = fs.openSync(opts.output, 'a');
    sink = (line) => fs.writeSync(fd, line);
  } else sink = (line) => process.stdout.write(line);

  const baseEnv = {
    ...process.env,
    API_BASE_URL: publicUrl,
    API_HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // The nodes see HAProxy's address (loopback); X-Forwarded-For from it carries the client's (per-client limits).
    TRUST_PROXY: 'loopback',
    // SIGTERM: /readyz answers 503 this long before the listener closes; HAProxy needs fall 2 × inter 500 ms ≈ 1 s.
    DRAIN_DELAY_MS: '1500',
    ...opts.env,
  };
  const all = [];
  const spawnProcess = (name, args, env, cwd = API_DIR) => {
    // Own process group: Ctrl-C reaches this script only, which stops the processes in order (nodes drain first).
    const child = spawn(args[0], args.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    pipeOutput(child, `[${name}]`.padEnd(10), sink);
    const handle = { name, child, exited: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))) };
    all.push(handle);
    return handle;
  };
  const node = (cmd) => [process.execPath, '--import', 'tsx', 'src/server.ts', ...cmd];

  const handles = { nodes: [], workers: [] };
  const startNode = (i) => {
    const port = nodeBasePort + i - 1;
    const env = { ...baseEnv, ROLE: 'api', API_PORT: String(port), NODE_NAME: `api-${i}` };
    if (i !== 1 || !dns) env.DNS_SERVER = 'false';
    const h = spawnProcess(`api-${i}`, node([]), env);
    Object.assign(h, { port, url: `http://127.0.0.1:${port}` });
    handles.nodes[i - 1] = h;
    return h;
  };
  const startWorker = (i = handles.workers.length + 1) => {
    const h = spawnProcess(`worker-${i}`, node([]), { ...baseEnv, ROLE: 'worker', DNS_SERVER: 'false', NODE_NAME: `worker-${i}` });
    handles.workers[i - 1] = h;
    return h;
  };
  // opts.restart: a node or worker that exits (a crash, or SIGTERM in a rolling restart) is started again on its port,
  // as systemd's Restart=always would: after 1 s, doubling up to 30 s while it keeps exiting within 30 s of its start.
  // The balancer serves from the others meanwhile and puts it back once its /readyz answers.
  const supervise = (h, again, delay = 1000) => {
    const startedAt = Date.now();
    void h.exited.then(async ({ code, signal }) => {
      if (stopping) return;
      const wait = Date.now() - startedAt < 30_000 ? delay : 1000;
      sink(`[cluster]  ${h.name} stopped (${signal ?? `exit code ${code}`}); starting it again in ${wait / 1000} s\n`);
      await new Promise((r) => setTimeout(r, wait).unref());
      if (!stopping) supervise(again(), again, Math.min(wait * 2, 30_000));
    });
  };

  const cfgPath = path.join(tmp, 'haproxy.cfg');
  const servers = Array.from({ length: nodeCount }, (_, k) => ({ name: `api-${k + 1}`, port: nodeBasePort + k }));
  fs.writeFileSync(cfgPath, haproxyConfig({ frontends: [{ name: 'api', port: publicPort, servers }, ...(opts.extraFrontends ?? [])], stats: opts.statsPort }));
  const check = spawnSync(haproxyBin, ['-c', '-q', '-f', cfgPath], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stderr}${check.stdout}`);

  let stopping = null;
  const stop = async ({ graceful = true } = {}) => {
    stopping ??= (async () => {
      // Nodes and workers first (SIGTERM: they drain), HAProxy last, so no request meets a closed balancer.
      const apps = all.filter((h) => h.name !== 'haproxy' && h.child.exitCode === null && h.child.signalCode === null);
      for (const h of apps) h.child.kill(graceful ? 'SIGTERM' : 'SIGKILL');
      const timeout = new Promise((r) => setTimeout(r, 15_000).unref());
      await Promise.race([Promise.all(apps.map((h) => h.exited)), timeout]);
      const running = (h) => h.child.exitCode === null && h.child.signalCode === null;
      for (const h of all) if (running(h)) h.child.kill(h.name === 'haproxy' ? 'SIGTERM' : 'SIGKILL');
      await Promise.race([handles.haproxy?.exited, new Promise((r) => setTimeout(r, 3000).unref())]);
      for (const h of all) if (running(h)) h.child.kill('SIGKILL');
      await Promise.race([Promise.all(all.map((h) => h.exited)), new Promise((r) => setTimeout(r, 3000).unref())]);
      fs.rmSync(tmp, { recursive: true, force: true });
    })();
    return stopping;
  };
  // Whatever happens to this process, no node or balancer outlives it.
  process.on('exit', () => {
    for (const h of all) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
  });

  try {
    const haproxy = spawnProcess('haproxy', [haproxyBin, '-db', '-f', cfgPath], process.env, tmp);
    handles.haproxy = haproxy;
    const alive = (h) => () => h.child.exitCode === null && h.child.signalCode === null;
    // Node 1 alone first: it migrates and seeds; then the rest side by side.
    const first = startNode(1);
    await waitHttp(`${first.url}/readyz`, { timeoutMs: 120_000, isAlive: alive(first) });
    const rest = [];
    for (let i = 2; i <= nodeCount; i++) rest.push(startNode(i));
    for (let i = 0; i < workerCount; i++) startWorker();
    await Promise.all(rest.map((h) => waitHttp(`${h.url}/readyz`, { timeoutMs: 120_000, isAlive: alive(h) })));
    if (opts.restart) {
      handles.nodes.forEach((h, k) => supervise(h, () => startNode(k + 1)));
      handles.workers.forEach((h, k) => supervise(h, () => startWorker(k + 1)));
    }
    // Through the balancer once every node passed its health check (rise 2).
    await waitHttp(`http://127.0.0.1:${publicPort}${HEALTH_PATH}`, { timeoutMs: 30_000, isAlive: alive(haproxy) });
    for (let k = 0; k < 40 && (await upServers(opts.statsPort)) < nodeCount; k++) await new Promise((r) => setTimeout(r, 250));
  } catch (err) {
    await stop({ graceful: false });
    throw err;
  }
  return { url: publicUrl, ...handles, startNode, startWorker, stop, tmp, configPath: cfgPath };
}

/** How many servers HAProxy's stats page shows UP (Infinity without a stats port: nothing to wait for). */
async function upServers(statsPort) {
  if (!statsPort) return Infinity;
  try {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
    return csv.split('\n').filter((l) => /^api_nodes,api-\d+,/.test(l) && l.split(',')[17]?.startsWith('UP')).length;
  } catch {
    return 0;
  }
}
