// Builds the shell and the five remotes (production), or with --single the one-bundle baseline.
// `node scripts/build.mjs mf-cart` builds one app only: that is how one remote is redeployed.
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { createConfig, APPS } = require('../webpack.common.cjs');

const args = process.argv.slice(2);
const single = args.includes('--single');
const only = args.filter((a) => !a.startsWith('--'));
const apps = single ? ['shell'] : only.length ? only : Object.keys(APPS);
for (const app of apps) if (!APPS[app]) throw new Error(`Unknown app '${app}'. Known: ${Object.keys(APPS).join(', ')}`);

const started = Date.now();
const configs = apps.map((app) => createConfig(app, { mode: 'production' }, { single }));
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
