// The operator's console (issue 16), and the architecture it proves: a whole new area joins the running storefront
// by its own files and a config.json entry, the shell's files unchanged.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiAs, apiLogin, createCustomer, expect, expectNoA11yViolations, readMail, test, useSession } from '../fixtures';

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

test('a remote with prefixes the shell has never seen joins the running storefront by its files and config.json alone', { tag: '@builds' }, async ({ page }) => {
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
    // The 404 page's scripts read config.json after its first paint: they must have read it before the change, or the
    // page (whose Content-Security-Policy was written for the config before) asks for the new remote's scripts.
    const configRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/config.json');
    await page.goto('/partners');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await configRead;
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

// ---------------------------------------------------------------------------------------------------------------
// The console's journeys. Staff log in through the same login and mailed code (apiLogin); state is changed on fresh
// customers registered through the dev outbox, never on the demo user.

const STAFF = {
  admin: ['admin', 'admin-pass-2024'],
  support: ['support', 'support-pass-2024'],
  billing: ['billing', 'billing-pass-2024'],
} as const;
const staffSession = (who: keyof typeof STAFF) => apiLogin(STAFF[who][0], STAFF[who][1], `${STAFF[who][0]}@hosthub.test`);

test('a customer opening /staff gets the 404 page, and sees no Staff link', async ({ page }) => {
  const customer = await createCustomer('nost');
  await useSession(page, customer.session);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: /Account/ }).click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
});

test('support answers and closes a ticket; the customer sees Reply and reopens it', async ({ page }) => {
  const customer = await createCustomer('stk');
  const mine = await apiAs(customer.session.access);
  const made = await mine.post('/ticket/tickets/', { data: { title: 'Site is down', description: 'Since noon.', priority: 'high' } });
  expect(made.status()).toBe(201);
  const ticketId = ((await made.json()) as { data: { id: number } }).data.id;

  await useSession(page, await staffSession('support'));
  await page.goto('/');
  await page.getByRole('button', { name: /Account/ }).click();
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Tickets' }).click();
  await page.getByLabel('Priority').selectOption('high');
  await page.getByRole('link', { name: `#${ticketId} Site is down` }).click();
  await page.getByLabel('Reply as staff').fill('Fixed: please try again.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Fixed: please try again.')).toBeVisible();
  await page.getByLabel('Status').selectOption('Closed');
  await expect(page.getByText('Ticket updated.')).toBeVisible();

  await useSession(page, customer.session);
  await page.goto('/dashboard/tickets');
  await page.getByRole('row', { name: /Site is down/ }).click();
  const items = page.getByRole('dialog', { name: 'Site is down' }).getByRole('listitem');
  await expect(items.nth(0)).toContainText('Reply');
  await expect(items.nth(0)).toContainText('Fixed: please try again.');
  await page.getByLabel('Reply message').fill('Still down for me.');
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByText('Reply sent.')).toBeVisible();
  const after = (await (await mine.get(`/ticket/tickets/${ticketId}/`)).json()) as { status: string };
  expect(after.status).toBe('Customer-Reply');
  await mine.dispose();
});

test('billing refunds part of a paid invoice and the customer balance shows it', async ({ page }) => {
  const customer = await createCustomer('ref');
  const billing = await staffSession('billing');
  const staffApi = await apiAs(billing.access);
  const me = (await (await (await apiAs(customer.session.access)).get('/core/me/')).json()) as { data: { id: number } };
  expect((await staffApi.post(`/staff/customers/${me.data.id}/wallet-adjustments/`, { data: { direction: 'credit', amount: '100.00', currency: 'USD', reason: 'E2E funds' } })).status()).toBe(201);
  const mine = await apiAs(customer.session.access);
  expect((await mine.post('/api/cart/', { data: { service_id: 1, product_id: 1, metadata: { domain_name: `${customer.username}.com` } } })).ok()).toBeTruthy();
  const paid = (await (await mine.post('/api/checkout/', { data: { payment_kind: 'wallet', currency: 'USD' } })).json()) as { data: { invoice_id: number; invoicenum: string; total: number } };
  const balance = async () =>
    ((await (await mine.get('/payment/wallet-balance/')).json()) as { balance: number; currency: { code: string } }[]).find((b) => b.currency.code === 'USD')!.balance;
  const before = await balance();

  await useSession(page, billing);
  await page.goto('/staff/invoices?status=Paid');
  await page.getByRole('link', { name: paid.data.invoicenum }).click();
  await page.getByLabel('Refund amount').fill('5.00');
  await page.getByLabel('Reason').fill('Goodwill for the outage');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText("Refunded to the customer's wallet.")).toBeVisible();
  await expect(page.getByRole('cell', { name: `CN-${paid.data.invoicenum}-1` })).toBeVisible();
  expect(await balance()).toBeCloseTo(before + 5, 2);
  // More than is left: a 400 at the field, nothing changed.
  await page.getByLabel('Refund amount').fill('10000');
  await page.getByLabel('Reason').fill('Too much');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(/^At most USD/)).toBeVisible();
  expect(await balance()).toBeCloseTo(before + 5, 2);

  await useSession(page, customer.session);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Show balance' }).click();
  await expect(page.getByText(new RegExp((before + 5).toFixed(2).replace('.', '\\.'))).first()).toBeVisible();
  await mine.dispose();
  await staffApi.dispose();
});

