// Commerce benchmark (issue 4, "Measure"): starts the API on a throw-away embedded database with the simulated registry,
// then runs autocannon for 10 s each on GET /domain/suggestions/ (a different name on every request) and on
// GET /api/cart/ (a visitor cart holding two items). Prints req/s, p50 and p99. Prints; asserts nothing.
//   node api/scripts/bench-commerce.mjs            (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
//   BENCH_ONLY=cart     runs only the cart route; BENCH_CPU_PROF=<dir> writes the API's CPU profile there (node --cpu-prof)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const only = process.env.BENCH_ONLY ?? '';
const profileDir = process.env.BENCH_CPU_PROF;

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-commerce-'));
const server = spawn(
  process.execPath,
  [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    '--import',
    'tsx',
    'src/server.ts',
  ],
  {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      API_BASE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      DOMAIN_REGISTRY: 'simulated',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const stop = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stop().then(() => process.exit(130)));

try {
  const t0 = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the API exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - t0 > 120_000) throw new Error('the API did not start within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(
    `API up in ${Date.now() - t0} ms (${base}); ${seconds} s per route, ${connections} connections\n`,
  );

  // A visitor cart with a domain and a hosting plan.
  const add = async (body, cookie) => {
    const res = await fetch(`${base}/api/cart/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`cart add failed: ${res.status} ${await res.text()}`);
    return res.headers.get('set-cookie')?.split(';')[0] ?? cookie;
  };
  const plans = await (await fetch(`${base}/hosting/services/`)).json();
  let cookie = await add({ service_id: 1, product_id: 1, metadata: { domain_name: 'bench-store.com' } });
  cookie = await add({ service_id: plans[0].id, product_id: plans[0].hosting_plans[0].id }, cookie);

  const words = [
    'lagos',
    'bakery',
    'studio',
    'tech',
    'shop',
    'naija',
    'cloud',
    'kitchen',
    'motors',
    'realty',
    'print',
    'fresh',
  ];
  const tlds = ['', '.com', '.ng', '.com.ng', '.io', '.org'];
  let n = 0;
  const nextName = () => {
    n += 1;
    return `${words[n % words.length]}${words[(n * 7) % words.length]}${n}${tlds[n % tlds.length]}`;
  };

  const run = (title, opts) =>
    new Promise((resolve, reject) => {
      autocannon({ url: base, connections, duration: seconds, ...opts }, (err, r) =>
        err ? reject(err) : resolve(r),
      );
    }).then((r) => {
      const line = `${title.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
      console.log(line);
      return r;
    });

  if (only !== 'cart') await run('GET /domain/suggestions/ (varied)', {
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/domain/suggestions/?domain=${encodeURIComponent(nextName())}&currency=${n % 2 ? 'USD' : 'NGN'}`,
        }),
      },
    ],
  });
  if (only !== 'suggestions') await run('GET /api/cart/ (2 items)', {
    requests: [{ method: 'GET', path: '/api/cart/?currency=NGN', headers: { cookie } }],
  });
} finally {
  await stop();
}
