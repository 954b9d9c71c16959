#!/usr/bin/env node
// `npm run bench` (api): prints, does not assert. Starts the API on an empty data folder (cold start), then runs
// autocannon on loopback against GET /manager/faqs/, GET /blog/blogposts/ and GET /core/me/ (logged in as demo), and
// reports req/s, p50, p99, the server's peak RSS and its cold start time.
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 20) tune the load.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const p = srv.address().port;
    srv.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));

const t0 = performance.now();
// One process (node --import tsx), so its /proc status is the server's own memory.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src', 'server.ts')], {
  cwd: apiDir,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    API_BASE_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = false;
server.on('exit', () => (exited = true));

const peakRssMb = () => {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
};

async function waitReady() {
  for (;;) {
    if (exited) throw new Error('the server exited during start-up');
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function login() {
  const post = (url, body, headers = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const res = await post('/core/login/', { username: 'demo', password: 'demo-pass-2024' });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie').split(';')[0];
  const [mail] = await (await fetch(`${base}/dev/outbox?to=demo@example.com`)).json();
  const code = /login code is: (\d+)/.exec(mail.text)[1];
  const session = await (await post('/core/submit-login-code/', { login_code: code }, { cookie })).json();
  return session.access;
}

const run = (title, url, headers = {}) =>
  new Promise((resolve, reject) => {
    autocannon({ url: `${base}${url}`, connections, duration, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({ title, reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });

try {
  await waitReady();
  const coldStartMs = Math.round(performance.now() - t0);
  const access = await login();
  const rows = [];
  rows.push(await run('GET /manager/faqs/', '/manager/faqs/'));
  rows.push(await run('GET /blog/blogposts/', '/blog/blogposts/'));
  rows.push(await run('GET /core/me/', '/core/me/', { authorization: `Token ${access}` }));
  console.log(`\nAPI benchmark: ${duration} s per route, ${connections} connections, loopback, PGlite, ${os.cpus().length} cores`);
  console.log('route                    req/s     p50 ms   p99 ms   non-2xx  errors');
  for (const r of rows) {
    console.log(
      `${r.title.padEnd(24)} ${String(Math.round(r.reqs)).padStart(7)}   ${String(r.p50).padStart(6)}   ${String(r.p99).padStart(6)}   ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}`,
    );
  }
  console.log(`cold start on an empty data folder: ${coldStartMs} ms (process start to first /health answer)`);
  console.log(`peak RSS of the API process: ${peakRssMb()} MB`);
  console.log('targets (issue 3): content lists >= 5000 req/s with p99 < 20 ms; /core/me/ >= 1500 req/s; first start < 5 s');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (exited ? r() : server.on('exit', r)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