test('admin changes a TLD price and a new search shows it; admin edits a blog post title and /blog shows it', async ({ page }) => {
  await useSession(page, await staffSession('admin'));
  await page.goto('/staff/catalogue');
  const form = page.getByRole('form', { name: 'TLD prices' });
  await form.getByLabel('TLD').selectOption('com');
  await form.getByLabel('Currency').selectOption('USD');
  await form.getByLabel('Registration price').fill('-3');
  await form.getByRole('button', { name: 'Save TLD prices' }).click();
  await expect(form.getByText('A price cannot be negative.')).toBeVisible();
  await form.getByLabel('Registration price').fill('31.37');
  await form.getByRole('button', { name: 'Save TLD prices' }).click();
  await expect(page.getByText('Prices saved.')).toBeVisible();
  await page.goto(`/search?query=fresh${Date.now().toString(36)}.com`);
  await expect(page.getByText(/31\.37/).first()).toBeVisible();

  await page.goto('/staff/content');
  const first = page.getByRole('form', { name: /^Edit / }).first();
  const title = `Edited by staff ${Date.now().toString(36)}`;
  await first.getByLabel('Title').fill(title);
  await first.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByText('Post saved.')).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByText(title).first()).toBeVisible();
});

test('admin creates a support account; it logs in with the mailed code and sees the tickets queue', async ({ page }) => {
  const username = `sup${Date.now().toString(36).slice(-7)}`;
  const email = `${username}@hosthub.test`;
  const password = 'first-pass-2024';
  await useSession(page, await staffSession('admin'));
  await page.goto('/staff/accounts');
  const form = page.getByRole('form', { name: 'New staff account' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption('support');
  await form.getByLabel('First password').fill(password);
  await form.getByRole('button', { name: 'Create staff account' }).click();
  await expect(page.getByText('Staff account created.')).toBeVisible();
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();
  // The admin cannot disable themselves: the API's refusal shows beside the account.
  await page.getByRole('button', { name: 'Disable admin', exact: true }).click();
  await expect(page.getByText('You cannot disable your own account.')).toBeVisible();

  // The new account logs in like everyone: password, then the mailed code.
  await page.evaluate(() => localStorage.removeItem('session'));
  await page.goto('/staff/tickets');
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const since = new Date(Date.now() - 1000).toISOString();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = await readMail(email, /login code is: (\S+)/, since);
  await page.getByLabel('Login Code').fill(code);
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page).toHaveURL(/\/staff\/tickets$/);
  await expect(page.getByRole('heading', { name: 'Tickets', exact: true })).toBeVisible();
  await expect(page.getByLabel('Priority')).toBeVisible();
  // Support is not admin: the staff accounts page is the 404 page for it.
  await page.goto('/staff/accounts');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test("a customer's very long name and e-mail wrap in the customers table: it fits its box, no sideways scroll", async ({ page }) => {
  const first = 'Oluwadamilareolamide'.repeat(3) + ' Adebayo-Ogunlesi';
  const customer = await createCustomer('long', { first_name: first, last_name: 'Chukwuemeka-Nwachukwu '.repeat(4).trim() });
  await useSession(page, await staffSession('admin'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/staff/customers?q=${customer.username}`);
  const region = page.getByRole('region', { name: 'Customers' });
  await expect(region.getByRole('cell', { name: new RegExp(`^${first}`) })).toBeVisible();
  const box = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(box.scroll, 'the table scrolls sideways in its box').toBeLessThanOrEqual(box.client);
  await page.screenshot({ path: test.info().outputPath('customers-long-name-1280.png') });
});

test('every staff page works at 1280 and 390 px without sideways scroll and without axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await useSession(page, await staffSession('admin'));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/staff', '/staff/tickets', '/staff/customers', '/staff/invoices', '/staff/catalogue', '/staff/content', '/staff/audit', '/staff/accounts']) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Staff', exact: true })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`${path.replace(/\//g, '_')}-${width}.png`), fullPage: false });
    }
  }
});
