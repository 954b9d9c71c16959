// Installs the workspace with the pinned pnpm (through npx: corepack fails on this registry, see TOOLCHAIN-NOTES).
// Skips the install when the lockfile has not changed since the last one.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pnpm = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager;
const lock = path.join(root, 'pnpm-lock.yaml');
const stamp = path.join(root, 'node_modules', '.install-stamp');
const hash = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'none';

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && !process.argv.includes('--force')) {
  process.exit(0);
}
const frozen = existsSync(lock) && process.env.CI ? ' --frozen-lockfile' : '';
execSync(`npx --yes ${pnpm} install${frozen}`, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
const { writeFileSync } = await import('node:fs');
writeFileSync(stamp, existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'none');
