// `npm test`: install, build, then every suite: typecheck, lint, jest (browser units and API integration),
// the API suite again on PostgreSQL when it is installed, the end-to-end journeys in Chromium, the cluster suite
// (two API nodes and two workers behind HAProxy: cluster/run.mjs; skipped with the reason when PostgreSQL or HAProxy
// is missing). Node 22 and 24 LTS (issue 18.6), under CI=1 or when named (`node scripts/test.mjs node-versions`): the
// API suite on PostgreSQL runs under Node 22 and the API suite on PGlite once more under Node 24, both from the npm
// `node` packages (~20 s to fetch the first time); the machine's Node runs everything else. Three runs of the API
// suite, not four: the whole `npm test` stays well under 30 minutes (README 'Deployment').
// Ends with one summary line: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

// Jest's default is a worker fewer than the cores (one on this 2-core machine): its main process only waits, so the
// API suites run one worker per core. Measured on 2 cores: on Node 24 265 -> 170 s, on PostgreSQL 127 -> 78 s (each
// test file has a database of its own: api/src/test/app.ts). Not the browser packages' tests: with two workers a
// browser test's 1 s wait for a dialog ran out once in a full run. So jest runs twice: the browser packages and the
// storefront's scripts with the default, the API with a worker per core (its 246 s of tests with one worker).
const jestWorkers = `--maxWorkers=${availableParallelism()}`;

let passed = 0;
let failed = 0;
const lines = [];

function run(label, cmd, args, opts = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = res.status === 0;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return ok;
}

/** Commands run at once, each one's output kept and printed after its label once all have ended. */
async function runTogether(commands) {
  const done = await Promise.all(
    commands.map(([label, cmd, args]) => {
      const started = Date.now();
      const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (b) => out.push(b));
      child.stderr.on('data', (b) => out.push(b));
      return new Promise((resolve) => {
        child.on('error', (error) => resolve({ label, cmd, args, seconds: (Date.now() - started) / 1000, out: [Buffer.from(String(error))], ok: false }));
        child.on('close', (code) => resolve({ label, cmd, args, seconds: (Date.now() - started) / 1000, out, ok: code === 0 }));
      });
    }),
  );
  return done.map(({ label, cmd, args, seconds, out, ok }) => {
    console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(out));
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${seconds.toFixed(0)} s)`);
    return [label, ok];
  });
}

// The names of failed tests go into the summary at the end, each with the first lines of its error and where it
// was thrown: CI keeps only the tail of what was printed.
// eslint-disable-next-line no-control-regex -- the escape that starts a terminal colour
const ANSI = /\u001b\[[0-9;]*m/g;
function why(message, where) {
  const text = String(message ?? '').replace(ANSI, '').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('at '));
  const said = text.slice(0, 5).map((l) => (l.length > 220 ? `${l.slice(0, 220)}…` : l));
  return [...said, ...(where ? [`at ${where}`] : [])].map((l) => `         ${l}`);
}

function countJest(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const names = r.testResults.flatMap((suite) => {
    const failedTests = suite.assertionResults.filter((t) => t.status === 'failed');
    const where = path.relative(root, suite.name);
    if (failedTests.length) return failedTests.map((t) => [`${where} > ${t.fullName}`, ...why(t.failureMessages?.[0])]);
    return suite.status === 'failed' ? [[where, ...why(suite.message)]] : [];
  });
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), names };
}

// What the page showed when a journey failed (Playwright's error context: the page's accessibility tree), its lines
// that name something, at most 40: a flaky journey seen once in CI can then be told apart from a wrong product.
function pageAtFailure(result) {
  const file = result?.attachments?.find((a) => a.name === 'error-context' && a.path)?.path;
  if (!file || !existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('```yaml');
  if (start < 0) return [];
  const snapshot = text.slice(start, text.indexOf('```', start + 7)).split('\n').slice(1);
  // The header and footer are the same on every page: left out, with the links' addresses.
  let chrome = false;
  const named = snapshot.filter((l) => {
    if (/^- /.test(l)) chrome = /^- (banner|contentinfo)\b/.test(l);
    return !chrome && /"|: \S/.test(l) && !/^\s*- \/url:/.test(l);
  });
  return ['page at failure:', ...named.slice(0, 40)].map((l) => `         ${l.length > 160 ? `${l.slice(0, 160)}…` : l}`);
}

