// The storefront's server (issue 21): public pages rendered on the server, everything else as before.
// - A page request for a public path (config.json: a remote's `ssr` prefixes, or a path nobody owns: the 404 page)
//   is rendered by the shell's server bundle (shell/dist/server/main.js), which loads the owner remote's server
//   `./routes` through Module Federation's Node runtime from the remote's own origin (`<origin>/server/…`).
// - config.json is read for every page and each remote's server manifest at most every two seconds, so a
//   redeployed remote (new files, or a new URL in config.json) is live within seconds: no restart, no shell rebuild.
// - Rendered pages are kept 10 s in memory, keyed by path and what they were built from (the remotes' manifests, the
//   API's content version), then served stale for 60 s more while they are rendered again, and sent with
//   `s-maxage=10, stale-while-revalidate=60` for shared caches.
// - Pages are rendered in threads of their own (scripts/ssr-pool.mjs): this event loop serves files and cached pages
//   and decides what to render.
// - Anything that fails (a remote down or throwing, the shell's bundle missing) gives today's client-rendered
//   index.html, never an error page. A page not rendered within its budget goes out client-rendered too, but its
//   render goes on (up to RENDER_LIMIT_MS) and the next visitor gets it from the cache. Files are served as
//   static-server.mjs serves them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPool } from './ssr-pool.mjs';
import { badPath, badRequest, httpServer, inlineScriptHashes, pagePolicy, securityHeaders, send, staticHandler } from './static-server.mjs';
import { handleSeo } from './seo.mjs';
import { sharedMismatches } from './shared-versions.mjs';

const require = createRequire(import.meta.url);
const gzipAsync = promisify(gzip);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** How long a visitor waits for a page to be rendered (remote load included) before the client-rendered page is sent
 *  instead. */
export const RENDER_BUDGET_MS = Number(process.env.SSR_BUDGET_MS || 1500);
/** How long a render may go on for the cache once its visitor was sent the client-rendered page (an API slow for a
 *  moment; a busy machine), before it is given up. */
const RENDER_LIMIT_MS = Math.max(RENDER_BUDGET_MS, 10_000);
const MANIFEST_TTL_MS = 2000;
/** A remote's server manifest is a small file on its own origin: one that takes longer is taken as down. */
const MANIFEST_TIMEOUT_MS = 1500;
/** How long a page asked for while the server is starting waits for the remotes to be loaded (see `warming`). */
const WARM_WAIT_MS = 10_000;
const CONTENT_TTL_MS = 2000;
/**
 * How long after a stale page is sent its new render starts. The visitor who was sent it asks for its scripts and
 * images next, and the render (a thread's CPU, the API's answers, gzip) would compete with those answers and with the
 * visitor's own browser on a small machine: measured with Lighthouse on `/` against `npm start` (2 cores, server and
 * browser together), a render during the load doubled the median Total Blocking Time (78 ms against 31 ms, 8 runs
 * each). Stale pages are served for a minute, so a short wait costs nothing but a few more stale answers.
 */
const REVALIDATE_DELAY_MS = 1500;
/** How long one question for the API's content version (a small answer) may take before it counts as failed. */
const CONTENT_TIMEOUT_MS = 1500;
/** SSR=false serves every page client-rendered (as before issue 21). */
const SSR_ON = process.env.SSR !== 'false';
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/**
 * A page, not a file: a browser's navigation says text/html; a crawler or link-preview fetcher often sends `*\/*` or no
 * Accept at all (curl, Slack's and Facebook's fetchers), and gets the rendered page too, unless the path names a file
 * (an extension: scripts, images, manifests).
 */
function asksForPage(url, accept = '*/*') {
  return /text\/html/.test(accept) || (/\*\/\*/.test(accept) && !/\.[a-z0-9]+$/i.test(url.split('?')[0]));
}

/**
 * @param {{port: number, host?: string, dir?: string, config: () => any, pageTtlMs?: number, log?: (msg: string) => void}} opts
 *   `config` returns config.json's object (webpack.common.cjs runtimeConfig: it reads its files on every call).
 */
