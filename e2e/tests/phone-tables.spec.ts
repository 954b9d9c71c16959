// Issue 20 item 1: tables on phones. Below 600 px every table of the shared component shows each row as a card of
// 'column name: value' lines, so Total and Status are in view without scrolling sideways; at 1280 px it is the same
// table as before. The table's semantics (column headers, cells) stay at every width, clickable rows stay keyboard
// reachable, and no logged-in page scrolls sideways at 390 px. axe on every table.
import { request, type Page, type TestInfo } from '@playwright/test';
import { E2E } from '../env';
import { apiLogin, createCustomer, expect, expectNoA11yViolations, test, useSession as setSession } from '../fixtures';

type Session = { access: string; refresh: string };
let customer: Awaited<ReturnType<typeof createCustomer>>;
let staff: Session;

/** A customer with a paid invoice, a domain, a hosting plan and a ticket; and the admin's session. */
test.beforeAll(async () => {
  test.setTimeout(90_000);
  customer = await createCustomer('tbl');
  const api = await request.newContext({ baseURL: E2E.api, extraHTTPHeaders: { Authorization: `Token ${customer.session.access}` } });
  try {
    const dep = await api.post('/payment/deposit/initiate-payment/', { data: { amount: 500, currency: 'USD' } });
    const { data } = (await dep.json()) as { data: { authorization_url: string } };
    expect((await api.post(`${new URL(data.authorization_url).pathname}/approve`, { maxRedirects: 0 })).status()).toBeLessThan(400);
    const name = `${customer.username}-phone.com`;
    const found = (await (await api.get(`/domain/check/${name}?currency=USD`)).json()) as { id: number };
    expect((await api.post('/api/cart/', { data: { service_id: 1, product_id: found.id, currency: 'USD', metadata: { domain_name: name } } })).ok()).toBeTruthy();
    const services = (await (await api.get('/hosting/services/')).json()) as { id: number; hosting_plans: { id: number }[] }[];
    const plan = services[0]!.hosting_plans[0]!;
    expect((await api.post('/api/cart/', { data: { service_id: services[0]!.id, product_id: plan.id, currency: 'USD' } })).ok()).toBeTruthy();
    const paid = await api.post('/api/checkout/', { data: { payment_kind: 'wallet', currency: 'USD' } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    const record = await api.post(`/domain/${name}/records/`, { data: { name: 'www', type: 'A', value: '192.0.2.44', ttl: 3600 } });
    expect(record.ok(), await record.text()).toBeTruthy();
    const ticket = await api.post('/ticket/tickets/', {
      data: { title: 'Mail bounces since the move', description: 'Every message to info@ comes back with a 550 error since Monday morning.', priority: 'high' },
    });
    expect(ticket.status()).toBe(201);
  } finally {
    await api.dispose();
  }
  staff = await apiLogin('admin', 'admin-pass-2024', 'admin@hosthub.test');
});

interface TableCase {
  who: 'customer' | 'staff';
  path: string;
  caption: string;
  labels: string[];
}
const TABLES: TableCase[] = [
  { who: 'customer', path: '/dashboard/invoices', caption: 'Invoices', labels: ['Total', 'Status'] },
  { who: 'customer', path: '/dashboard/tickets', caption: 'Tickets', labels: ['Status', 'Priority'] },
  { who: 'customer', path: '/dashboard/services', caption: 'Services', labels: ['Status', 'Next Due Date'] },
  { who: 'customer', path: '/dashboard/domains', caption: 'Domains', labels: ['Status', 'Expiry Date'] },
  { who: 'staff', path: '/staff/invoices', caption: 'Invoices', labels: ['Total', 'Status'] },
];

const as = (page: Page, who: 'customer' | 'staff') => setSession(page, who === 'customer' ? customer.session : staff);

/** '' when the page does not scroll sideways; otherwise the elements that stick out, to say what overflows. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return '';
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)} ${Math.round(e.getBoundingClientRect().right)}`)
      .join('; ');
  });

const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
const slug = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');

/** The first row's cell under `label`: its value text, its box, and what its label decoration shows. */
async function cellFacts(page: Page, caption: string, label: string) {
  const cell = page.getByRole('table', { name: caption }).locator('tbody tr').first().locator(`td[data-label="${label}"]`);
  await expect(cell).toBeVisible();
  const box = (await cell.boundingBox())!;
  const facts = await cell.evaluate((td) => {
    const before = getComputedStyle(td, '::before');
    return { display: getComputedStyle(td).display, before: before.content, beforeDisplay: before.display, text: (td.textContent ?? '').trim() };
  });
  return { cell, box, ...facts };
}

test.describe('phone tables', () => {
  for (const t of TABLES) {
    test(`at 390px ${t.path} shows each row as a card of label: value pairs, ${t.labels.join(' and ')} in view`, async ({ page }, testInfo) => {
      await as(page, t.who);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(t.path);
      const table = page.getByRole('table', { name: t.caption });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      for (const label of t.labels) {
        const f = await cellFacts(page, t.caption, label);
        // The card line: the column's name drawn beside a non-empty value, both inside the screen.
        expect(f.display).toBe('block');
        expect(f.beforeDisplay).not.toBe('none');
        expect(f.before).toContain(`"${label}"`);
        expect(f.text).not.toBe('');
        expect(f.box.x).toBeGreaterThanOrEqual(0);
        expect(f.box.x + f.box.width).toBeLessThanOrEqual(390);
        // Still a table to a screen reader: the column header exists and the cell keeps its own name.
        await expect(table.getByRole('columnheader', { name: label, exact: true })).toHaveCount(1);
        await expect(table.getByRole('cell', { name: f.text, exact: true }).first()).toBeVisible();
      }
      // The header row is read by screen readers but not drawn; the table box does not scroll.
      expect((await table.locator('thead').boundingBox())!.width).toBeLessThanOrEqual(1);
      const region = page.getByRole('region', { name: t.caption });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await sidewaysOverflow(page)).toBe('');
      await expect(page.getByRole('navigation', { name: `${t.caption} pages` })).toContainText('Showing 15 rows per page');
      await shot(page, testInfo, `${t.who}-${slug(t.path)}-390`);
      await expectNoA11yViolations(page);
    });

    test(`at 1280px ${t.path} is still a normal table`, async ({ page }, testInfo) => {
      await as(page, t.who);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(t.path);
      const table = page.getByRole('table', { name: t.caption });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      for (const label of t.labels) {
        const f = await cellFacts(page, t.caption, label);
        expect(f.display).toBe('table-cell');
        expect(f.before).toBe('none');
        await expect(table.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
      }
      const header = (await table.locator('thead').boundingBox())!;
      expect(header.width).toBeGreaterThan(300);
      expect(await sidewaysOverflow(page)).toBe('');
      await shot(page, testInfo, `${t.who}-${slug(t.path)}-1280`);
    });
  }

  test('at 390px a clickable row (a card) is reached and opened with the keyboard', async ({ page }) => {
    await as(page, 'customer');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/tickets');
    const row = page.getByRole('row', { name: /^Ticket \d+: Mail bounces since the move$/ });
    await expect(row).toHaveAttribute('tabindex', '0');
    await page.getByRole('button', { name: 'Create Ticket' }).focus();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await row.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('at 390px the loading skeleton has the table\'s column count and no logged-in page scrolls sideways', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await as(page, 'customer');
    await page.setViewportSize({ width: 390, height: 844 });
    // The skeleton standing in for the invoices table has its seven columns.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/user_invoice_list/**', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/dashboard/invoices');
    await expect(page.getByTestId('skeleton')).toBeVisible();
    await expect(page.getByTestId('skeleton').locator('.row').first().locator('.cell')).toHaveCount(7);
    expect(await sidewaysOverflow(page)).toBe('');
    await shot(page, testInfo, 'skeleton-invoices-390');
    release();
    await expect(page.getByTestId('skeleton')).toHaveCount(0);

    const overflowing: string[] = [];
    const visit = async (path: string, ready: () => Promise<void>) => {
      await page.goto(path);
      await ready();
      await page.waitForLoadState('networkidle');
      const over = await sidewaysOverflow(page);
      if (over) overflowing.push(`${path}: ${over}`);
      await shot(page, testInfo, `page-${slug(path)}-390`);
    };
    const main = () => expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const table = (caption: string) => () => expect(page.getByRole('table', { name: caption }).locator('tbody tr').first()).toBeVisible();
    await visit('/dashboard', main);
    await visit('/dashboard/invoices', table('Invoices'));
    const invoice = await page.getByRole('table', { name: 'Invoices' }).getByRole('link').first().getAttribute('href');
    await visit(invoice!, () => expect(page.getByText('Back to invoices')).toBeVisible());
    await visit('/dashboard/tickets', table('Tickets'));
    await page.getByRole('row', { name: /^Ticket \d+: Mail bounces/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const over = await sidewaysOverflow(page);
    if (over) overflowing.push(`one ticket: ${over}`);
    await shot(page, testInfo, 'page-dashboard-ticket-390');
    await visit('/dashboard/services', table('Services'));
    await visit('/dashboard/domains', table('Domains'));
    // One domain: its DNS records are the shared table too, the value and the actions on the card.
    const zone = `${customer.username}-phone.com`;
    await visit(`/dashboard/domains/${zone}`, table(`DNS records of ${zone}`));
    for (const label of ['Value', 'Actions']) {
      const f = await cellFacts(page, `DNS records of ${zone}`, label);
      expect(f.before).toContain(`"${label}"`);
      expect(f.box.x + f.box.width).toBeLessThanOrEqual(390);
    }
    await expect(page.getByRole('button', { name: 'Edit A record www' })).toBeVisible();
    await visit('/account-settings', main);
    await visit('/account-settings/payments', main);
    await visit('/account-settings/security', main);

    await as(page, 'staff');
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/staff', main);
    const tabs = page.getByRole('navigation', { name: 'Staff' });
    expect(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    for (const name of ['Overview', 'Tickets', 'Customers', 'Invoices', 'Catalogue', 'Content', 'Audit log']) {
      const box = (await tabs.getByRole('link', { name, exact: true }).boundingBox())!;
      expect(box.x + box.width, `tab ${name}`).toBeLessThanOrEqual(390);
    }
    await visit('/staff/tickets', table('Tickets'));
    const ticket = await page.getByRole('table', { name: 'Tickets' }).getByRole('link').first().getAttribute('href');
    await visit(ticket!, main);
    await visit('/staff/customers', table('Customers'));
    await visit('/staff/invoices', table('Invoices'));
    const mine = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: customer.username }).first();
    const staffInvoice = await mine.getByRole('link').first().getAttribute('href');
    const who = await mine.getByRole('link', { name: customer.username, exact: true }).getAttribute('href');
    await visit(staffInvoice!, main);
    // The customer's page: wallet ledger, domains, services, invoices and tickets, all shared tables.
    await visit(who!, () => expect(page.getByRole('table', { name: 'Tickets' })).toBeVisible());
    await visit('/staff/catalogue', main);
    await visit('/staff/content', main);
    await visit('/staff/audit', main);
    expect(overflowing).toEqual([]);
  });
});
