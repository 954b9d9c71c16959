// `npm run dev` after install: watch mode. The API restarted on every change of its sources (node --watch), and a
// webpack-dev-server for the shell and for each remote, each on its own port (webpack.common.cjs devServer: the
// shell's answers config.json and every client route; a remote's also serves its stand-alone mount). The pages are
// client-rendered here (server rendering is `npm start`'s). Ctrl-C (or SIGTERM) stops everything.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { processGroup } from './lib/children.mjs';

const require = createRequire(import.meta.url);
const { APPS, portOf, runtimeConfig } = require('../webpack.common.cjs');
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webpackCli = require.resolve('webpack-cli/bin/cli.js');

const { run } = processGroup();

const env = { NODE_ENV: 'development', ...process.env };
run('The API', ['--watch', '--import', 'tsx', 'src/server.ts'], { cwd: path.join(root, 'api'), env });
for (const app of Object.keys(APPS)) {
  run(`${app}'s dev server`, [webpackCli, 'serve', '--mode', 'development', '--config', 'webpack.config.cjs'], { cwd: path.join(root, app), env });
}

const config = runtimeConfig();
console.log(`
  Storefront     http://localhost:${portOf('shell')}   (once the dev servers say "compiled")
  API            ${config.apiBaseUrl}   (restarts when its sources change; OpenAPI: ${config.apiBaseUrl}/docs)
  Dev mailbox    ${config.apiBaseUrl}/dev/mailbox
  Remotes        ${Object.values(config.remotes).join('\n                 ')}

  Press Ctrl-C to stop.
`);
