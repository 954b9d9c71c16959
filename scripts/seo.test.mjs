// robots.txt and sitemap.xml (scripts/seo.mjs) against a stand-in API.
/* global test, expect, beforeAll, afterAll, beforeEach */
import { createServer } from 'node:http';
import { clearSeoCache, handleSeo, robotsTxt, sitemapXml } from './seo.mjs';

let api;
let apiUrl;
let posts;
let failing = false;
const requests = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    requests.push(req.url);
    if (failing) return res.writeHead(503).end();
    const body = req.url === '/blog/blogposts/' ? posts : [{ id: 2, name: 'Shared Hosting', hosting_plans: [] }];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise((r) => api.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${api.address().port}`;
});
afterAll(() => new Promise((r) => api.close(r)));
beforeEach(() => {
  clearSeoCache();
  requests.length = 0;
  failing = false;
  posts = [
    { id: 7, slug: 'hello', title: 'Hello', created_at: '2026-11-02T10:00:00.000Z' },
    { id: 8, slug: 'x', title: 'Tom & Jerry <3', created_at: 'not a date' },
  ];
});

/** handleSeo on a fake request; the response as { handled, status, headers, body }. */
async function call(url, { method = 'GET', host = 'shop.test:4000', storefrontUrl, protectedPrefixes } = {}) {
  const out = { status: 0, headers: {}, body: '' };
  const res = {
    writeHead(status, headers) {
      out.status = status;
      out.headers = headers;
      return res;
    },
    end(body) {
      out.body = body ? body.toString() : '';
    },
  };
  const handled = await handleSeo({ method, url, headers: { host } }, res, { apiBaseUrl: `${apiUrl}/`, storefrontUrl, protectedPrefixes });
  return { handled, ...out };
}

test('robots.txt keeps crawlers out of account, staff and sign-in pages and names the sitemap', async () => {
  const r = await call('/robots.txt', { storefrontUrl: 'https://www.hosthub.test/', protectedPrefixes: ['/dashboard', '/billing'] });
  expect(r).toMatchObject({ handled: true, status: 200 });
  expect(r.headers['Content-Type']).toBe('text/plain; charset=utf-8');
  const lines = r.body.split('\n');
  expect(lines[0]).toBe('User-agent: *');
  for (const p of ['/dashboard', '/account-settings', '/staff', '/auth', '/cart', '/billing'])
    expect(lines).toContain(`Disallow: ${p}`);
  expect(lines.filter((l) => l === 'Disallow: /dashboard')).toHaveLength(1);
  expect(lines).not.toContain('Disallow: /');
  expect(lines).not.toContain('Disallow: /blog');
  expect(lines).toContain('Sitemap: https://www.hosthub.test/sitemap.xml');
  // Without a configured origin, the request's own.
  expect((await call('/robots.txt')).body).toContain('Sitemap: http://shop.test:4000/sitemap.xml');
});

test('sitemap.xml lists the public pages, each hosting service and each published post, escaped, with dates', async () => {
  const r = await call('/sitemap.xml', { storefrontUrl: 'https://www.hosthub.test' });
  expect(r).toMatchObject({ handled: true, status: 200 });
  expect(r.headers['Content-Type']).toBe('application/xml; charset=utf-8');
  expect(r.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  const locs = [...r.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(
    expect.arrayContaining([
      'https://www.hosthub.test/',
      'https://www.hosthub.test/blog',
      'https://www.hosthub.test/pricing',
      'https://www.hosthub.test/about',
      'https://www.hosthub.test/services-list/2',
      'https://www.hosthub.test/blog/blogpost/7',
      'https://www.hosthub.test/blog/blogpost/8',
    ]),
  );
  expect(locs.some((l) => /dashboard|auth|staff|cart/.test(l))).toBe(false);
  expect(r.body).toContain('<loc>https://www.hosthub.test/blog/blogpost/7</loc>\n    <lastmod>2026-11-02</lastmod>');
  expect(r.body).not.toContain('<lastmod>not');
});

test('XML special characters are escaped', () => {
  const xml = sitemapXml('https://a.test/?x=1&y=<2>', { posts: [{ id: "7'\"&", created_at: null }] });
  expect(xml).toContain('<loc>https://a.test/?x=1&amp;y=&lt;2&gt;/blog</loc>');
  expect(xml).toContain('/blog/blogpost/7&apos;%22%26</loc>');
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  expect(robotsTxt('https://a.test')).toContain('Sitemap: https://a.test/sitemap.xml');
});

test('the API is asked once a minute at most; when it fails the sitemap still lists the pages', async () => {
  await call('/sitemap.xml');
  await call('/sitemap.xml');
  expect(requests.filter((u) => u === '/blog/blogposts/')).toHaveLength(1);
  clearSeoCache();
  failing = true;
  const warnings = [];
  const warn = console.warn;
  console.warn = (text) => warnings.push(text);
  const down = await call('/sitemap.xml');
  expect(down.status).toBe(200);
  expect(down.body).toContain('<loc>http://shop.test:4000/about</loc>');
  expect(down.body).not.toContain('blogpost');
  console.warn = warn;
  expect(warnings).toContainEqual(expect.stringContaining('answered 503; left out'));
});

test('other addresses and methods are left to the caller; HEAD has headers only', async () => {
  expect((await call('/')).handled).toBe(false);
  expect((await call('/robots.txt', { method: 'POST' })).handled).toBe(false);
  expect((await call('/sitemap.xml.gz')).handled).toBe(false);
  const head = await call('/robots.txt?x=1', { method: 'HEAD' });
  expect(head).toMatchObject({ handled: true, status: 200, body: '' });
  expect(head.headers['Content-Length']).toBeGreaterThan(0);
});
