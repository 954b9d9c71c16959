// After the sale (issue 14), lived through with the time machine: a customer buys two domains and a hosting plan, the
// clock moves to 14 days before expiry, the renewal invoices and their mails appear, one is paid from the invoice page
// (the new expiry shows), the plan is auto-paid from the wallet, the other domain (auto-renew turned off) lapses into
// Grace and the dashboard says so; the invoice PDF is downloaded and read. Then two tabs of one session, expired
// together, both stay signed in (one refresh, across tabs).
// Runs in its own Playwright project after every other journey (playwright.config.ts): moving the server's clock
// forwards would expire the sessions of journeys running beside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { request, type Page } from '@playwright/test';
import { E2E } from '../env';
import { apiAs, apiLogin, createCustomer, expect, test, useSession as storeSession } from '../fixtures';

test.describe.configure({ mode: 'serial' });

const HOUR = 3600 * 1000;

async function devApi<T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const api = await request.newContext({ baseURL: E2E.api });
  try {
    const res = method === 'get' ? await api.get(path) : await api.post(path, { data: data ?? {} });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()) as T;
  } finally {
    await api.dispose();
  }
}

/** Moves the server's clock forwards to noon (UTC) of `day` ('YYYY-MM-DD'), then runs every due job. */
async function liveUntil(day: string) {
  const { now } = await devApi<{ now: string }>('get', '/dev/clock');
  const hours = Math.ceil((Date.parse(`${day}T12:00:00Z`) - Date.parse(now)) / HOUR);
  expect(hours).toBeGreaterThan(0);
  await devApi('post', '/dev/clock', { advance_hours: hours });
  return devApi<{ ran: Record<string, number> }>('post', '/dev/jobs/run');
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);
/** '3rd Mar, 2027' as the dashboard writes dates. */
function shown(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
  const month = new Date(Date.UTC(2000, m - 1, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${d}${suffix} ${month}, ${y}`;
}

async function relogin(page: Page, customer: { username: string; password: string; email: string }) {
  const session = await apiLogin(customer.username, customer.password, customer.email);
  // The page still holds the expired session, which the storefront drops (and navigates) on its own: leave first.
  await page.goto('/404-set-session');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => localStorage.removeItem('session'));
  await storeSession(page, session);
  return session;
}

test('renewal invoice 14 days before expiry, paid from the invoice page; another domain lapses into Grace; the PDF', async ({ page }) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('life');
  const renewed = `${customer.username}-keep.com`;
  const lapsing = `${customer.username}-lapse.com`;
  let api = await apiAs(customer.session.access);
  try {
    // Fund the wallet (sandbox), then buy two domains and a hosting plan with it.
    const dep = await api.post('/payment/deposit/initiate-payment/', { data: { amount: 500, currency: 'USD' } });
    const { data } = (await dep.json()) as { data: { authorization_url: string } };
    expect((await api.post(`${new URL(data.authorization_url).pathname}/approve`, { maxRedirects: 0 })).status()).toBeLessThan(400);
    for (const name of [renewed, lapsing]) {
      const found = (await (await api.get(`/domain/check/${name}?currency=USD`)).json()) as { id: number; available: boolean };
      expect(found.available).toBe(true);
      const add = await api.post('/api/cart/', { data: { service_id: 1, product_id: found.id, currency: 'USD', metadata: { domain_name: name } } });
      expect(add.ok(), await add.text()).toBeTruthy();
    }
    const services = (await (await api.get('/hosting/services/')).json()) as { id: number; hosting_plans: { id: number }[] }[];
    const plan = services[0]!.hosting_plans[0]!;
    expect((await api.post('/api/cart/', { data: { service_id: services[0]!.id, product_id: plan.id, currency: 'USD' } })).ok()).toBeTruthy();
    const paid = await api.post('/api/checkout/', { data: { payment_kind: 'wallet', currency: 'USD' } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
  } finally {
    await api.dispose();
  }

  // The domains table shows expiry, status and auto-renew; the customer turns auto-renew off for one domain.
  await storeSession(page, customer.session);
  await page.goto('/dashboard/domains');
  const lapsingRow = page.getByRole('row', { name: new RegExp(lapsing.replace(/\./g, '\\.')) });
  await expect(lapsingRow.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Expiry Date' })).toBeVisible();
  const toggle = lapsingRow.getByRole('switch', { name: 'Auto-renew' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.goto('/dashboard/services');
  await expect(page.getByRole('columnheader', { name: 'Next Due Date' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Annually', exact: true })).toBeVisible();

  const domains = (await (await (api = await apiAs(customer.session.access)).get('/domain/')).json()) as { domainname: string; expirydate: string; auto_renew: boolean }[];
  await api.dispose();
  const expiry = domains.find((d) => d.domainname === renewed)!.expirydate;
  expect(domains.find((d) => d.domainname === lapsing)!.auto_renew).toBe(false);

  // 14 days before expiry: the renewal invoices and their mails.
  const ran = await liveUntil(addDays(expiry, -14));
  expect(ran.ran['renewal-invoices']).toBeGreaterThanOrEqual(3);
  const mails = (await devApi<{ subject: string; text: string }[]>('get', `/dev/outbox?to=${encodeURIComponent(customer.email)}`)).filter((m) =>
    m.subject.startsWith('Renewal invoice'),
  );
  const mail = mails.find((m) => m.subject.endsWith(`for ${renewed}`))!;
  expect(mail, 'renewal mail').toBeDefined();
  const invoicenum = /Renewal invoice (INV-\d+)/.exec(mail.subject)![1]!;
  expect(mail.text).toContain(`/dashboard/invoices/${invoicenum}`);
  expect(mail.text).toMatch(/Amount due: USD \d+\.\d{2}/);

  // Sessions issued a year ago have expired: log in again, then pay from the invoice page.
  let session = await relogin(page, customer);
  await page.goto('/dashboard/invoices');
  await expect(page.getByRole('cell', { name: invoicenum })).toBeVisible();
  await page.getByRole('link', { name: invoicenum }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoices/${invoicenum}$`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoicenum}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(`Domain renewal: ${renewed.replace(/\./g, '\\.')}`) })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'VAT (7.5 %)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
  await dialog.getByLabel('Wallet').check();
  await dialog.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Payment successful. Your order is now active.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  // The PDF: downloaded from the page and read.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoicenum}.pdf`);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  let text = '';
  try {
    text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text) for (const want of ['HostHub', invoicenum, 'Paid', renewed, 'VAT (7.5 %)', 'Total', customer.email]) expect(text).toContain(want);

  // The new expiry: exactly one year later.
  await page.goto('/dashboard/domains');
  const renewedRow = page.getByRole('row', { name: new RegExp(renewed.replace(/\./g, '\\.')) });
  const nextExpiry = `${Number(expiry.slice(0, 4)) + 1}${expiry.slice(4)}`;
  await expect(renewedRow.getByRole('cell', { name: shown(nextExpiry) }).first()).toBeVisible();

  // Two days past expiry: the plan was auto-paid from the wallet (auto-renew on), the other domain is in Grace.
  await liveUntil(addDays(expiry, 2));
  session = await relogin(page, customer);
  api = await apiAs(session.access);
  const services = (await (await api.get('/api/user_services/')).json()) as { status: string; nextduedate: string }[];
  await api.dispose();
  expect(services[0]).toMatchObject({ status: 'Active' });
  expect(services[0]!.nextduedate > expiry).toBe(true);
  await page.goto('/dashboard');
  const notice = page.getByRole('status').filter({ hasText: 'Action needed: unpaid renewals.' });
  await expect(notice).toContainText(`${lapsing} is in Grace since it expired on ${shown(expiry)}.`);
  await notice.getByRole('link', { name: /Pay invoice INV-\d+/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices\/INV-\d+$/);
  await expect(page.getByText('This invoice is overdue. Pay it to keep your service.')).toBeVisible();
  await page.goto('/dashboard/domains');
  await expect(page.getByRole('row', { name: new RegExp(lapsing.replace(/\./g, '\\.')) }).getByRole('cell', { name: 'Grace', exact: true })).toBeVisible();
});

