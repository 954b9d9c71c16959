// A throw-away PostgreSQL cluster (Debian's postgresql 15, see TOOLCHAIN-NOTES.md) in a temporary folder, on a free
// loopback port, trust authentication, fsync off: for tests, benchmarks and `npm run start:cluster`. Shared by
// api/scripts/test-pg.mjs, scripts/start-cluster.mjs, the cluster suite and the cluster benchmark.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const PG_INSTALL_HINT = 'apt-get install -y postgresql';

/** Where initdb is, or null when PostgreSQL is not installed. */
export function findPostgres(bin = PG_BIN) {
  const initdb = path.join(bin, 'initdb');
  return fs.existsSync(initdb) ? { initdb, pgCtl: path.join(bin, 'pg_ctl'), bin } : null;
}

/** A free TCP port on 127.0.0.1 (free when asked: bind soon after). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const isRoot = process.getuid?.() === 0;
// initdb refuses to run as root: run the cluster as the postgres user then.
const as = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
function run(cmd, args, opts = {}) {
  const [c, a] = as(cmd, args);
  const res = spawnSync(c, a, { stdio: opts.quiet ? 'pipe' : 'inherit', ...opts });
  if (res.status !== 0) {
    if (opts.quiet) process.stderr.write(`${res.stdout?.toString() ?? ''}${res.stderr?.toString() ?? ''}`);
    throw new Error(`${path.basename(cmd)} failed (exit ${res.status})`);
  }
}

/**
 * Creates and starts a cluster. Returns { url, port, dir, stop() }; stop() is synchronous (safe in 'exit' handlers),
 * idempotent, and removes the folder. Throws when PostgreSQL is not installed (check findPostgres() first).
 * `settings`: extra `-c name=value` server settings (e.g. { max_connections: 200 }).
 */
export async function startThrowawayPostgres({ port, settings = {}, label = 'api-pg-' } = {}) {
  const pg = findPostgres();
  if (!pg) throw new Error(`PostgreSQL is not installed (${path.join(PG_BIN, 'initdb')} missing). Install it with: ${PG_INSTALL_HINT}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), label));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run(pg.pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], { quiet: true });
      } catch {
        /* already gone */
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    port ??= await freePort();
    run(pg.initdb, ['-D', data, '-U', 'app', '--auth=trust', '--no-sync', '-E', 'UTF8'], { quiet: true });
    const extra = Object.entries(settings).map(([k, v]) => ` -c ${k}=${v}`).join('');
    run(pg.pgCtl, ['-D', data, '-l', path.join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off${extra}`, '-w', 'start'], { quiet: true });
    started = true;
  } catch (err) {
    stop();
    throw err;
  }
  return { url: `postgres://app@127.0.0.1:${port}/postgres`, port, dir, stop };
}
