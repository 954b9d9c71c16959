/**
 * @jest-environment node
 */
// The API client against a real local HTTP server: auth header, credentials, the refresh flow of spec section 4
// (one refresh for many concurrent 401s, reload on success, storage cleared and /auth on failure; a session another
// tab replaced is taken, never presented again).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
  key = (i: number) => [...this.map.keys()][i] ?? null;
  get length() {
    return this.map.size;
  }
}
Object.assign(globalThis, { localStorage: new MemoryStorage() });

import { api, errorText, setApiEffects, setServerFetch } from 'shared/api-client';
import { setRuntimeConfig } from 'shared/runtime-config';
import { sessionStore } from 'shared/session';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let server: Server;
let handler: Handler;
const seen: { url: string; auth?: string; body: string; token?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body, token: req.headers['x-storefront-server-token'] as string | undefined });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, remotes: {} });
});
afterAll(() => new Promise((r) => server.close(r)));

const reload = jest.fn();
const toLogin = jest.fn();
beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
  sessionStore.setState({ session: null });
  reload.mockClear();
  toLogin.mockClear();
  setApiEffects({ reload, toLogin });
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** Waits until `done()` holds (the flows below are several requests long: a fixed wait failed on a busy machine). */
async function until(done: () => boolean, ms = 3000) {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
}

it('sends no Authorization header without a session, and Token <access> with one', async () => {
  handler = (_req, _b, res) => json(res, 200, { ok: true });
  await api.get('core/me/').json();
  expect(seen[0]!.auth).toBeUndefined();
  sessionStore.getState().setSession({ access: 'abc', refresh: 'def' });
  await api.get('/core/me/').json();
  expect(seen[1]).toMatchObject({ url: '/core/me/', auth: 'Token abc' });
  expect(JSON.parse(localStorage.getItem('session')!)).toEqual({ access: 'abc', refresh: 'def' });
});

it('refreshes once for concurrent 401s, posting the access value as refresh, stores the answer and reloads', async () => {
  sessionStore.getState().setSession({ access: 'old' });
  handler = (req, body, res) => {
    if (req.url === '/core/refresh') {
      setTimeout(() => json(res, 200, { access: 'new', refresh: 'r2' }), 30);
      return;
    }
    json(res, 401, { detail: 'Invalid token.' });
  };
  const calls = [api.get('a').json(), api.get('b').json(), api.get('c').json()];
  let settled = false;
  void Promise.race(calls).finally(() => (settled = true));
  await until(() => reload.mock.calls.length > 0);
  // Any late 401 would have asked for a second refresh by now.
  await new Promise((r) => setTimeout(r, 50));
  const refreshes = seen.filter((s) => s.url === '/core/refresh');
  expect(refreshes).toHaveLength(1);
  expect(JSON.parse(refreshes[0]!.body)).toEqual({ refresh: 'old' });
  expect(JSON.parse(localStorage.getItem('session')!)).toEqual({ access: 'new', refresh: 'r2' });
  expect(reload).toHaveBeenCalledTimes(1);
  expect(toLogin).not.toHaveBeenCalled();
  // Callers do not see an error: the page is reloading.
  expect(settled).toBe(false);
});

it('clears all local storage and goes to /auth when the refresh fails', async () => {
  sessionStore.getState().setSession({ access: 'old' });
  localStorage.setItem('currency', 'NGN');
  handler = (req, _body, res) =>
    req.url === '/core/refresh' ? json(res, 401, { detail: 'Invalid token.' }) : json(res, 401, { detail: 'Invalid token.' });
  void api.get('x').json();
  await until(() => toLogin.mock.calls.length > 0);
  expect(seen.filter((s) => s.url === '/core/refresh')).toHaveLength(1);
  expect(localStorage.length).toBe(0);
  expect(sessionStore.getState().session).toBeNull();
  expect(toLogin).toHaveBeenCalledTimes(1);
  expect(reload).not.toHaveBeenCalled();
});

it('a tab whose session another tab already replaced takes the stored one and reloads, presenting nothing', async () => {
  sessionStore.getState().setSession({ access: 'old' });
  // Another tab refreshed: the stored value changed, and this tab's storage event has not arrived yet.
  localStorage.setItem('session', JSON.stringify({ access: 'newer', refresh: 'r3' }));
  handler = (_req, _b, res) => json(res, 401, { detail: 'Invalid token.' });
  void api.get('z').json();
  await until(() => reload.mock.calls.length > 0);
  expect(seen.filter((s) => s.url === '/core/refresh')).toHaveLength(0);
  expect(sessionStore.getState().session).toEqual({ access: 'newer', refresh: 'r3' });
  expect(toLogin).not.toHaveBeenCalled();
});

it('a refresh refused because another tab replaced the session meanwhile keeps that session', async () => {
  sessionStore.getState().setSession({ access: 'old' });
  localStorage.setItem('currency', 'NGN');
  handler = (req, _body, res) => {
    if (req.url === '/core/refresh') localStorage.setItem('session', JSON.stringify({ access: 'theirs' }));
    json(res, 401, { detail: 'Invalid token.' });
  };
  void api.get('w').json();
  await until(() => reload.mock.calls.length + toLogin.mock.calls.length > 0);
  expect(JSON.parse(seen.find((s) => s.url === '/core/refresh')!.body)).toEqual({ refresh: 'old' });
  expect(reload).toHaveBeenCalledTimes(1);
  expect(toLogin).not.toHaveBeenCalled();
  expect(localStorage.getItem('currency')).toBe('NGN');
  expect(sessionStore.getState().session).toEqual({ access: 'theirs' });
});

it('passes other errors to the caller, with the server text available', async () => {
  sessionStore.getState().setSession({ access: 'tok' });
  handler = (_req, _b, res) => json(res, 401, { detail: 'Authentication credentials were not provided.' });
  await expect(api.get('y').json()).rejects.toThrow();
  expect(seen.some((s) => s.url === '/core/refresh')).toBe(false);

  handler = (_req, _b, res) => json(res, 400, { error: 'Insufficient wallet balance.' });
  const error = await api.post('api/checkout/', { json: {} }).json().catch((e: unknown) => e);
  expect(errorText(error, 'fallback')).toBe('Insufficient wallet balance.');

  handler = (_req, _b, res) => {
    res.writeHead(429, { 'Retry-After': '42', 'Content-Type': 'application/json' });
    res.end('{"detail":"Request was throttled."}');
  };
  const limited = await api.post('core/login/', { json: {} }).json().catch((e: unknown) => e);
  expect(errorText(limited, 'x')).toBe('Too many attempts. Please try again in 42 seconds.');
});

it("goes through the storefront server's fetch once it is set, and the platform's before and after", async () => {
  handler = (_req, _body, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
  await api.get('manager/faqs/').json();
  setServerFetch((input, init) => {
    const request = new Request(input, init);
    request.headers.set('X-Storefront-Server-Token', 'server-secret-0123456789');
    return fetch(request);
  });
  try {
    await api.get('manager/faqs/').json();
  } finally {
    setServerFetch(null);
  }
  await api.get('manager/faqs/').json();
  expect(seen.map((s) => s.token)).toEqual([undefined, 'server-secret-0123456789', undefined]);
});
