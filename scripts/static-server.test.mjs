// The storefront's file server (scripts/static-server.mjs) against a folder with a look-alike neighbour.
/* global test, expect, beforeAll, afterAll */
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_LIMITS, acceptsGzip, inlineScriptHashes, serveStatic } from './static-server.mjs';

let base;
let server;
let port;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'static-server-'));
  await mkdir(path.join(base, 'dist'));
  await mkdir(path.join(base, 'dist-single'));
  await writeFile(path.join(base, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(base, 'dist', 'main.js'), 'console.log(1)');
  await writeFile(path.join(base, 'dist-single', 'secret.txt'), 'another build');
  await writeFile(path.join(base, 'dist', 'main.js.map'), '{"sources":["/home/build/src/main.ts"]}');
  await writeFile(path.join(base, 'dist', 'mf-stats.json'), '{"build":"/home/build"}');
  await mkdir(path.join(base, 'dist', 'server'));
  await writeFile(path.join(base, 'dist', 'server', 'remoteEntry.js'), 'module.exports = {}');
  server = await serveStatic({ dir: path.join(base, 'dist'), port: 0, spa: true, host: '127.0.0.1' });
  port = server.address().port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(base, { recursive: true, force: true });
});

/** A GET of `rawPath` exactly as written (no normalisation by a client). */
const get = (rawPath) =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, headers: { accept: 'text/html' } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });

test('serves its files with headers that forbid framing, sniffing, a foreign <base> and plugins, and keep addresses from other sites', async () => {
  for (const p of ['/', '/main.js', '/dashboard/tickets']) {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }
});

test('never reads a neighbouring folder whose name starts the same', async () => {
  const res = await get('/..%2fdist-single/secret.txt');
  expect(res.status).toBe(403);
  expect(res.body).not.toContain('another build');
});

test('a malformed percent-encoding is a 400, not a server error', async () => {
  const res = await get('/%E0%A4');
  expect(res.status).toBe(400);
  expect(res.headers['x-frame-options']).toBe('DENY');
});

test('a path with a control character or a line separator is a 400 no cache keeps (no route matches it: it was a blank page)', async () => {
  for (const p of ['/%0A', '/blog/blogpost/%0D', '/about%E2%80%A8', '/%E2%80%A9', '/x%00.js', '/%7F']) {
    const res = await get(p);
    expect([p, res.status, res.headers['cache-control']]).toEqual([p, 400, 'no-store']);
  }
  expect((await get('/caf%C3%A9')).status).toBe(200);
});

test('a path that starts with two slashes is a path, not another host: never a server error', async () => {
  for (const p of ['//[bad', '//%0A', '//evil.example/main.js']) expect([p, (await get(p)).status]).not.toEqual([p, 500]);
  // Not /main.js of this folder under another name: the page (the client shows its 404).
  expect((await get('//evil.example/main.js')).body).toContain('<title>app</title>');
});