export async function serveStorefront({ port, host = '::', dir = path.join(root, 'shell', 'dist'), config: readConfig, pageTtlMs = 10_000, log = (m) => console.error(m) }) {
  const files = staticHandler({ dir, spa: true, config: () => currentConfig() });
  const serverMain = path.join(dir, 'server', 'main.js');
  /** @type {import('../shell/src/server-render').ServerRenderer | null} */
  let renderer = null;
  if (SSR_ON && existsSync(serverMain)) {
    try {
      renderer = await require(serverMain).ready;
    } catch (error) {
      log(`[ssr] the shell's server bundle could not be loaded (${error.message}): pages are rendered in the browser.`);
    }
  } else if (SSR_ON) {
    log(`[ssr] ${path.relative(root, serverMain)} is missing: pages are rendered in the browser.`);
  }
  const pages = renderer ? new renderer.PageCache(pageTtlMs) : null;
  // The API counts requests per address: the reads of every page rendered here come from one, so they carry the
  // secret it shares with the API (SSR_API_TOKEN; npm start makes one) and are not counted as one client's. Renders
  // share their loads' answers for a moment (shell/src/ssr/shared-answers.ts), until the content version changes.
  // The header's name is the API's SERVER_TOKEN_HEADER (api/src/http/token.ts).
  const apiHeaders = process.env.SSR_API_TOKEN ? { 'X-Storefront-Server-Token': process.env.SSR_API_TOKEN } : {};
  // The pages are rendered in threads of their own (scripts/ssr-pool.mjs); this one keeps the bundle for what decides
  // and caches (targetOf, PageCache), which loads no remote. SSR_THREADS sets how many (default: one per core, two
  // at most); SSR_MAX_PENDING how many pages one may have under way (default 64) before pages go out client-rendered.
  const pool = renderer
    ? renderPool({
        serverMain,
        apiHeaders,
        size: Number(process.env.SSR_THREADS) || undefined,
        maxPending: process.env.SSR_MAX_PENDING ? Number(process.env.SSR_MAX_PENDING) : undefined,
        stuckMs: RENDER_LIMIT_MS + 5000,
        log,
      })
    : null;

  // config.json, read on every request as before (two small files): a change is live at the next page. Its
  // fingerprint is part of a cached page's key. A file caught half-written, or edited into bad JSON, leaves the last
  // good config in place (said once) instead of failing every page and file with a 500.
  let lastGood = null;
  let badSaid = false;
  function currentConfig() {
    try {
      lastGood = readConfig();
      badSaid = false;
    } catch (error) {
      if (!lastGood) throw error;
      if (!badSaid) log(`[ssr] config could not be read (${error instanceof Error ? error.message : error}): the last good one stays in use until it is mended.`);
      badSaid = true;
    }
    return lastGood;
  }
  const fingerprint = (cfg) => createHash('sha1').update(JSON.stringify(cfg)).digest('hex').slice(0, 12);

  // --- remotes' server manifests ------------------------------------------------------------------------------
  /** name → {url, entry, type, version} of the last manifest read, or {url, down: true}. */
  const manifests = new Map();
  const checking = new Map();
  /** Test and operations switch: SSR_REMOTE_URLS='{"mf_content":"http://…/server/mf-manifest.json"}'. */
  const overrides = JSON.parse(process.env.SSR_REMOTE_URLS || '{}');
  const serverManifestUrl = (name, clientUrl) => overrides[name] || new URL('server/mf-manifest.json', clientUrl).href;
  /** The shell's own manifest: the shared modules' versions it provides (checked against each remote's, below). */
  const shellManifestPath = path.join(dir, 'server', 'mf-manifest.json');
  const shellManifest = existsSync(shellManifestPath) ? JSON.parse(readFileSync(shellManifestPath, 'utf8')) : { shared: [] };

  async function readManifest(name, url) {
    const known = manifests.get(name);
    if (known && known.url === url && Date.now() - known.at < MANIFEST_TTL_MS) return known;
    if (checking.has(name)) return checking.get(name);
    const pending = (async () => {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS), headers: { 'Cache-Control': 'no-cache' } });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const text = await response.text();
        const manifest = JSON.parse(text);
        const entry = manifest.metaData?.remoteEntry;
        if (!entry?.name) throw new Error(`${url} names no remote entry`);
        const info = {
          url,
          at: Date.now(),
          entry: new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, new URL('../', url)).href,
          type: entry.type || 'commonjs-module',
          version: createHash('sha1').update(text).digest('hex').slice(0, 12),
        };
        if (known?.version && known.version !== info.version) log(`[ssr] ${name}: new server manifest (${info.version})`);
        if (known?.version !== info.version) {
          const mismatches = sharedMismatches(shellManifest, manifest);
          if (mismatches.length > 0) log(`[ssr] ${name} was built for other versions of what the shell shares: ${mismatches.join('; ')}. It gets the shell's copies.`);
        }
        manifests.set(name, info);
        if (known?.entry !== info.entry) {
          // A remote seen for the first time or redeployed: its routes are loaded now, not by its first page.
          info.warm = pool.warm(name, currentConfig(), { [name]: { entry: info.entry, type: info.type } }).catch(() => {});
        }
        return info;
      } catch (error) {
        if (!known?.down) log(`[ssr] ${name}'s server bundle is unavailable (${error.message}): its pages are rendered in the browser.`);
        const down = { url, at: Date.now(), down: true };
        manifests.set(name, down);
        return down;
      } finally {
        checking.delete(name);
      }
    })();
    checking.set(name, pending);
    return pending;
  }

  // --- content version: staff edits drop the cached pages ---------------------------------------------------------
  // A page uses a version the API gave after the page's request arrived, so a staff edit answered before a visitor's
  // request shows at once. The pages that arrive while one question is in flight wait for the next one together
  // (one question at a time, however many pages ask). Without such an answer (the API failing or slower than
  // CONTENT_TIMEOUT_MS) no page comes from the cache or goes into it: the last version the API gave may be one a staff
  // edit has just replaced. Pages are then rendered afresh (their renders read the content again), and the API is
  // asked again after CONTENT_TTL_MS, not by every page.
  let content = { version: null, failedAt: -Infinity };
  let asking = null;
  function askContentVersion(apiBaseUrl) {
    const startedAt = performance.now();
    const promise = (async () => {
      try {
        const response = await fetch(`${apiBaseUrl}/content/version/`, { signal: AbortSignal.timeout(CONTENT_TIMEOUT_MS), headers: apiHeaders });
        const body = response.ok ? await response.json() : null;
        if (body?.version == null) throw new Error(`it answered ${response.status}`);
        content = { version: String(body.version), failedAt: -Infinity };
      } catch (error) {
        if (content.failedAt === -Infinity) log(`[ssr] the API's content version could not be read (${error instanceof Error ? error.message : error}): pages are rendered afresh, none cached, until it is.`);
        content = { version: null, failedAt: performance.now() };
      } finally {
        if (asking?.promise === promise) asking = null;
      }
      return content.version;
    })();
    asking = { startedAt, promise };
    return promise;
  }
  /** The content version for a page that arrived now; null when the API gave none. */
  async function contentVersion(apiBaseUrl) {
    const arrived = performance.now();
    if (arrived - content.failedAt < CONTENT_TTL_MS) return null;
    while (asking && asking.startedAt < arrived) await asking.promise;
    if (content.failedAt >= arrived) return null;
    return asking ? asking.promise : askContentVersion(apiBaseUrl);
  }
  /** A version of no page but one: the cache never holds a page under it, and the render threads drop the answers they
   *  keep (shell/src/ssr/shared-answers.ts) when they see it. */
  let unknownVersions = 0;
  const unknownVersion = () => `unknown-${++unknownVersions}`;

  // --- the shell's index.html (the template of every page) ---------------------------------------------------------
  let template = { mtime: 0, text: '' };
  function readTemplate() {
    const file = path.join(dir, 'index.html');
    const mtime = statSync(file).mtimeMs;
    if (mtime !== template.mtime) template = { mtime, text: readFileSync(file, 'utf8') };
    return template.text;
  }

  /** The inline scripts any rendered page may run, by hash: the ones composePage writes (they depend on index.html
   *  alone, so an empty page has them all) and index.html's own, which the page's starter puts in later. */
  let scripts = { text: null, hashes: [] };
  function pageScriptHashes(text) {
    if (scripts.text !== text) scripts = { text, hashes: inlineScriptHashes(text + renderer.composePage(text, '', null)) };
    return scripts.hashes;
  }

  const inFlight = new Map();
  /** Keys of stale pages whose new render is waiting for REVALIDATE_DELAY_MS: scheduled once, however many ask. */
  const revalidating = new Set();

  /** The rendered page for `url` (`cfg`: config.json as this request read it), from the cache or rendered now; null
   *  when it must be rendered in the browser. */
  async function renderedPage(url, cfg) {
    if (warming) await Promise.race([warming, new Promise((resolve) => setTimeout(resolve, WARM_WAIT_MS).unref())]);
    const target = renderer.targetOf(renderer.pathOf(url), cfg.routes);
    if (target.kind === 'client') return null;
    readTemplate();
    const remotes = {};
    const asked = await contentVersion(cfg.apiBaseUrl);
    const versions = { template: String(template.mtime), config: fingerprint(cfg), content: asked ?? unknownVersion() };
    if (target.kind === 'remote') {
      const clientUrl = cfg.remotes[target.owner];
      if (!clientUrl) return null;
      const info = await readManifest(target.owner, serverManifestUrl(target.owner, clientUrl));
      if (info.down) return null;
      remotes[target.owner] = { entry: info.entry, type: info.type };
      versions[target.owner] = info.version;
    }
    const key = renderer.PageCache.key(url, versions);
    const hit = pages.lookup(key);
    if (hit?.fresh) return { ...hit.page, cache: 'hit' };
    const render = () => {
      if (inFlight.has(key)) return inFlight.get(key);
      const pending = (async () => {
        const started = Date.now();
        const built = template.text;
        const out = await pool.render({
          url,
          owner: target.kind === 'remote' ? target.owner : null,
          budgetMs: RENDER_LIMIT_MS,
          config: cfg,
          remotes,
          content: versions.content,
          template: built,
        });
        // Every render thread is full: this one goes out client-rendered, and nothing is kept.
        if (!out) return null;
        // Compressed once, in libuv's thread pool: every visitor of a cached page gets the same bytes, and the event
        // loop serves the next request meanwhile.
        const identity = Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength);
        const page = {
          status: out.status,
          location: out.location,
          complete: out.complete,
          html: { identity, gzip: await gzipAsync(identity, { level: 6 }) },
          scripts: pageScriptHashes(built),
          ms: Date.now() - started,
        };
        // A page whose data did not all load is not kept, nor a redirect (its address may carry a token: a reset
        // link's), nor a page rendered without the content version; a 404, or a page asked for by an address other
        // than its canonical one ('/about/', '/About', a query string), is kept apart (PageCache).
        if (out.complete && !out.location && asked !== null) pages.set(key, page, { tail: out.status !== 200 || !renderer.isOwnAddress(url, identity.toString('utf8')) });
        return { ...page, cache: 'miss' };
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
      return pending;
    };
    if (hit) {
      // Stale (built from the same manifests and content, over 10 s ago): sent at once, rendered again shortly after.
      if (!revalidating.has(key) && !inFlight.has(key)) {
        revalidating.add(key);
        setTimeout(() => {
          revalidating.delete(key);
          render().catch((error) => log(`[ssr] ${url}: ${error instanceof Error ? error.message : error}; the stale page stays until it is renewed or expires.`));
        }, REVALIDATE_DELAY_MS).unref();
      }
      return { ...hit.page, cache: 'stale' };
    }
    return withinBudget(url, render());
  }

  /** The page `rendering` gives, or null (the client-rendered page) when it is not ready within RENDER_BUDGET_MS: the
   *  render goes on, and a page it completes is in the cache for the next visitor. */
  async function withinBudget(url, rendering) {
    let timer;
    const LATE = Symbol('late');
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve(LATE), RENDER_BUDGET_MS);
      timer.unref();
    });
    const page = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
    // null: no thread could take it (ssr-pool.mjs says so).
    if (page !== LATE) return page;
    log(`[ssr] ${url}: not rendered within ${RENDER_BUDGET_MS} ms, sent client-rendered; its render goes on for the next visitor.`);
    rendering.catch((error) => log(`[ssr] ${url}: ${error instanceof Error ? error.message : error}.`));
    return null;
  }

  // Every remote with server-rendered pages is loaded at start (its routes, and what they load with them: mf-content's
  // jsdom window takes a second or more on a busy machine). Pages asked for meanwhile wait for that, up to
  // WARM_WAIT_MS, before their time budget starts: the first visitors' pages used to run over it and go out
  // client-rendered.
  let warming = null;
  if (renderer) {
    const loads = [];
    for (const [name, entry] of Object.entries(currentConfig().routes ?? {})) {
      const clientUrl = currentConfig().remotes?.[name];
      if (entry.ssr?.length && clientUrl) loads.push(readManifest(name, serverManifestUrl(name, clientUrl)).then((info) => info.warm));
    }
    warming = Promise.allSettled(loads).finally(() => (warming = null));
  }

  const server = httpServer(async (req, res) => {
    try {
      securityHeaders(res);
      // robots.txt and sitemap.xml (scripts/seo.mjs) first, with config.json's public origin: never the request's Host,
      // which anyone can set and a shared cache would then keep in the sitemap it gives to crawlers.
      const cfg = currentConfig();
      const protectedPrefixes = Object.values(cfg.routes ?? {}).flatMap((entry) => entry.protected ?? []);
      const storefrontUrl = cfg.origin || process.env.STOREFRONT_URL;
      if (await handleSeo(req, res, { apiBaseUrl: cfg.apiBaseUrl, storefrontUrl, protectedPrefixes, apiHeaders })) return;
      const url = req.url ?? '/';
      const isPage = (req.method === 'GET' || req.method === 'HEAD') && url !== '/config.json' && asksForPage(url, req.headers.accept);
      const bad = isPage ? badPath(url.split('?')[0]) : null;
      if (bad) return badRequest(res, bad);
      // `X-Storefront-Render: client` asks for the client-rendered page (what a visitor gets when the server
      // could not render it): for debugging, and for journeys that take the API away from the browser only.
      const wantsClient = req.headers['x-storefront-render'] === 'client';
      if (renderer && isPage && !wantsClient) {
        let page = null;
        try {
          page = await renderedPage(url, cfg);
        } catch (error) {
          log(`[ssr] ${url}: ${error instanceof Error ? error.message : error}; sending the client-rendered page.`);
          // A remote that failed is asked for its manifest again at the next page, not in two seconds.
          manifests.clear();
        }
        if (page) {
          securityHeaders(res);
          res.setHeader('Content-Security-Policy', pagePolicy(cfg, page.scripts));
          // A page with a part missing (the API failed a read) is not for shared caches to keep either; a redirect is
          // kept by none (a reset link's carries its token).
          const cacheControl = page.location ? 'no-store' : page.complete === false ? 'no-cache' : PAGE_CACHE_CONTROL;
          send(req, res, page.html, '.html', cacheControl, null, page.status, {
            'X-Storefront-Render': `server; cache=${page.cache}`,
            ...(page.location ? { Location: page.location } : {}),
          });
          return;
        }
        res.setHeader('X-Storefront-Render', 'client');
      }
      await files(req, res);
    } catch (error) {
      log(`[ssr] ${error?.stack ?? error}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Server error');
    }
  });
  server.on('close', () => void pool?.close());
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

// `node scripts/ssr-server.mjs`: the storefront's server alone (the remotes and the API served elsewhere).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { portOf, runtimeConfig } = require('../webpack.common.cjs');
  const port = Number(process.env.SSR_PORT || portOf('shell'));
  await serveStorefront({ port, config: () => runtimeConfig() });
  console.log(`Storefront (server-rendered) on http://localhost:${port}`);
}
