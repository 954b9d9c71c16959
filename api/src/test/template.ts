// The test database template: a PGlite folder already migrated and seeded, dumped once per run and loaded by every
// test file (loading takes ~1 s; creating, migrating and seeding takes ~5-10 s). Keyed by the migrations, the seed
// sources and the PGlite version, so a change to any of them builds a new one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_ROOT, REPO_ROOT } from '../config';
import { pgliteVersion } from '../db';
import { MIGRATIONS_DIR } from '../db/migrate';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

export function templateKey(): string {
  const h = createHash('sha256');
  h.update(pgliteVersion());
  const seedFiles = filesUnder(path.join(API_ROOT, 'src', 'seed'));
  // Seed files import constant tables from other folders (e.g. domains/tlds.ts): include what they import.
  const imported = seedFiles.flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)]
      .map((m) => path.resolve(path.dirname(f), `${m[1]}.ts`))
      .filter((p) => fs.existsSync(p)),
  );
  const inputs = [...filesUnder(MIGRATIONS_DIR), ...seedFiles, ...imported];
  for (const f of [...new Set(inputs)]) h.update(f).update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

export function templateFile(): string {
  const cacheDir = fs.existsSync(path.join(REPO_ROOT, 'node_modules'))
    ? path.join(REPO_ROOT, 'node_modules', '.cache', 'storefront-api')
    : path.join(os.tmpdir(), 'storefront-api');
  return path.join(cacheDir, `test-template-${templateKey()}.tar.gz`);
}