test("the storefront's page names the scripts that may run on it (its origin, the remotes', its own inline scripts by hash) and where it may send requests (its origin, the API, the remotes)", async () => {
  const dir = path.join(base, 'shell');
  await mkdir(dir);
  const inline = 'window.started = true';
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><head><script>${inline}</script><script defer src=/main.js></script><script type="application/json" id=data>{"a":1}</script></head>`);
  const shell = await serveStatic({
    dir,
    port: 0,
    spa: true,
    host: '127.0.0.1',
    config: () => ({
      apiBaseUrl: 'https://api.example.com/v1',
      remotes: { 'mf-auth': 'http://localhost:3001/mf-manifest.json', 'mf-cart': 'https://cart.example.com/v2/mf-manifest.json', broken: 'not a url' },
    }),
  });
  try {
    const { port: shellPort } = shell.address();
    const page = await fetch(`http://127.0.0.1:${shellPort}/dashboard/tickets`, { headers: { accept: 'text/html' } });
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(page.headers.get('content-security-policy')).toBe(
      [
        "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
        "default-src 'self'",
        `script-src 'self' http://localhost:3001 https://cart.example.com 'sha256-${hash}'`,
        "style-src 'self' 'unsafe-inline' http://localhost:3001 https://cart.example.com",
        "font-src 'self' data: http://localhost:3001 https://cart.example.com",
        "img-src 'self' data: blob: https: https://api.example.com http://localhost:3001 https://cart.example.com",
        "connect-src 'self' https://api.example.com http://localhost:3001 https://cart.example.com",
      ].join('; '),
    );
    // The shell's server bundle is read from disk by its server, never fetched: not served here.
    await mkdir(path.join(dir, 'server'));
    await writeFile(path.join(dir, 'server', 'main.js'), 'module.exports = {}');
    for (const p of ['/server/main.js', '/server/', '/server', '//server/main.js', '/%2fserver/main.js', '/x/..%2fserver/main.js', '/server/main.js%2f.'])
      expect([p, (await fetch(`http://127.0.0.1:${shellPort}${p}`)).status]).toEqual([p, 404]);
    // A file that is not a page keeps the base policy.
    const config = await fetch(`http://127.0.0.1:${shellPort}/config.json`);
    expect(config.headers.get('content-security-policy')).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'");
  } finally {
    await new Promise((r) => shell.close(r));
  }
});

test('inlineScriptHashes counts scripts run inline only', () => {
  expect(inlineScriptHashes('<script src="/a.js"></script><script type="application/json">{}</script><SCRIPT>x()</SCRIPT><script async>y()</script>')).toEqual([
    `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    `'sha256-${createHash('sha256').update('y()').digest('base64')}'`,
  ]);
});

test('gzip only for a client that takes it: a weight of 0 refuses it', () => {
  for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*', 'deflate, *;q=0.5', 'GZIP', 'x-gzip'])
    expect([yes, acceptsGzip(yes)]).toEqual([yes, true]);
  for (const no of [undefined, '', 'identity', 'br', 'gzip;q=0', 'gzip; q=0.0', '*;q=0', 'gzip;q=0, *', 'deflate, gzip;q=0'])
    expect([no, acceptsGzip(no)]).toEqual([no, false]);
});

test("build internals are not served: source maps and the bundler's stats; a remote's server bundle is", async () => {
  for (const p of ['/main.js.map', '/MAIN.JS.MAP', '/mf-stats.json', '/x/../main.js.map', '/main.js.map%2f.', '/main.js.map%2F%2E', '/mf-stats.json/.', '/mf-stats.json%2f', '//main.js.map'])
    expect([p, (await get(p)).status]).toEqual([p, 404]);
  expect((await get('/main.js')).status).toBe(200);
  expect((await get('/server/remoteEntry.js')).status).toBe(200);
});

test('a client that sends its request slowly is answered 408 and let go at the headers limit; an idle kept-alive connection stays', async () => {
  expect(CLIENT_LIMITS).toMatchObject({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 65_000 });
  const limits = { headersTimeout: 400, requestTimeout: 800, connectionsCheckingInterval: 50, keepAliveTimeout: 3000 };
  const quick = await serveStatic({ dir: path.join(base, 'dist'), port: 0, host: '127.0.0.1', limits });
  const at = quick.address().port;
  const sockets = [];
  const open = () => {
    const socket = connect(at, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    return { socket, text: () => text, closed };
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    // A header line every 100 ms, never the blank line that ends them (slowloris).
    const slow = open();
    const started = Date.now();
    slow.socket.write('GET /main.js HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slow.socket.write('X-Drip: 1\r\n'), 100);
    await slow.closed;
    clearInterval(drip);
    expect(slow.text()).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(2000);
    // A visitor's connection between two requests is not a slow request: it is kept beyond both limits.
    const idle = open();
    idle.socket.write('GET /main.js HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(1200);
    idle.socket.write('GET /main.js HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(300);
    expect(idle.text().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(idle.socket.destroyed).toBe(false);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => quick.close(r));
  }
});
