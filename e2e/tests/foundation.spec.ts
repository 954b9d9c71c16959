// The composed storefront: one copy of each shared module, the guard, the 404, a remote that cannot be loaded,
// a broken config.json, and redeploying one remote without rebuilding the shell.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, gotoHydrated, test } from '../fixtures';
import { E2E } from '../env';

const root = path.join(__dirname, '..', '..');

test('the home page renders inside the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeVisible();
  await expect(page.getByText('Join the Hosting Revolution.')).toBeVisible();
  await expect(page.getByText('All prices are listed without VAT.')).toBeVisible();
  await expect(page.getByText(/2024/).first()).toBeVisible();
});

test('every shared module is loaded once, and no remote fetches its own copy', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  for (const url of ['/', '/blog', '/search?query=example.com', '/cart', '/auth', '/pricing']) {
    // Each page hydrated, its remote loaded, before the next page; the federation runtime is there after the last.
    await gotoHydrated(page, url);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const share = await page.evaluate(() => {
    const fed = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> } }).__FEDERATION__;
    // Every federation instance (the shell's and each remote's) lists the share scope; count distinct copies.
    const out: Record<string, string[]> = {};
    for (const scopes of Object.values(fed.__SHARE__)) {
      for (const byName of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(byName)) {
          for (const [version, info] of Object.entries(versions)) {
            const copy = `${version} from ${info.from}`;
            if (info.loaded && !(out[name] ??= []).includes(copy)) out[name]!.push(copy);
          }
        }
      }
    }
    return out;
  });
  for (const name of ['react', 'react-dom', 'react-router', 'react-router-dom', 'zustand', '@emotion/react', 'shared/session', 'shared/ui']) {
    expect(share[name], `${name} loaded once, the shell's`).toEqual([expect.stringMatching(/ from shell$/)]);
  }
  // Fallback chunks a remote would fetch if it used its own copy of a shared module.
  for (const [remote, port] of Object.entries(E2E.remotePorts)) {
    type Assets = { assets: { js: { sync: string[]; async: string[] } } };
    const manifest = (await (await page.request.get(`http://localhost:${port}/mf-manifest.json`)).json()) as {
      shared: Assets[];
      exposes: Assets[];
    };
    const files = (list: Assets[]) => list.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]);
    // A chunk the exposed routes need anyway is not a fallback, even when a fallback lists it too.
    const exposed = new Set(files(manifest.exposes));
    const fallbacks = files(manifest.shared).filter((f) => !exposed.has(f));
    const fetched = requested.filter((url) => url.startsWith(`http://localhost:${port}/`) && fallbacks.some((f) => url.endsWith(`/${f}`)));
    expect(fetched, `${remote} fetched its own copy of a shared module`).toEqual([]);
  }
});

test("the first page's remote is requested early, each file once", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  // A server-rendered page (issue 21) runs index.html's early script once its largest element is painted.
  await gotoHydrated(page, '/');
  await expect(page.getByText('Join the Hosting Revolution.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const origin = `http://localhost:${E2E.remotePorts.mf_content}/`;
  const manifest = (await (await page.request.get(`${origin}mf-manifest.json`)).json()) as {
    metaData: { remoteEntry: { name: string } };
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const files = [manifest.metaData.remoteEntry.name, ...manifest.exposes.find((e) => e.path === './routes')!.assets.js.sync];
  // index.html's early script asks for the manifest; the runtime reuses that answer instead of asking again, and
  // loads the files the early script preloaded, without fetching any of them twice.
  for (const file of ['mf-manifest.json', ...files]) {
    expect(requested.filter((url) => url === origin + file), file).toHaveLength(1);
  }
});

test('a protected path sends a visitor to log in, keeping where they were going', async ({ page }) => {
  await page.goto('/dashboard/tickets');
  await expect(page).toHaveURL(/\/auth\?redirect=\/dashboard\/tickets$/);
  await page.goto('/account-settings/payments');
  await expect(page).toHaveURL(/\/auth\?redirect=\/account-settings\/payments$/);
});

test('unknown paths show the 404 page; /login and /reset-password redirect', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(`${E2E.storefront}/`);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/reset-password/abc/def');
  await expect(page).toHaveURL(/\/auth\/reset-password\/abc\/def$/);
});

test('a remote that cannot be loaded shows Retry while the rest keeps working', async ({ page }) => {
  const cartOrigin = `http://localhost:${E2E.remotePorts.mf_cart}/`;
  await page.route(`${cartOrigin}**`, (route) => route.abort('connectionrefused'));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'This part of the site could not be loaded' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Other remotes still work.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { name: 'This part of the site could not be loaded' })).toHaveCount(0);
  // The cart's server comes back: Retry loads it.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute(`${cartOrigin}**`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
});

test('a broken config.json gives a readable error, not a blank page', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"apiBaseUrl": 3' }));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'The storefront could not start' })).toBeVisible();
  await expect(page.getByText(/config\.json is not valid JSON/)).toBeVisible();
});

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return out;
}

test('one remote is rebuilt and redeployed without touching the shell', { tag: '@builds' }, async ({ page }) => {
  test.setTimeout(240_000);
  const shellBefore = hashTree(path.join(root, 'shell', 'dist'));
  const app = path.join(root, 'mf-auth');
  const work = path.join(app, '.deploy-check');
  const live = path.join(app, 'dist');
  const backup = path.join(app, '.deploy-check-dist');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(path.join(app, 'src'), path.join(work, 'src'), { recursive: true });
  const routesFile = path.join(work, 'src', 'routes.tsx');
  writeFileSync(
    routesFile,
    readFileSync(routesFile, 'utf8').replace(
      'export const routes: RouteObject[] = [',
      "export const routes: RouteObject[] = [\n  { path: '/auth/deploy-check', element: <main><h1>Deployed separately</h1></main> },",
    ),
  );
  const { createConfig } = require(path.join(root, 'webpack.common.cjs'));
  const webpack = require('webpack');
  await new Promise<void>((resolve, reject) =>
    webpack(createConfig('mf-auth', { mode: 'production' }, { dir: work, outDir: path.join(work, 'dist') }), (err: Error | null, stats: { hasErrors(): boolean; toString(): string }) =>
      err || stats.hasErrors() ? reject(err ?? new Error(stats.toString())) : resolve(),
    ),
  );
  try {
    renameSync(live, backup);
    renameSync(path.join(work, 'dist'), live);
    await page.goto('/auth/deploy-check');
    await expect(page.getByRole('heading', { name: 'Deployed separately' })).toBeVisible();
    expect(hashTree(path.join(root, 'shell', 'dist'))).toEqual(shellBefore);
  } finally {
    rmSync(live, { recursive: true, force: true });
    renameSync(backup, live);
    rmSync(work, { recursive: true, force: true });
  }
});
