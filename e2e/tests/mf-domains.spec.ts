// mf-domains journeys against the real API: taken and fresh names, adding and checking out, suggestion pages,
// transfers (eligible with an EPP code, locked), the buy-domain placeholders, phone width and accessibility.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { E2E } from '../env';

let counter = 0;
/** A name nobody has registered: the registry simulation only knows example, google, facebook and jumia. */
const freshName = (tld = 'com') => `fresh${Date.now().toString(36)}${(counter++).toString(36)}.${tld}`;

interface CartItem {
  metadata: { domain_name?: string; is_transfer?: boolean; epp_code?: string | null };
}

/** The visitor's cart as the API holds it (the browser context's cart cookie goes along). */
async function cartItems(page: Page): Promise<CartItem[]> {
  const res = await page.request.get(`${E2E.api}/api/cart/?currency=USD`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { items: CartItem[] }).items;
}

const mainResult = (page: Page, domain: string) => page.getByRole('region', { name: domain });

test('a seeded, taken name is Unavailable and cannot be added', async ({ page }) => {
  await page.goto('/search?query=example.com');
  const main = mainResult(page, 'example.com');
  await expect(main.getByText('Unavailable', { exact: true })).toBeVisible();
  await expect(main.getByText(/^returns to \$\d+\.\d\d after first\? year$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add example.net' })).toBeDisabled();
});

test('typing a fresh name finds it as Available Match after the debounce, and adds it to the cart', async ({ page }) => {
  const name = freshName();
  await page.goto('/search');
  await expect(page.getByText('You have not entered a domain name to search.')).toBeVisible();
  const box = page.getByLabel('Domain name');
  await expect(box).toHaveAttribute('placeholder', new URL(E2E.storefront).host);
  await box.pressSequentially(name);
  await expect(page).toHaveURL(new RegExp(`[?&]query=${name.replace('.', '\\.')}`));
  const main = mainResult(page, name);
  await expect(main.getByText('Available Match')).toBeVisible();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart successfully.')).toBeVisible();
  await expect(page.getByLabel('1 item in cart')).toBeVisible();
  const items = await cartItems(page);
  expect(items.map((i) => i.metadata.domain_name)).toEqual([name]);
  expect(items[0]!.metadata.is_transfer).toBeFalsy();
});

test('Checkout adds the name and lands on /cart with it', async ({ page }) => {
  const name = freshName('net');
  await page.goto(`/search?query=${name}`);
  await mainResult(page, name).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(name).first()).toBeVisible();
  expect((await cartItems(page)).map((i) => i.metadata.domain_name)).toEqual([name]);
});

test('page 2 of the suggestions shows other names', async ({ page }) => {
  const label = `fresh${Date.now().toString(36)}`;
  await page.goto(`/search?query=${label}.com`);
  await expect(mainResult(page, `${label}.com`)).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Suggestion pages' });
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const firstPage = await page.getByRole('region', { name: 'Other Options' }).getByRole('listitem').allTextContents();
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const secondPage = await page.getByRole('region', { name: 'Other Options' }).getByRole('listitem').allTextContents();
  expect(secondPage).not.toEqual(firstPage);
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
});

test('a failed search offers Retry, which searches again', async ({ page }) => {
  let fail = true;
  await page.route(/\/domain\/suggestions\//, (route) => (fail ? route.fulfill({ status: 500, json: { detail: 'down' } }) : route.continue()));
  await page.goto('/search?query=example.com');
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong with your search please retry.' })).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(mainResult(page, 'example.com').getByText('Unavailable', { exact: true })).toBeVisible();
  await expect(page.getByText('Something went wrong with your search please retry.')).toHaveCount(0);
});

test('an eligible name is transferred with its EPP code and reaches the cart as a transfer', async ({ page }) => {
  await page.goto('/transfer-domain?query=example.org');
  const result = page.getByRole('region', { name: 'example.org' });
  await expect(result.getByText('Available for transfer')).toBeVisible();
  await expect(result.getByText(/^Transfer price: \$\d+\.\d\d$/)).toBeVisible();
  await result.getByRole('button', { name: 'Add to cart' }).click();
  await expect(result.getByText('EPP code is required to transfer domain')).toBeVisible();
  expect(await cartItems(page)).toEqual([]);
  await result.getByLabel('EPP Code').fill('EPP-2024-ok');
  await result.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added to cart successfully.')).toBeVisible();
  const items = await cartItems(page);
  expect(items).toHaveLength(1);
  expect(items[0]!.metadata).toMatchObject({ domain_name: 'example.org', is_transfer: true, epp_code: 'EPP-2024-ok' });
});

test('transfer mode on the search page asks for the EPP code in a dialog', async ({ page }) => {
  await page.goto('/search?query=jumia.com');
  await expect(mainResult(page, 'jumia.com').getByText('Unavailable', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Switch to transfer' }).click();
  await expect(page).toHaveURL(/\/search\?query=jumia\.com&transfer=true$/);
  await expect(mainResult(page, 'jumia.com').getByText('Available for transfer', { exact: true })).toBeVisible();
  await mainResult(page, 'jumia.com').getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter EPP Code' });
  await expect(dialog.getByLabel('EPP Code')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Item added to cart successfully.')).toBeVisible();
  expect((await cartItems(page))[0]!.metadata).toMatchObject({ domain_name: 'jumia.com', is_transfer: true });
});

test('a locked name is not eligible for transfer, with the server reason and no retry', async ({ page }) => {
  await page.goto('/transfer-domain?query=google.com');
  const result = page.getByRole('region', { name: 'google.com' });
  await expect(result.getByText('Unavailable for transfer')).toBeVisible();
  await expect(result.getByRole('alert')).toContainText('google.com is not eligible for transfer.');
  await expect(result.getByRole('alert')).toContainText(/locked/i);
  await expect(page.getByLabel('EPP Code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /retry/i })).toHaveCount(0);
});

test('buy-domain shows six placeholders whose Buy links open the static checkout', async ({ page }) => {
  await page.goto('/buy-domain');
  await expect(page.getByText('#15,000')).toHaveCount(6);
  await page.getByRole('link', { name: /^Buy / }).first().click();
  await expect(page).toHaveURL(/\/buy-domain\/checkout$/);
  await expect(page.getByRole('group', { name: 'Payment method' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/buy-domain\/checkout$/);
});

test('a premium name is sold at its premium price; a reserved one is Unavailable', async ({ page }) => {
  await page.goto('/search?query=crypto.xyz');
  const main = mainResult(page, 'crypto.xyz');
  await expect(main.getByText('Available Match')).toBeVisible();
  await expect(main.getByText('Premium name')).toBeVisible();
  await expect(main).toContainText('$12,500.00Premium name');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart successfully.')).toBeVisible();
  const res = await page.request.get(`${E2E.api}/api/cart/?currency=USD`);
  const items = ((await res.json()) as { items: (CartItem & { price: number })[] }).items;
  expect(items.find((i) => i.metadata.domain_name === 'crypto.xyz')?.price).toBe(12500);

  await page.goto('/search?query=nic.com');
  await expect(mainResult(page, 'nic.com').getByText('Unavailable', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
});

test("a name the registry could not check says 'Could not check right now, try again', and Check again asks again", async ({ page }) => {
  // The simulated registry always knows; a real one may rate-limit. The API's answer is changed on its way to the
  // page, in the shape the API gives for an RDAP 429 (status 'unknown', available false).
  let unknown = true;
  await page.route(/\/domain\/suggestions\//, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { suggestions: { domain: string; available: boolean; status?: string }[] };
    if (unknown) for (const s of body.suggestions.slice(0, 2)) Object.assign(s, { available: false, status: 'unknown' });
    await route.fulfill({ response: answer, json: body });
  });
  const name = freshName();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search?query=${name}`);
  const main = mainResult(page, name);
  await expect(main.getByText('Could not check right now, try again')).toBeVisible();
  await expect(main.getByText('Unavailable', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  const other = page.getByRole('listitem').filter({ hasText: 'Could not check right now, try again' });
  await expect(other).toHaveCount(1);
  await expect(other.locator('s')).toHaveCount(0);
  await expect(other.getByRole('button', { name: /^Add / })).toBeDisabled();
  await expectNoA11yViolations(page);
  unknown = false;
  await main.getByRole('button', { name: 'Check again' }).click();
  await expect(main.getByText('Available Match')).toBeVisible();
  await expect(page.getByText('Could not check right now, try again')).toHaveCount(0);
});

for (const url of ['/search?query=example.com', '/search', '/transfer-domain?query=example.com', '/transfer-domain?query=google.com', '/buy-domain', '/buy-domain/checkout']) {
  test(`${url} has no axe violations and no sideways scroll on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expectNoA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
