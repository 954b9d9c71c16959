#!/usr/bin/env node
// Runs the API test suite against a real PostgreSQL: starts a throw-away cluster (Debian's postgresql 15, see
// TOOLCHAIN-NOTES.md; scripts/lib/throwaway-postgres.mjs), sets TEST_DATABASE_URL, runs jest with the api project,
// stops and removes the cluster. Extra arguments go to jest (e.g. --json --outputFile=...). Without PostgreSQL
// installed it says so and exits 0. Jest runs under the Node that runs this script (`npx -p node@22 node ...`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgres, PG_BIN, PG_INSTALL_HINT, startThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.mjs';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.dirname(apiDir);

if (!findPostgres()) {
  console.log(`PostgreSQL not installed (${path.join(PG_BIN, 'initdb')} missing): skipped the API suite on PostgreSQL.`);
  console.log(`Install it with: ${PG_INSTALL_HINT}`);
  process.exit(0);
}

let pg = null;
let status = 1;
try {
  pg = await startThrowawayPostgres();
  console.log(`PostgreSQL test cluster on port ${pg.port}`);
  const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const res = spawnSync(process.execPath, [jest, '--config', path.join(apiDir, 'jest.config.cjs'), ...process.argv.slice(2)], {
    cwd: apiDir,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  status = res.status ?? 1;
} catch (err) {
  console.error(String(err));
  status = 1;
} finally {
  pg?.stop();
}
process.exit(status);
