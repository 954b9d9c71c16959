// `npm start` after install and build: the API, then the shell and each remote on its own origin.
// Ctrl-C (or SIGTERM) stops everything cleanly.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { processGroup } from './lib/children.mjs';
import { serveStorefront } from './ssr-server.mjs';
import { serveStatic } from './static-server.mjs';

const require = createRequire(import.meta.url);
const { APPS, portOf, runtimeConfig } = require('../webpack.common.cjs');
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const noApi = process.argv.includes('--no-api');

// The secret the storefront's server shows the API with the reads of the pages it renders, so they are not counted as
// one client's requests (scripts/ssr-server.mjs); one per run unless set (start-cluster.mjs sets it for its nodes).
process.env.SSR_API_TOKEN ||= randomBytes(24).toString('base64url');

const servers = [];
const { run, stop } = processGroup(() => {
  for (const s of servers) s.close();
});
if (!noApi && existsSync(path.join(root, 'api', 'package.json'))) {
  run('The API', ['--import', 'tsx', 'src/server.ts'], { cwd: path.join(root, 'api'), env: process.env });
}

// The remotes first: the storefront's server reads their server manifests as it starts (scripts/ssr-server.mjs).
for (const app of Object.keys(APPS).sort((a, b) => Number(a === 'shell') - Number(b === 'shell'))) {
  const dir = path.join(root, app, 'dist');
  if (!existsSync(dir)) {
    console.error(`${app}/dist is missing: run npm run build first.`);
    process.exit(1);
  }
  try {
    // The shell's origin is the storefront's server: public pages rendered on the server (issue 21; SSR=false
    // turns that off), files as the remotes serve theirs.
    servers.push(
      app === 'shell'
        ? await serveStorefront({ dir, port: portOf(app), config: () => runtimeConfig() })
        : await serveStatic({ dir, port: portOf(app), cors: true }),
    );
  } catch (error) {
    console.error(`Could not serve ${app} on port ${portOf(app)}: ${error.code === 'EADDRINUSE' ? 'the port is in use' : error.message}.`);
    stop(1);
    await new Promise(() => {});
  }
}

const config = runtimeConfig();
console.log(`
  Storefront     http://localhost:${portOf('shell')}
  API            ${config.apiBaseUrl}   (OpenAPI: ${config.apiBaseUrl}/docs)
  Dev mailbox    ${config.apiBaseUrl}/dev/mailbox${noApi || process.env.DNS_SERVER === 'false' ? '' : `
  DNS server     ${process.env.DNS_HOST || '127.0.0.1'}:${process.env.DNS_PORT || '5300'} (UDP and TCP)`}
  Remotes        ${Object.values(config.remotes).join('\n                 ')}

  Press Ctrl-C to stop.
`);
