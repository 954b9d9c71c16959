// Production static serving for the shell and each remote (CONTRACT.md): config.json, mf-manifest.json and
// index.html never cached, hashed files immutable, CORS on remotes, gzip, SPA fallback for the shell.
// Files are read from disk on each request, so swapping a remote's dist is live at the next load.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { handleSeo } from './seo.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.json', '.css', '.svg', '.map', '.txt']);
const BUILD_ONLY = /\.map$|(^|\/)mf-stats\.json$/i;
const NO_CACHE = new Set(['index.html', 'config.json', 'mf-manifest.json', 'mf-stats.json']);
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** Gzip results keyed by path and mtime, so repeated loads do not recompress. */
const gzipCache = new Map();

/**
 * How long the storefront's servers wait for a client (node:http's options): its request's headers in 10 s and the
 * whole request in 30 s (they take GETs: no body worth waiting for), both checked every second. A client that sends
 * a request a byte at a time (slowloris) holds a connection 10 s at most, not Node's 60 s and 300 s.
 * `keepAliveTimeout`: an idle connection stays open 65 s, beyond the 60 s load balancers and proxies keep theirs
 * (one that closed first could have a request sent down it as it closes).
 */
export const CLIENT_LIMITS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1000, keepAliveTimeout: 65_000 };

/** An HTTP server with `handler` and the client limits (`limits` over CLIENT_LIMITS: for tests). */
export function httpServer(handler, limits = {}) {
  const options = { ...CLIENT_LIMITS, ...limits };
  const server = createServer(options, handler);
  server.keepAliveTimeout = options.keepAliveTimeout;
  return server;
}

/**
 * @param {{dir: string, port: number, spa?: boolean, cors?: boolean, config?: () => object, host?: string, limits?: object}} opts
 */
export function serveStatic({ dir, port, spa = false, cors = false, config, host = '::', limits }) {
  const server = httpServer(staticHandler({ dir, spa, cors, config }), limits);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Headers on every answer of the storefront's servers: no sniffing of types; no framing by another site (the pages
 * hold a customer's session and buttons such as Pay and Delete account: clickjacking); no <base> pointing the page's
 * relative addresses elsewhere and no plugins; and no path or query in the Referer another site receives (reset and
 * e-mail confirmation links carry their token in the address). The API sends its own.
 * @param {import('node:http').ServerResponse} res
 */
export function securityHeaders(res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', BASE_POLICY);
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
}

// form-action: a form put into a page (markup injected somewhere) cannot send what is typed into it to another site.
const BASE_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/**
 * The SHA-256 sources (`'sha256-…'`) of the inline scripts in `html`, a file of ours (index.html, or a page composed
 * from it with nothing else in it): scripts with a `src` and JSON data blocks are not run inline, so not counted.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attributes) || /\btype="?application\/json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * A page's Content-Security-Policy: securityHeaders' directives, then everything else from the storefront's own origin
 * (`default-src 'self'`) but what config.json names: scripts also from the remotes' origins (`remotes`: their
 * manifests' URLs) and the inline scripts named by `hashes` (inlineScriptHashes of the files the page is built from),
 * so script injected into a page (a blog post's body, a customer's name) does not run; requests (`fetch`) only to the
 * API (`apiBaseUrl`) and the remotes (their manifests); styles and fonts from the remotes, styles also inline (the
 * components' styles are `<style>` elements); images from the API and the remotes, and from any https address (a blog
 * post's pictures, written by staff), `data:` and `blob:`. Nothing else may be framed, fetched or loaded: a script that
 * did get in could not send what it read to another site.
 * @param {{ remotes?: Record<string, string>, apiBaseUrl?: string } | undefined} config
 * @param {string[]} hashes
 */
export function pagePolicy(config, hashes) {
  const remotes = origins(Object.values(config?.remotes ?? {}));
  const api = origins([config?.apiBaseUrl]);
  const list = (...sources) => [...new Set(sources.flat())].join(' ');
  return [
    BASE_POLICY,
    `default-src 'self'`,
    `script-src ${list("'self'", remotes, hashes)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', api, remotes)}`,
    `connect-src ${list("'self'", api, remotes)}`,
  ].join('; ');
}

/** The origins of `urls` that are absolute URLs (a relative one, or none, is the page's own: `'self'`). */
function origins(urls) {
  const found = [];
  for (const url of urls) {
    try {
      if (url) found.push(new URL(url).origin);
    } catch {
      // Not an absolute URL: no other origin to allow.
    }
  }
  return found;
}

/**
 * Why a request's path can name neither a page nor a file, or null: a malformed percent-encoding, or, once decoded, a
 * control character or a line separator (no route matches one: such a path was rendered as an empty page).
 * @param {string} pathname the path as requested (percent-encoded)
 */
export function badPath(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return 'malformed percent-encoding';
  }
  // eslint-disable-next-line no-control-regex -- the characters refused
  return /[\u0000-\u001f\u007f\u2028\u2029]/.test(decoded) ? 'a control character or line separator in the path' : null;
}

