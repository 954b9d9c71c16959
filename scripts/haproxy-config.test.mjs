// The balancer's configuration (scripts/lib/cluster.mjs haproxyConfig) in Debian's HAProxy, in front of two stand-in
// nodes: a request that got no answer is sent to the other node only when it is a GET or HEAD (a POST a dying node
// may have committed is not sent twice), and the client's X-Request-Id is replaced by the balancer's own.
// Skipped, saying so, where HAProxy is not installed (the cluster suite needs it too).
/* global test, expect, beforeAll, afterAll */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findHaproxy, haproxyConfig } from './lib/cluster.mjs';

const haproxyBin = findHaproxy();
const maybe = haproxyBin ? test : test.skip;
if (!haproxyBin) console.log('haproxy-config.test: skipped, HAProxy is not installed (apt-get install -y haproxy)');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Every request a stand-in node received: [node, method, path, x-request-id]. */
const seen = [];
let nodes = [];
let haproxy;
let dir;
let port;

/** A stand-in node: healthy; `/drop` is answered by closing the connection (a node dying mid-request) on node 1 only. */
function standIn(name) {
  return createServer((req, res) => {
    if (req.url === '/readyz') return res.end('ok');
    seen.push([name, req.method, req.url, req.headers['x-request-id']]);
    req.resume();
    req.on('end', () => {
      if (req.url === '/drop' && name === 'api-1') return req.socket.destroy();
      res.end(name);
    });
  });
}

beforeAll(async () => {
  if (!haproxyBin) return;
  const ports = [await freePort(), await freePort()];
  nodes = await Promise.all(
    ports.map((p, k) => new Promise((resolve) => { const s = standIn(`api-${k + 1}`).listen(p, '127.0.0.1', () => resolve(s)); })),
  );
  port = await freePort();
  dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-config-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ frontends: [{ name: 'api', port, servers: ports.map((p, k) => ({ name: `api-${k + 1}`, port: p })) }] }));
  const check = spawnSync(haproxyBin, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  expect(check.stderr + check.stdout).toBe('');
  haproxy = spawn(haproxyBin, ['-db', '-f', cfg], { stdio: 'ignore' });
  // Both nodes up (rise 2 at 500 ms): a GET answered by each.
  for (let i = 0; i < 100; i++) {
    const names = new Set();
    for (let k = 0; k < 4; k++) names.add(await fetch(`http://127.0.0.1:${port}/hello`).then((r) => r.text(), () => ''));
    if (names.has('api-1') && names.has('api-2')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  seen.length = 0;
}, 30_000);

afterAll(async () => {
  haproxy?.kill('SIGKILL');
  await Promise.all(nodes.map((s) => new Promise((r) => s.close(r))));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

maybe('a POST that got no answer is not sent to the other node; a GET is', async () => {
  // Round robin: two POSTs meet node 1 (which drops them) once.
  const posts = [];
  for (let i = 0; i < 2; i++) {
    // The one node 1 dropped fails for the client: a 502, or its connection closed (HAProxy closes a kept-alive one).
    posts.push(await fetch(`http://127.0.0.1:${port}/drop`, { method: 'POST', body: '{}' }).then((r) => r.status, () => 'failed'));
  }
  const postsSeen = seen.filter(([, method]) => method === 'POST');
  // Each POST reached one node only: not a second try on node 2.
  expect(postsSeen).toHaveLength(2);
  expect(posts.filter((x) => x === 200)).toHaveLength(1);
  expect(posts.filter((x) => x === 502 || x === 'failed')).toHaveLength(1);
  seen.length = 0;
  // GETs until node 1 has dropped one: each is answered, the dropped ones by node 2 on the retry.
  const gets = [];
  while (gets.length < 6 && !seen.some(([node]) => node === 'api-1')) gets.push(await fetch(`http://127.0.0.1:${port}/drop`).then((r) => r.status));
  expect(seen.some(([node]) => node === 'api-1')).toBe(true);
  expect(gets.every((status) => status === 200)).toBe(true);
  expect(seen.filter(([node]) => node === 'api-2')).toHaveLength(gets.length);
});

maybe("the client's X-Request-Id is replaced by a new one for every request", async () => {
  const chosen = '11111111-2222-4333-8444-555555555555';
  await fetch(`http://127.0.0.1:${port}/hello`, { headers: { 'x-request-id': chosen } });
  await fetch(`http://127.0.0.1:${port}/hello`, { headers: { 'x-request-id': chosen } });
  const ids = seen.slice(-2).map(([, , , id]) => id);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(ids).not.toContain(chosen);
  expect(new Set(ids).size).toBe(2);
});
