// Lifecycle benchmark (issue 14, "Measured"): on a throw-away embedded database (PGlite), seeds 20,000 items (10,000
// domains and 10,000 hosting services of 1,000 customers), then times one run of every lifecycle pass (what
// POST /dev/jobs/run does) when none is due, and when 1,000 are due (renewal invoices and their mails), counting the
// SQL statements. Prints; asserts nothing. Targets: none due < 200 ms, 1,000 due < 5 s, cost growing with the items due.
//   node api/scripts/bench-lifecycle.mjs     (BENCH_ITEMS, BENCH_DUE to change the sizes)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The app is TypeScript: run this file again under tsx (from the api package), which resolves the .ts imports.
if (!process.env.BENCH_LIFECYCLE_CHILD) {
  const tsx = path.join(apiDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const res = spawnSync(process.execPath, [tsx, fileURLToPath(import.meta.url)], {
    cwd: apiDir,
    stdio: 'inherit',
    env: { ...process.env, BENCH_LIFECYCLE_CHILD: '1' },
  });
  process.exit(res.status ?? 1);
}

const items = Number(process.env.BENCH_ITEMS ?? 20_000);
const due = Number(process.env.BENCH_DUE ?? 1_000);
const { buildApp } = await import('../src/app.ts');
const { openReadyDatabase } = await import('../src/bootstrap.ts');
const { ManualClock } = await import('../src/clock.ts');
const { loadConfig } = await import('../src/config.ts');
const { drizzle } = await import('drizzle-orm/pglite');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lifecycle-'));
const clock = new ManualClock(new Date('2026-03-03T10:00:00Z'));
const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'false', RATE_LIMIT: 'false' });
const db = await openReadyDatabase({ config, clock });
// Count every statement the passes send: the same client, behind a Drizzle instance with a counting logger.
let queries = 0;
db.orm = drizzle(db.pglite, { logger: { logQuery: () => (queries += 1) } });
const app = await buildApp({ db, config, clock });
await app.ready();

const today = clock.now().toISOString().slice(0, 10);
const half = Math.floor(items / 2);
const t0 = performance.now();
await db.pglite.exec(`
  INSERT INTO users (username, email, password_hash, is_active, date_joined)
    SELECT 'bench' || g, 'bench' || g || '@example.com', 'x', true, now() FROM generate_series(1, 1000) g;
  INSERT INTO customer_domains (user_id, domainname, tld_id, status, regperiod, paymentmethodname, registration_date,
                                nextduedate, created_at)
    SELECT u.id, 'bench-' || g || '.com', 1, 'Active', 1, 'Wallet', DATE '${today}',
           DATE '${today}' + 100 + (g % 250), now()
    FROM generate_series(1, ${half}) g JOIN users u ON u.username = 'bench' || (1 + g % 1000);
  INSERT INTO user_services (user_id, service_id, plan_id, name, billingcycle, domain, regdate, nextduedate,
                             serverhostname, status, created_at)
    SELECT u.id, p.service_id, p.id, p.name, 'Annually', 'bench-' || g || '.com', DATE '${today}',
           DATE '${today}' + 100 + (g % 250), 'web1.bench', 'Active', now()
    FROM generate_series(1, ${items - half}) g JOIN users u ON u.username = 'bench' || (1 + g % 1000)
    CROSS JOIN (SELECT id, service_id, name FROM hosting_plans ORDER BY id LIMIT 1) p;
  ANALYZE;`);
console.log(`Lifecycle bench: seeded ${items} items (${half} domains, ${items - half} services) in ${Math.round(performance.now() - t0)} ms`);

async function pass(label) {
  queries = 0;
  const started = performance.now();
  const ran = await app.jobs.runDue();
  const ms = performance.now() - started;
  console.log(`  ${label}: ${ms.toFixed(0)} ms, ${queries} SQL statements, ran ${JSON.stringify(ran)}`);
  return ms;
}

await pass('warm-up (none due)');
const none = await pass(`pass over ${items} items, none due`);
// Bring `due` of them (half domains, half services) to 10 days before their due date: inside the 14-day window.
await db.pglite.exec(`
  UPDATE customer_domains SET nextduedate = DATE '${today}' + 10 WHERE id IN (SELECT id FROM customer_domains ORDER BY id LIMIT ${Math.floor(due / 2)});
  UPDATE user_services SET nextduedate = DATE '${today}' + 10 WHERE id IN (SELECT id FROM user_services ORDER BY id LIMIT ${due - Math.floor(due / 2)});`);
const some = await pass(`pass over ${items} items, ${due} due`);
await pass('the same pass again at the same now (nothing to do)');
console.log(
  `Lifecycle pass: none due ${none.toFixed(0)} ms (target < 200 ms); ${due} due ${(some / 1000).toFixed(2)} s ` +
    `(target < 5 s; ${(some / due).toFixed(1)} ms per item due)`,
);
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