/** A 400 saying why, kept by no cache. */
export function badRequest(res, why) {
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`Bad request: ${why}`);
}

/**
 * The request handler of serveStatic, for a server that serves files beside other things (scripts/ssr-server.mjs).
 * @param {{dir: string, spa?: boolean, cors?: boolean, config?: () => object}} opts
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function staticHandler({ dir, spa = false, cors = false, config }) {
  const root = path.resolve(dir);
  return async (req, res) => {
    try {
      // The request target as a path (origin-form): '//host/x' is the path //host/x, not another host's /x ('//[x' threw).
      const target = req.url ?? '/';
      const url = new URL(`http://x${target.startsWith('/') ? target : `/${target}`}`);
      if (cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      securityHeaders(res);
      // Lets the page read cross-origin resource timings (sizes of the remotes' files) for measurement.
      res.setHeader('Timing-Allow-Origin', '*');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(req.method === 'OPTIONS' ? 204 : 405, { Allow: 'GET, HEAD, OPTIONS' }).end();
        return;
      }
      // The shell's origin also answers /robots.txt and /sitemap.xml (scripts/seo.mjs).
      if (config && (await handleSeo(req, res, { apiBaseUrl: config().apiBaseUrl, storefrontUrl: config().origin, protectedPrefixes: Object.values(config().routes ?? {}).flatMap((r) => r.protected ?? []) }))) return;
      if (config && url.pathname === '/config.json') {
        return send(req, res, Buffer.from(JSON.stringify(config())), '.json', 'no-cache', null);
      }
      const bad = badPath(url.pathname);
      if (bad) return badRequest(res, bad);
      const rel = decodeURIComponent(url.pathname);
      let file = path.join(root, rel);
      // Inside the folder itself: '/..%2fdist-single/x' stays under a neighbour whose name starts the same.
      if (file !== root && !file.startsWith(root + path.sep)) return res.writeHead(403).end('Forbidden');
      // Build internals are no visitor's: source maps and the bundler's stats (the build machine's paths, all the
      // sources), and on the storefront's origin the shell's server bundle, which its server reads from disk (a
      // remote's /server/ stays public: the storefront's server loads it over HTTP). Judged on the file the path
      // opens: '/main.js.map%2f.' and '//server/main.js' open '/main.js.map' and '/server/main.js'.
      const opened = `/${path.relative(root, file).split(path.sep).join('/')}`;
      if (BUILD_ONLY.test(opened) || (config && /^\/server(\/|$)/.test(opened))) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      // Client routes may contain dots (/dashboard/domains/acme.com): a page request (Accept: text/html) for a missing
      // file gets the app too; a missing script or image still gets a 404.
      if (!info && spa && (!path.extname(rel) || /text\/html/.test(req.headers.accept ?? ''))) {
        file = path.join(root, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
        return;
      }
      const base = path.basename(file);
      const cache = NO_CACHE.has(base)
        ? 'no-cache'
        : HASHED.test(base) || file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300';
      const body = await readFile(file);
      // The storefront's page (index.html, or the app for a client route) says which scripts may run on it.
      if (config && path.extname(file) === '.html') res.setHeader('Content-Security-Policy', pagePolicy(config(), inlineScriptHashes(body.toString('utf8'))));
      send(req, res, body, path.extname(file), cache, `${file}:${info.mtimeMs}:${info.size}`);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Server error');
      console.error(error);
    }
  };
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 section 12.5.3): named, or `*`, with a weight above 0. A weight
 * of 0 refuses it ('gzip;q=0', or '*;q=0' with gzip not named), so the body goes uncompressed.
 * @param {string | undefined} header
 */
export function acceptsGzip(header) {
  let named;
  let any;
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (coding === 'gzip' || coding === 'x-gzip') named = Math.max(named ?? 0, weight);
    else if (coding === '*') any = weight;
  }
  return (named ?? any ?? 0) > 0;
}

/**
 * Sends `body` as a file of type `ext` would be sent: gzip when asked for (cached by `key`), `Cache-Control`, length.
 * `body` may come compressed already (`{identity, gzip}`: a rendered page, compressed once off the main thread).
 * @param {Buffer | {identity: Buffer, gzip: Buffer}} body
 * @param {Record<string, string>} [extra]  more headers (e.g. Vary)
 */
export function send(req, res, body, ext, cacheControl, key, status = 200, extra = {}) {
  const headers = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': cacheControl, Vary: 'Accept-Encoding', ...extra };
  const identity = Buffer.isBuffer(body) ? body : body.identity;
  let out = identity;
  if (COMPRESSIBLE.has(ext) && identity.length > 512 && acceptsGzip(req.headers['accept-encoding'])) {
    out = Buffer.isBuffer(body) ? key && gzipCache.get(key) : body.gzip;
    if (!out) {
      // Once per file (cached), so the smallest output; a body without a key is compressed faster.
      out = gzipSync(identity, { level: key ? 9 : 6 });
      if (key) gzipCache.set(key, out);
    }
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = out.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : out);
}

