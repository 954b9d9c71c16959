// `npm run dev` after install: watch mode. The API restarted on every change of its sources (node --watch), and a
// webpack-dev-server for the shell and for each remote, each on its own port (webpack.common.cjs devServer: the
// shell's answers config.json and every client route; a remote's also serves its stand-alone mount). The pages are
// client-rendered here (server rendering is `npm start`'s). Ctrl-C (or SIGTERM) stops everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { APPS, portOf, runtimeConfig } = require('../webpack.common.cjs');
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webpackCli = require.resolve('webpack-cli/bin/cli.js');

const children = [];
let stopping = false;

function run(name, args, cwd) {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stop(code || 1);
  });
}

// One process each, no npm wrapper in between, so stopping them really stops the servers.
run('The API', ['--watch', '--import', 'tsx', 'src/server.ts'], path.join(root, 'api'));
for (const app of Object.keys(APPS)) {
  run(`${app}'s dev server`, [webpackCli, 'serve', '--mode', 'development', '--config', 'webpack.config.cjs'], path.join(root, app));
}

const config = runtimeConfig();
console.log(`
  Storefront     http://localhost:${portOf('shell')}   (once the dev servers say "compiled")
  API            ${config.apiBaseUrl}   (restarts when its sources change; OpenAPI: ${config.apiBaseUrl}/docs)
  Dev mailbox    ${config.apiBaseUrl}/dev/mailbox
  Remotes        ${Object.values(config.remotes).join('\n                 ')}

  Press Ctrl-C to stop.
`);

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const c of running) {
    c.on('exit', () => --left === 0 && process.exit(code));
    c.kill('SIGTERM');
  }
  setTimeout(() => process.exit(code), 8000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
