// /robots.txt and /sitemap.xml for the storefront's origin (issue 21, item 2). Any server of the storefront calls
// `handleSeo(req, res, { apiBaseUrl, storefrontUrl })` before its own routes: it answers those two addresses (and
// returns true) or leaves the request alone (false). The sitemap lists the public pages and every published blog post
// and hosting service, read from the API and kept in memory for a minute.

/** Public pages with content of their own, by canonical path. /help shows /contact-us (its canonical address). */
export const PUBLIC_PAGES = [
  '/',
  '/blog',
  '/pricing',
  '/search',
  '/transfer-domain',
  '/buy-domain',
  '/about',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-service',
  '/return-policy',
];

/** Never to be crawled: customer, staff and sign-in pages (and the cart, which is one visitor's). */
export const PRIVATE_PREFIXES = [
  '/dashboard',
  '/account-settings',
  '/staff',
  '/auth',
  '/login',
  '/reset-password',
  '/emailverified',
  '/resend-code',
  '/cart',
  '/buy-domain/checkout',
];

export const SEO_CACHE_MS = 60_000;
const FETCH_TIMEOUT_MS = 3_000;

const XML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text) => String(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

const trimSlash = (url) => String(url).replace(/\/+$/, '');

/**
 * robots.txt: everything but the private pages; `protectedPrefixes` adds config.json's protected routes (a remote
 * added later, like /staff, is kept out without a change here).
 */
export function robotsTxt(storefrontUrl, protectedPrefixes = []) {
  const prefixes = [...new Set([...PRIVATE_PREFIXES, ...protectedPrefixes.map((p) => p.replace(/\*$/, ''))])].filter(
    (p) => p.startsWith('/') && p !== '/',
  );
  return [
    'User-agent: *',
    ...prefixes.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${trimSlash(storefrontUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A W3C date (YYYY-MM-DD) from an ISO timestamp, or null. */
function lastmodOf(value) {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/**
 * sitemap.xml: the public pages, each hosting service's plans page and each published post (the API lists only
 * published ones), with absolute URLs and, for posts, the date.
 */
export function sitemapXml(storefrontUrl, { posts = [], services = [] } = {}) {
  const origin = trimSlash(storefrontUrl);
  const entries = [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...services.filter((s) => s && Number.isInteger(s.id)).map((s) => ({ path: `/services-list/${s.id}` })),
    ...posts
      .filter((p) => p && (Number.isInteger(p.id) || typeof p.id === 'string'))
      .map((p) => ({ path: `/blog/blogpost/${encodeURIComponent(String(p.id))}`, lastmod: lastmodOf(p.created_at) })),
  ];
  const urls = entries.map(({ path, lastmod }) =>
    [
      '  <url>',
      `    <loc>${escapeXml(origin + path)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** API answers by URL: { at, value } once read; `pending` while a read is under way. */
const cache = new Map();

export function clearSeoCache() {
  cache.clear();
}

async function fetchList(url, headers) {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { ...headers, accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = await res.json();
  if (!Array.isArray(body)) throw new Error(`${url} did not answer a list`);
  return body;
}

/** The list at `url`, from memory when read less than SEO_CACHE_MS ago; the last good one (or []) if the API fails. */
async function cachedList(url, headers = {}, now = Date.now()) {
  const entry = cache.get(url);
  if (entry?.value && now - entry.at < SEO_CACHE_MS) return entry.value;
  if (entry?.pending) return entry.pending;
  const pending = fetchList(url, headers)
    .then((value) => {
      cache.set(url, { at: Date.now(), value });
      return value;
    })
    .catch((error) => {
      console.warn(`sitemap.xml: ${error.message}; ${entry?.value ? 'the last list read is used' : 'left out'}.`);
      if (entry?.value) cache.set(url, entry);
      else cache.delete(url);
      return entry?.value ?? [];
    });
  cache.set(url, { ...entry, pending });
  return pending;
}

function reply(req, res, type, body) {
  const buffer = Buffer.from(body);
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': buffer.length,
    'Cache-Control': 'public, max-age=300',
  });
  res.end(req.method === 'HEAD' ? undefined : buffer);
}

/**
 * Answers GET/HEAD /robots.txt and /sitemap.xml; true when it did. `storefrontUrl` is the public origin (default: the
 * request's own Host); `protectedPrefixes` (optional) are config.json's protected routes; `apiHeaders` go with its reads
 * from the API (the storefront server's token: scripts/ssr-server.mjs).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ apiBaseUrl: string, storefrontUrl?: string, protectedPrefixes?: string[], apiHeaders?: Record<string, string> }} opts
 * @returns {Promise<boolean>}
 */
export async function handleSeo(req, res, { apiBaseUrl, storefrontUrl, protectedPrefixes = [], apiHeaders = {} }) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '/').split('?')[0];
  if (pathname !== '/robots.txt' && pathname !== '/sitemap.xml') return false;
  const origin = storefrontUrl || `http://${req.headers.host ?? 'localhost'}`;
  if (pathname === '/robots.txt') {
    reply(req, res, 'text/plain; charset=utf-8', robotsTxt(origin, protectedPrefixes));
    return true;
  }
  const api = trimSlash(apiBaseUrl);
  const [posts, services] = await Promise.all([
    cachedList(`${api}/blog/blogposts/`, apiHeaders),
    cachedList(`${api}/hosting/services/`, apiHeaders),
  ]);
  reply(req, res, 'application/xml; charset=utf-8', sitemapXml(origin, { posts, services }));
  return true;
}
