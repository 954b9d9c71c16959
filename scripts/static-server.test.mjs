// The storefront's file server (scripts/static-server.mjs) against a folder with a look-alike neighbour.
/* global test, expect, beforeAll, afterAll */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveStatic } from './static-server.mjs';

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
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
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
