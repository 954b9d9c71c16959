// The storefront server's render threads (scripts/ssr-pool.mjs) with a stand-in server bundle: pages rendered off the
// main thread and side by side; a thread that dies or stops answering is replaced and its page fails (the server then
// sends the client-rendered page), never the server.
/* global test, expect, afterEach */
import { fileURLToPath } from 'node:url';
import { renderPool } from './ssr-pool.mjs';

const fixture = (name) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const serverMain = fixture('fake-server-bundle.cjs');
const logs = [];
let pool = null;
const start = (opts = {}) => (pool = renderPool({ serverMain, apiHeaders: {}, size: 2, stuckMs: 1500, log: (m) => logs.push(m), ...opts }));
const page = (url) => pool.render({ url, owner: null, budgetMs: 1000, config: {}, remotes: {}, content: 'v1', template: '<main><!--app--></main>' });
const text = (out) => new TextDecoder().decode(out.bytes);

afterEach(async () => {
  await pool?.close();
  pool = null;
  logs.length = 0;
});

test('pages are rendered in the threads, side by side, into the template', async () => {
  start();
  await pool.ready();
  const [a, b] = await Promise.all([page('/slow'), page('/slow')]);
  expect(a.status).toBe(200);
  expect(text(a)).toMatch(/^<main><p>\/slow thread \d+ warmed <\/p><\/main>$/);
  const thread = (out) => /thread (\d+)/.exec(text(out))[1];
  expect(thread(a)).not.toBe('0');
  expect(thread(a)).not.toBe(thread(b));
});

test('a page that throws fails with its message; the thread goes on', async () => {
  start({ size: 1 });
  await expect(page('/throw')).rejects.toThrow('the page threw');
  expect(text(await page('/after'))).toContain('/after');
});

test('a thread that dies fails its page and is replaced by one that loads the remotes warmed so far', async () => {
  start({ size: 1 });
  await pool.warm('mf_content', {}, { mf_content: { entry: 'http://x/remoteEntry.js' } });
  await expect(page('/exit')).rejects.toThrow('the render thread stopped (exit code 3)');
  expect(text(await page('/after'))).toContain('warmed mf_content');
  expect(logs.join('\n')).toContain('a render thread stopped (exit code 3): starting another.');
});

test('a thread silent for longer than a render may take is ended and replaced', async () => {
  start({ size: 1 });
  await pool.ready();
  const began = Date.now();
  await expect(page('/loop')).rejects.toThrow('no answer from the render thread in 1500 ms');
  expect(Date.now() - began).toBeLessThan(5000);
  expect(text(await page('/after'))).toContain('/after');
});

test('a remote that takes longer to load than a render may take is waited for, not cut off', async () => {
  start({ size: 1 });
  await pool.warm('slow_remote', {}, { slow_remote: { entry: 'http://x/remoteEntry.js' } });
  expect(text(await page('/after'))).toContain('warmed slow_remote');
  expect(logs).toEqual([]);
});

test('a bundle the threads cannot load: pages fail at once, no thread is restarted again and again', async () => {
  start({ serverMain: fixture('broken-server-bundle.cjs') });
  await pool.ready();
  await expect(page('/')).rejects.toThrow('no render thread is running');
  expect(logs.filter((m) => m.includes('could not start'))).toHaveLength(2);
});

test('pages beyond what the threads have under way are turned away at once (null), not queued without end', async () => {
  start({ size: 1, maxPending: 2 });
  await pool.ready();
  const [a, b, c] = await Promise.all([page('/slow'), page('/slow'), page('/slow')]);
  expect([a.status, b.status, c]).toEqual([200, 200, null]);
  expect(logs).toEqual(['[ssr] every render thread has 2 pages under way: pages are sent client-rendered until they catch up.']);
  // Caught up: rendered again.
  expect(text(await page('/after'))).toContain('/after');
});
