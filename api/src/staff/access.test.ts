// The role matrix, generated from the one access table (access.ts): every staff route × every role (and a visitor).
// A role the rule lists gets past the guard; everyone else gets 404 {detail: 'Not found.'}. A staff route that the
// table does not list fails here (and the app refuses to register it).
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { users } from '../db/schema';
import { ROLES, STAFF_ACCESS, type Role } from './access';

let t: TestApp;
const auth: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) {
    const u = await t.user({ staff: role !== 'customer' });
    await t.db.orm.update(users).set({ role }).where(eq(users.id, u.id));
    auth[role] = u.auth;
  }
}, 120_000);
afterAll(() => t?.close());

test('the staff API is not in the public API documentation', async () => {
  const docs = (await t.inject({ url: '/docs/json' })).json() as { paths: Record<string, unknown> };
  expect(Object.keys(docs.paths).length).toBeGreaterThan(40);
  expect(Object.keys(docs.paths).filter((p) => p.startsWith('/staff'))).toEqual([]);
});

/** A path with its parameters filled by ids nothing has (so an allowed call reaches the route and finds nothing). */
const concrete = (path: string) => path.replace(':id', '999999').replace(':kind', 'privacy');

test('every /staff route the app serves has a rule in the access table, and every rule a route', () => {
  const served = new Set<string>();
  for (const key of Object.keys(STAFF_ACCESS)) {
    const [method, url] = key.split(' ') as [string, string];
    const has = (u: string) => t.app.hasRoute({ method: method as 'GET', url: u });
    expect([key, has(url) || has(url.replace(/\/$/, ''))]).toEqual([key, true]);
    served.add(key);
  }
  // The other direction: every /staff route in Fastify's route tree has a rule (a route added elsewhere included).
  const stack: string[] = [];
  const missing: string[] = [];
  let seen = 0;
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round((at - 1) / 4);
    const m = /^(\S+)(?: \(([A-Z, ]+)\))?/.exec(line.slice(at + 3));
    if (!m) continue;
    stack[depth] = (depth > 0 ? stack[depth - 1]! : '') + m[1]!;
    const full = stack[depth]!.replace(/\/$/, '');
    if (!full.startsWith('/staff') || !m[2]) continue;
    for (const method of m[2].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      seen += 1;
      if (!served.has(`${method} ${full}/`)) missing.push(`${method} ${full}`);
    }
  }
  expect(missing).toEqual([]);
  // The walk itself works: it found every route of the table.
  expect(seen).toBe(Object.keys(STAFF_ACCESS).length);
});

const cases = Object.entries(STAFF_ACCESS).flatMap(([key, allowed]) => {
  const [method, path] = key.split(' ') as [string, string];
  return (['visitor', ...ROLES] as const).map((who) => ({ method, path, who, allowed: who !== 'visitor' && (allowed as readonly string[]).includes(who) }));
});

test.each(cases)('$method $path as $who: allowed=$allowed', async ({ method, path, who, allowed }) => {
  const res = await t.inject({
    method: method as 'GET',
    url: concrete(path),
    auth: who === 'visitor' ? undefined : auth[who],
    ...(method === 'GET' ? {} : { payload: {} }),
  });
  if (allowed) {
    // Past the guard: an answer of the route itself (a list, a 400 at a field, or a 404 naming what is missing).
    expect(res.json()).not.toEqual({ detail: 'Not found.' });
    expect(res.statusCode).toBeLessThan(500);
  } else {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  }
});

test('a bad token or a malformed body does not reveal the staff API either', async () => {
  const bad = await t.inject({ url: '/staff/overview/', headers: { authorization: 'Token nope' } });
  expect(bad.statusCode).toBe(404);
  expect(bad.json()).toEqual({ detail: 'Not found.' });
  const junk = await t.inject({
    method: 'POST',
    url: '/staff/invoices/1/refunds/',
    auth: auth.customer,
    headers: { 'content-type': 'application/json' },
    payload: '{"amount":',
  });
  expect(junk.statusCode).toBe(404);
  expect(junk.json()).toEqual({ detail: 'Not found.' });
});

test('a staff route without a rule is refused when the app registers it', async () => {
  const { staffRoutes } = await import('./plugin');
  const Fastify = (await import('fastify')).default;
  const app = Fastify();
  app.decorate('optionalUser', async () => {});
  app.decorate('db', { orm: {} } as never);
  // What a new route added beside the others would do.
  const register = app.register(async (scope) => {
    await staffRoutes(scope);
    scope.get('/staff/secret/', async () => 'x');
  });
  await expect(register).rejects.toThrow('GET /staff/secret/ has no rule in api/src/staff/access.ts: add one before the route.');
  await app.close().catch(() => {});
});
