// mf-content journeys against the built storefront and the real API: every text of spec section 1 on the home page,
// the slideshow, the domain search box, a blog post opened from the list, the policies, about and contact pages;
// with the API unreachable each page shows its failure message and the shell stays usable; axe on each page.
import type { Page } from '@playwright/test';
import { E2E } from '../env';
import { expect, expectNoA11yViolations, test } from '../fixtures';

/** Makes the API unreachable for this page, as if it were stopped. */
async function stopApi(page: Page) {
  await page.route(`${E2E.api}/**`, (route) => route.abort('connectionrefused'));
  // The API is taken from the browser only: pages come client-rendered, as they do when the server cannot reach it
  // (a server-rendered page would carry the data the server fetched, issue 21).
  await page.setExtraHTTPHeaders({ 'X-Storefront-Render': 'client' });
}

test('the home page shows every text of spec section 1 and its links', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByText('SSL Certificate Guaranteed')).toBeVisible();
  await expect(main.getByRole('heading', { level: 1, name: 'Join the Hosting Revolution.' })).toBeVisible();
  await expect(main.getByText('Experience the future of web domination and supercharge your websites with our hosting plans.')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Additional Hosting Features' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Powerful Server and Platform' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Get the Best plans for more Power' })).toBeVisible();
  for (const bullet of [
    'Better security and faster server',
    'No downtime website transfers',
    "We've been supporting WordPress since the beginning.",
    'Perfect for large sites or agencies managing multiple clients',
    'Our easy-to-use control panel and API let you spend.',
  ]) {
    await expect(main.getByText(bullet, { exact: true })).toBeVisible();
  }
  const getStarted = main.getByRole('link', { name: 'Get Started' });
  await expect(getStarted).toHaveCount(2);
  for (const link of await getStarted.all()) await expect(link).toHaveAttribute('href', '/dashboard/');
  for (const title of ['Fully functional', 'Secure data', '24/7 live support']) {
    await expect(main.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'Register Domain' })).toHaveAttribute('href', '/search');
  await expect(main.getByRole('link', { name: 'Transfer Domain' })).toHaveAttribute('href', '/transfer-domain');
  await expect(page.getByRole('list', { name: 'Popular extensions' }).getByRole('listitem')).toHaveText(['.com', '.ng', '.gov', '.edu', '.net', '.co', '.uk']);
  await expect(page.locator('#domain').getByRole('textbox', { name: 'Domain name' })).toHaveAttribute('placeholder', new URL(E2E.storefront).host);

  // Data from the API: hosting packages, FAQ, testimonials, services with 'Hire Us'.
  await expect(main.getByRole('heading', { name: 'Hosting Packages' })).toBeVisible();
  await expect(main.getByRole('link', { name: /^View .* plans$/ }).first()).toBeVisible();
  const question = main.getByRole('button', { name: 'What is a domain name?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByText(/A domain name is the address people type/)).toBeVisible();
  await expect(main.locator('figure').first().locator('img')).toHaveAttribute('alt', /^Photo of /);
  const services = page.locator('#services');
  await expect(services.getByRole('link', { name: 'Hire Us' })).toHaveAttribute('href', /^mailto:.+@.+/);
  await expect(services.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the hero slideshow moves on by itself, and its arrows, dots and pause work', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Highlights' });
  const first = hero.locator('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  const dot1 = hero.getByRole('button', { name: 'Go to slide 1' });
  const dot2 = hero.getByRole('button', { name: 'Go to slide 2' });
  await expect(dot1).toHaveAttribute('aria-current', 'true');
  // One interval after hydration, which on a busy machine comes seconds after the server's page is on screen.
  await expect(dot2).toHaveAttribute('aria-current', 'true', { timeout: 10_000 });
  await hero.getByRole('button', { name: 'Pause slideshow' }).click();
  await hero.getByRole('button', { name: 'Previous slide' }).click();
  await expect(dot1).toHaveAttribute('aria-current', 'true');
  await hero.getByRole('button', { name: 'Previous slide' }).click();
  await expect(dot1).not.toHaveAttribute('aria-current', 'true');
  const count = await hero.getByRole('button', { name: /^Go to slide/ }).count();
  await expect(hero.getByRole('button', { name: `Go to slide ${count}` })).toHaveAttribute('aria-current', 'true');
  await page.waitForTimeout(3500);
  await expect(hero.getByRole('button', { name: `Go to slide ${count}` })).toHaveAttribute('aria-current', 'true');
  await dot2.click();
  await expect(dot2).toHaveAttribute('aria-current', 'true');
});

