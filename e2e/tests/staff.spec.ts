// The operator's console (issue 16), and the architecture it proves: a whole new area joins the running storefront
// by its own files and a config.json entry, the shell's files unchanged.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../fixtures';

const root = path.join(__dirname, '..', '..');

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return out;
}

test('a remote with prefixes the shell has never seen joins the running storefront by its files and config.json alone', async ({ page }) => {
  test.setTimeout(240_000);
  const shellBefore = hashTree(path.join(root, 'shell', 'dist'));
  // Inside a package folder, so the build finds the workspace's React as every remote does.
  const work = path.join(root, 'mf-content', '.deploy-partner');
  const localConfig = path.join(root, 'config.local.json');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'src'), { recursive: true });
  writeFileSync(path.join(work, 'src', 'index.ts'), 'export {};\n');
  writeFileSync(
    path.join(work, 'src', 'routes.tsx'),
    `import type { RouteObject } from 'react-router-dom';
export const routes: RouteObject[] = [
  { path: '/partners', element: <main><h1>Our partners</h1></main> },
  { path: '/partners/private', element: <main><h1>Partners only</h1></main> },
];
`,
  );
  const { createConfig } = require(path.join(root, 'webpack.common.cjs'));
  const webpack = require('webpack');
  await new Promise<void>((resolve, reject) =>
    webpack(
      createConfig('mf-content', { mode: 'production' }, { dir: work, outDir: path.join(work, 'dist'), remote: 'mf_partner' }),
      (err: Error | null, stats: { hasErrors(): boolean; toString(): string }) =>
        err || stats.hasErrors() ? reject(err ?? new Error(stats.toString())) : resolve(),
    ),
  );
  const { serveStatic } = (await import(pathToFileURL(path.join(root, 'scripts', 'static-server.mjs')).href)) as {
    serveStatic(opts: { dir: string; port: number; cors: boolean; host: string }): Promise<Server>;
  };
  // Its own origin, as every remote: any free port.
  const server = await serveStatic({ dir: path.join(work, 'dist'), port: 0, cors: true, host: '127.0.0.1' });
  const port = (server.address() as AddressInfo).port;
  try {
    await page.goto('/partners');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    writeFileSync(
      localConfig,
      JSON.stringify({
        remotes: { mf_partner: `http://127.0.0.1:${port}/mf-manifest.json` },
        routes: { mf_partner: { prefixes: ['/partners'], protected: ['/partners/private'] } },
      }),
    );
    await page.goto('/partners');
    await expect(page.getByRole('heading', { name: 'Our partners' })).toBeVisible();
    // Its protected prefix is guarded by the shell like the dashboard's.
    await page.goto('/partners/private');
    await expect(page).toHaveURL(/\/auth\?redirect=\/partners\/private$/);
    // The other remotes are untouched.
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    expect(hashTree(path.join(root, 'shell', 'dist'))).toEqual(shellBefore);
  } finally {
    rmSync(localConfig, { force: true });
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  }
});