test('two tabs whose session expired together stay signed in: one refreshes it, the other takes the new one', async ({ context }) => {
  const customer = await createCustomer('tabs');
  const [first, second] = [await context.newPage(), await context.newPage()];
  await storeSession(first, customer.session);
  for (const page of [first, second]) {
    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { name: 'Credit Balance' })).toBeVisible();
    // Its calls answered before the clock moves: a refresh cut off by the reload below would lose its new session.
    await page.waitForLoadState('networkidle');
  }
  // The access value lives an hour: past it, both tabs are refused at once and both go to refresh.
  await devApi('post', '/dev/clock', { advance_hours: 2 });
  const refreshes: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/core/refresh') refreshes.push(`${request.method()} ${request.postData() ?? ''}`);
  });
  await Promise.all([first.reload(), second.reload()]);
  for (const page of [first, second]) {
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByRole('heading', { name: 'Credit Balance' })).toBeVisible();
  }
  // The expired value was refreshed (by one tab; the other may have tried too before the new value reached it, and
  // was refused), and the new session was never lost: no tab had to refresh it again.
  expect(refreshes.length, refreshes.join('\n')).toBeGreaterThan(0);
  expect(new Set(refreshes), refreshes.join('\n')).toEqual(new Set([`POST ${JSON.stringify({ refresh: customer.session.access })}`]));
  // A tab that takes the session another tab refreshed reloads (shared/api-client): the read may meet that reload
  // (CI-like run: 'Execution context was destroyed'), and is made again.
  let stored: { access?: string } = {};
  await expect
    .poll(async () => {
      const text = await second.evaluate(() => localStorage.getItem('session')).catch(() => null);
      stored = JSON.parse(text ?? '{}') as { access?: string };
      return Boolean(stored.access) && stored.access !== customer.session.access;
    })
    .toBe(true);
  const api = await apiAs(stored.access);
  try {
    expect((await api.get('/core/me/')).status()).toBe(200);
  } finally {
    await api.dispose();
  }
});
