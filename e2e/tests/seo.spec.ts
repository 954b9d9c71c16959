// Per-page metadata and the crawler files (issue 21, item 2): every public page has one <title>, one description and
// one canonical link (absolute); a blog post's preview tags are its own; robots.txt and sitemap.xml answer from the
// storefront's origin.
import type { Page } from '@playwright/test';
import { E2E } from '../env';
import { expect, test } from '../fixtures';

const SITE = 'HostHub';

/** The page's head once its own title is in: titles, descriptions and canonical links found, with their values. */
async function headOf(page: Page) {
  await expect(page).toHaveTitle(new RegExp(`\\| ${SITE}$`));
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      [...document.querySelectorAll(selector)].map((el) => el.getAttribute(name) ?? '');
    return {
      titles: [...document.querySelectorAll('title')].map((t) => t.textContent ?? ''),
      titlesOutsideHead: document.querySelectorAll('body title').length,
      descriptions: attr('meta[name="description"]', 'content'),
      canonicals: attr('link[rel="canonical"]', 'href'),
      robots: attr('meta[name="robots"]', 'content'),
      og: Object.fromEntries(
        [...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((el) => [
          el.getAttribute('property') ?? el.getAttribute('name'),
          el.getAttribute('content'),
        ]),
      ),
    };
  });
}

const PAGES: [path: string, title: string, canonical: string][] = [
  ['/', 'Domain Registration and Web Hosting', '/'],
  ['/blog', 'Blog', '/blog'],
  ['/privacy-policy', 'Privacy Policy', '/privacy-policy'],
  ['/terms-of-service', 'Terms and Conditions', '/terms-of-service'],
  ['/return-policy', 'Return Policy', '/return-policy'],
  ['/about', 'About us', '/about'],
  ['/contact-us', 'Contact us', '/contact-us'],
  ['/help', 'Contact us', '/contact-us'],
  ['/pricing?package=1', 'Pricing Plans', '/pricing'],
  ['/search?query=example', 'Domain Search', '/search'],
  ['/transfer-domain', 'Transfer a Domain', '/transfer-domain'],
  ['/buy-domain', 'Buy a Domain', '/buy-domain'],
];

for (const [path, title, canonical] of PAGES) {
  test(`${path} has one title, one description and one canonical link`, async ({ page }) => {
    await page.goto(path);
    const head = await headOf(page);
    expect(head.titles).toEqual([`${title} | ${SITE}`]);
    expect(head.titlesOutsideHead).toBe(0);
    expect(head.descriptions).toHaveLength(1);
    expect(head.descriptions[0]!.length).toBeGreaterThan(40);
    expect(head.canonicals).toEqual([`${E2E.storefront}${canonical}`]);
    expect(head.robots).toEqual([]);
    expect(head.og).toMatchObject({
      'og:title': title,
      'og:url': `${E2E.storefront}${canonical}`,
      'og:description': head.descriptions[0],
      'og:site_name': SITE,
      'twitter:card': 'summary',
    });
  });
}

test("a hosting service's page and the 404 page (not to be indexed)", async ({ page, request }) => {
  const services = (await (await request.get(`${E2E.api}/hosting/services/`)).json()) as { id: number; name: string }[];
  await page.goto(`/services-list/${services[0]!.id}`);
  let head = await headOf(page);
  expect(head.titles).toEqual([`${services[0]!.name} plans | ${SITE}`]);
  expect(head.canonicals).toEqual([`${E2E.storefront}/services-list/${services[0]!.id}`]);
  expect(head.descriptions).toHaveLength(1);

  await page.goto('/no-such-page');
  head = await headOf(page);
  expect(head.titles).toEqual([`Page Not Found | ${SITE}`]);
  expect(head.descriptions).toHaveLength(1);
  expect(head.robots).toEqual(['noindex']);
});

test("a blog post's title, excerpt and picture are its preview; /blogpost/ names the same canonical address", async ({ page, request }) => {
  const posts = (await (await request.get(`${E2E.api}/blog/blogposts/`)).json()) as {
    id: number;
    slug: string;
    title: string;
    image: string | null;
  }[];
  const post = posts.find((p) => p.image) ?? posts[0]!;
  const canonical = `${E2E.storefront}/blog/blogpost/${post.id}`;
  for (const path of [`/blog/blogpost/${post.id}`, `/blogpost/${post.slug}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    const head = await headOf(page);
    expect(head.titles).toEqual([`${post.title} | ${SITE}`]);
    expect(head.canonicals).toEqual([canonical]);
    expect(head.descriptions).toHaveLength(1);
    expect(head.og['og:title']).toBe(post.title);
    expect(head.og['og:type']).toBe('article');
    expect(head.og['og:url']).toBe(canonical);
    expect(head.og['twitter:title']).toBe(post.title);
    expect(head.descriptions[0]).not.toMatch(/<|&amp;/);
    if (post.image) {
      expect(head.og['og:image']).toMatch(/^https?:\/\//);
      expect(head.og['twitter:card']).toBe('summary_large_image');
      // The preview's picture is one link previews show: JPEG, PNG, GIF or WebP, never SVG.
      const picture = await page.request.get(head.og['og:image']!);
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toMatch(/^image\/(jpeg|png|gif|webp)$/);
    }
  }
});

test('a private page has its own title and the default description back, no preview tags', async ({ page }) => {
  await page.goto('/about');
  await headOf(page);
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page).toHaveTitle(`Login | ${SITE}`);
  const head = await page.evaluate(() => ({
    titles: document.querySelectorAll('title').length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    canonicals: document.querySelectorAll('link[rel="canonical"]').length,
  }));
  expect(head).toEqual({ titles: 1, descriptions: 1, canonicals: 0 });
});

test('robots.txt keeps crawlers out of private pages; sitemap.xml lists the pages and every published post', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await robots.text();
  for (const path of ['/dashboard', '/account-settings', '/staff', '/auth']) expect(text).toContain(`\nDisallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${E2E.storefront}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const path of ['/', '/blog', '/pricing', '/search', '/about', '/contact-us', '/privacy-policy'])
    expect(locs).toContain(`${E2E.storefront}${path}`);
  const posts = (await (await request.get(`${E2E.api}/blog/blogposts/`)).json()) as { id: number }[];
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) expect(locs).toContain(`${E2E.storefront}/blog/blogpost/${post.id}`);
  expect(locs.filter((l) => /dashboard|account-settings|staff|\/auth/.test(l!))).toEqual([]);
  // Cached for 5 minutes, so never built from the request's Host (anyone sets it; a shared cache would keep it).
  for (const file of ['/robots.txt', '/sitemap.xml']) {
    const forged = await request.get(file, { headers: { Host: 'evil.example' } });
    expect(await forged.text()).not.toContain('evil.example');
    expect(forged.headers()['x-content-type-options']).toBe('nosniff');
  }
});
