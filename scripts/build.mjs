// Builds the shell and the remotes (production), each twice: for the browser (<app>/dist/) and for the storefront's
// server (<app>/dist/server/, issue 21); or with --single the client-only one-bundle baseline.
// `node scripts/build.mjs mf-cart` builds one app only (both builds): that is how one remote is redeployed.
// `--client-only` leaves the server bundles out (the federated client-rendered build the bench compares).
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { createConfig, createServerConfig, APPS } = require('../webpack.common.cjs');

const args = process.argv.slice(2);
const single = args.includes('--single');
const only = args.filter((a) => !a.startsWith('--'));
const apps = single ? ['shell'] : only.length ? only : Object.keys(APPS);
for (const app of apps) if (!APPS[app]) throw new Error(`Unknown app '${app}'. Known: ${Object.keys(APPS).join(', ')}`);

const started = Date.now();
const clientOnly = single || args.includes('--client-only');
if (clientOnly && !single) {
  // A client-only build is served client-rendered: no server bundle of an earlier build left behind.
  const { rmSync } = await import('node:fs');
  for (const app of apps) rmSync(new URL(`../${app}/dist/server`, import.meta.url), { recursive: true, force: true });
}
const configs = apps.flatMap((app) => [
  createConfig(app, { mode: 'production' }, { single }),
  ...(clientOnly ? [] : [createServerConfig(app, { mode: 'production' })]),
]);
const stats = await new Promise((resolve, reject) =>
  webpack(configs, (err, result) => (err ? reject(err) : resolve(result))),
);
const info = stats.toJson({ all: false, errors: true, warnings: false, children: true });
const failed = stats.hasErrors();
for (const child of info.children ?? []) {
  for (const e of child.errors ?? []) console.error(`[${child.name}] ${e.message}`);
}
console.log(`${failed ? 'Build FAILED' : 'Built'}: ${apps.join(', ')}${single ? ' (one bundle)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
