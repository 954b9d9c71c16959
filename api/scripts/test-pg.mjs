#!/usr/bin/env node
// Runs the API test suite against a real PostgreSQL: starts a throw-away cluster (Debian's postgresql 15, see
// TOOLCHAIN-NOTES.md), sets TEST_DATABASE_URL, runs jest with the api project, stops and removes the cluster.
// Extra arguments go to jest (e.g. --json --outputFile=...). Without PostgreSQL installed it says so and exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.dirname(apiDir);
const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const initdb = path.join(bin, 'initdb');
const pgCtl = path.join(bin, 'pg_ctl');

if (!fs.existsSync(initdb)) {
  console.log(`PostgreSQL not installed (${initdb} missing): skipped the API suite on PostgreSQL.`);
  console.log('Install it with: apt-get install -y postgresql');
  process.exit(0);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-pg-'));
fs.chmodSync(dir, 0o777);
const data = path.join(dir, 'data');
const isRoot = process.getuid?.() === 0;
// initdb refuses to run as root: run the cluster as the postgres user then.
const as = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
const run = (cmd, args, opts = {}) => {
  const [c, a] = as(cmd, args);
  const res = spawnSync(c, a, { stdio: opts.quiet ? 'pipe' : 'inherit', ...opts });
  if (res.status !== 0) {
    if (opts.quiet) process.stderr.write(res.stdout?.toString() ?? '', res.stderr?.toString() ?? '');
    throw new Error(`${cmd} failed (exit ${res.status})`);
  }
};

let started = false;
let status = 1;
try {
  const port = await freePort();
  run(initdb, ['-D', data, '-U', 'app', '--auth=trust', '--no-sync', '-E', 'UTF8'], { quiet: true });
  run(pgCtl, ['-D', data, '-l', path.join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, '-w', 'start'], { quiet: true });
  started = true;
  const url = `postgres://app@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL test cluster on port ${port}`);
  const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const res = spawnSync(process.execPath, [jest, '--config', path.join(apiDir, 'jest.config.cjs'), ...process.argv.slice(2)], {
    cwd: apiDir,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  status = res.status ?? 1;
} catch (err) {
  console.error(String(err));
  status = 1;
} finally {
  if (started) {
    try {
      run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], { quiet: true });
    } catch {
      /* already gone */
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