test('the search box lands on /search?query=...', async ({ page }) => {
  await page.goto('/');
  const box = page.locator('#domain').getByRole('textbox', { name: 'Domain name' });
  await box.fill('mybrand.ng');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=mybrand\.ng$/);
  await page.goto('/');
  await page.locator('#domain').getByRole('textbox', { name: 'Domain name' }).fill('other.com');
  await page.locator('#domain').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?query=other\.com$/);
});

for (const width of [390, 1280]) {
  test(`at ${width}px the home page and the blog settle without moving anything in view`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; moved: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          w.shifts.push({ value: e.value, moved: e.sources.map((s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80) ?? '?') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/blog']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The lower bands and cards are drawn a frame after the first paint: give them two.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts), path).toEqual([]);
    }
  });
}

test('a blog post opens from the list and links back to all posts', async ({ page }) => {
  await page.goto('/blog');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(crumbs.getByText('Blog')).toBeVisible();
  const readMore = page.getByRole('link', { name: /^Read more/ });
  await expect(readMore.first()).toBeVisible();
  await expectNoA11yViolations(page);
  const title = (await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
  await readMore.first().click();
  await expect(page).toHaveURL(/\/blog\/blogpost\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^By .+ · \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole('main').locator('script')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: /Back to all posts/ }).click();
  await expect(page).toHaveURL(/\/blog$/);
  // The short address shows the same post.
  const href = await page.getByRole('link', { name: /^Read more/ }).first().getAttribute('href');
  await page.goto(href!.replace('/blog/blogpost/', '/blogpost/'));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

for (const [path, heading] of [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms and Conditions'],
  ['/return-policy', /Return/],
] as const) {
  test(`${path} renders the server's policy`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoA11yViolations(page);
  });
}

test('about and contact pages', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('main').getByRole('link', { name: /^\+?\d/ })).toHaveAttribute('href', /^tel:/);
  await expectNoA11yViolations(page);

  for (const path of ['/contact-us', '/help']) {
    await page.goto(path);
    const logs: string[] = [];
    page.on('console', (m) => m.type() === 'log' && logs.push(m.text()));
    for (const label of ['Full Name', 'Email Address', 'Company', 'Name', 'Your Message']) {
      // By the visible label's exact words as well as by the accessible name. (Within main: the shell's footer
      // column 'Company' is labelled 'Company' too.)
      await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
      await page.getByRole('main').getByLabel(label, { exact: true }).fill(`${label} value`);
    }
    const sent: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && sent.push(r.url()));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => logs.join(' ')).toContain('Your Message value');
    expect(sent).toEqual([]);
    await expect(page.getByText('Lagos', { exact: false }).last()).toBeVisible();
    await expectNoA11yViolations(page);
    page.removeAllListeners('console');
    page.removeAllListeners('request');
  }
});

test('with the API stopped each page shows its failure message and the shell stays usable', async ({ page }) => {
  await stopApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Hosting Revolution.' })).toBeVisible();
  await expect(page.getByText('Additional Hosting Features')).toBeVisible();
  await expect(page.getByText('The questions could not be loaded right now.')).toBeVisible();
  await expect(page.getByRole('img', { name: /secure address/ })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByText('Something went wrong while fetching blog posts.')).toBeVisible();
  await page.goto('/blog/blogpost/1');
  await expect(page.getByText('Something went wrong while fetching the blogpost.')).toBeVisible();
  await page.goto('/about');
  await expect(page.getByText('Something went wrong while fetching the Company Information.')).toBeVisible();
  await expectNoA11yViolations(page);
  for (const [path, title] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms and Conditions'],
    ['/return-policy', 'Return Policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(`Something went wrong while fetching the ${title}.`)).toBeVisible();
  }
  // The shell still navigates: the footer's legal links and the logo home.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await page.getByRole('link', { name: /home$/i }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Hosting Revolution.' })).toBeVisible();
});
