// End-to-end journeys against the production build, served exactly as `npm start` serves it, on ports of their
// own (so a running `npm start` is not disturbed) and with a fresh database for each run.
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E } from './env';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  // A server-rendered page hydrates after its first paint: a journey's first wait on a page (an alert after a failed
  // call, say) includes the scripts' start, 3-5 s with the other worker busy on this 2-core machine (the 'Retry'
  // search journey: 9-11 s in full runs, 3.8 s alone; it failed once in CI, where the cause was not printed).
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Output per port, so journeys run side by side on other ports do not trample each other's files.
  outputDir: path.join(__dirname, 'test-results', new URL(E2E.storefront).port),
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? path.join(__dirname, 'test-results', `e2e-${new URL(E2E.storefront).port}.json`) }]],
  use: {
    baseURL: E2E.storefront,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Two kinds of journey run alone, after the others:
  // - '@builds': a remote built with webpack during the journey and deployed beside the running storefront (mf-auth's
  //   files swapped, a partner remote added to config.local.json). A build takes both cores for half a minute, the
  //   swap takes mf-auth away for a moment and a new config.json renders every cached page again: journeys running
  //   beside them ran 3-5 times slower than alone and timed out now and then.
  // - The lifecycle journey moves the server's clock forwards by a year (the time machine), which would expire the
  //   sessions and codes of journeys running beside it.
  projects: [
    { name: 'storefront', testIgnore: /lifecycle\.spec\.ts$/, grepInvert: /@builds/ },
    { name: 'builds', testIgnore: /lifecycle\.spec\.ts$/, grep: /@builds/, workers: 1, dependencies: ['storefront'] },
    { name: 'lifecycle', testMatch: /lifecycle\.spec\.ts$/, dependencies: ['builds'] },
  ],
  // E2E_CLUSTER=1 (the cluster suite, issue 18): the API as `npm run start:cluster` runs it (two nodes and a worker on
  // a throw-away PostgreSQL behind HAProxy at the API address) instead of one process.
  webServer: {
    command: process.env.E2E_CLUSTER === '1' ? 'node scripts/start-cluster.mjs' : 'node scripts/start.mjs',
    cwd: path.join(__dirname, '..'),
    url: `${E2E.api}/manager/faqs/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...E2E.env, DATA_DIR: dataDir },
    // The cluster stops its nodes, HAProxy and throw-away PostgreSQL on SIGTERM; a SIGKILL would leave them running.
    ...(process.env.E2E_CLUSTER === '1' ? { gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 } } : {}),
  },
});