function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const names = [];
  const walk = (suite, where) => {
    for (const spec of suite.specs ?? []) {
      const test = spec.tests.find((t) => t.status === 'unexpected');
      if (!test) continue;
      const error = test.results.at(-1)?.errors?.[0] ?? test.results.at(-1)?.error;
      const at = error?.location && `${path.relative(root, error.location.file)}:${error.location.line}`;
      names.push([`${where} > ${spec.title}`, ...why(error?.message, at), ...pageAtFailure(test.results.at(-1))]);
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? `${where} > ${child.title}` : where);
  };
  for (const suite of r.suites) walk(suite, suite.title);
  return { passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected, names };
}

function tally(label, ok, counts) {
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    if (!ok && counts.failed === 0) failed += 1; // the runner failed outside any test
    lines.push(`     ${label}: ${counts.passed} passed, ${counts.failed} failed`);
    for (const [name, ...detail] of counts.names ?? []) lines.push(`       failed: ${name}`, ...detail);
  } else if (ok) passed += 1;
  else failed += 1;
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return true;
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian’s chromium package.');
    const res = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
    return res.status === 0 && existsSync(chromium);
  }
  console.error('Chromium is missing. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
  return false;
}

if (!run('install', 'node', ['scripts/setup.mjs'])) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
if (want('build')) tally('build', run('build', 'node', ['scripts/build.mjs']));
// The typecheck and the lint each keep one core busy: side by side (each one's output printed whole when both are done).
const checks = [
  want('typecheck') && ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  want('lint') && ['lint', 'npx', ['--no-install', 'eslint', '.', '--max-warnings=0']],
].filter(Boolean);
for (const [label, ok] of await runTogether(checks)) tally(label, ok);
if (want('jest')) {
  // PGlite (the API's embedded database) needs Node's VM modules under Jest.
  const jest = (label, file, args) => {
    const out = path.join(results, file);
    rmSync(out, { force: true }); // a run that ends before writing it is not read as the last one's results
    const ok = run(label, 'node', ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--ci', ...args, '--json', `--outputFile=${out}`]);
    tally(label, ok, countJest(out));
  };
  jest('jest', 'jest.json', ['--ignoreProjects', 'api']);
  jest('api (jest)', 'jest-api.json', ['--selectProjects', 'api', jestWorkers]);
}
const otherNodes = Boolean(process.env.CI) || only.includes('node-versions');
/** `node` from the machine, or Node `major` from the npm `node` package. */
const nodeCmd = (major) => (major ? ['npx', ['-y', '-p', `node@${major}`, 'node']] : ['node', []]);
if (want('postgres') && existsSync(path.join(root, 'api', 'scripts', 'test-pg.mjs'))) {
  const out = path.join(results, 'jest-pg.json');
  const [cmd, pre] = nodeCmd(otherNodes ? 22 : null);
  const label = otherNodes ? 'api on PostgreSQL, Node 22' : 'api on PostgreSQL';
  const ok = run(label, cmd, [...pre, 'api/scripts/test-pg.mjs', jestWorkers, '--json', `--outputFile=${out}`]);
  tally(label, ok, countJest(out));
}
if (want('e2e')) {
  if (ensureChromium()) {
    const out = path.join(results, 'e2e.json');
    const ok = run('e2e', 'npx', ['--no-install', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env: { E2E_JSON: out } });
    tally('e2e', ok, countPlaywright(out));
  } else {
    tally('e2e', false);
  }
}

if (want('cluster')) {
  const out = path.join(results, 'cluster.json');
  rmSync(out, { force: true });
  const ok = run('cluster', 'node', ['cluster/run.mjs', `--json=${out}`]);
  const r = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  if (r?.skipped) lines.push(`     cluster: skipped (${r.skipped})`);
  else tally('cluster', ok, r && { passed: r.passed, failed: r.failed });
}
// Node 24 LTS (issue 18.6): the API suite (jest, PGlite) again; Node 22 ran the PostgreSQL one above.
if (otherNodes && (want('node24') || only.includes('node-versions'))) {
  const out = path.join(results, 'jest-api-node24.json');
  const [cmd, pre] = nodeCmd(24);
  const ok = run('api on Node 24', cmd, [
    ...pre, '--experimental-vm-modules', '--no-warnings',
    'node_modules/jest/bin/jest.js', '--config', 'api/jest.config.cjs', '--ci', jestWorkers, '--json', `--outputFile=${out}`,
  ]);
  tally('api on Node 24', ok, countJest(out));
}

console.log(`\n${lines.join('\n')}\n\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
