// Issue 19: each request the attacker's note lists, and each kind of framework error, answers a 4xx in a DRF shape
// (CONTRACT.md) with no framework code in it: fixed once in app.ts (input.ts, errors.ts), not route by route.
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { credit } from '../payments/wallet';
import { parseQuerystring } from './input';

let t: TestApp;
let auth: string;
beforeAll(async () => {
  t = await startTestApp();
  auth = (await t.user()).auth;
}, 120_000);
afterAll(() => t?.close());

const NUL = 'Null characters are not allowed.';

function expectDrf(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, body: unknown) {
  expect([res.statusCode, JSON.parse(res.body)]).toEqual([status, body]);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.body).not.toMatch(/FST_|statusCode|"code"|"error"/);
}

describe('a NUL character in any text is a field error, not a 500', () => {
  it.each([
    ['/core/login/', { username: 'a\u0000b', password: 'password-123' }, 'username'],
    ['/core/activation/', { username: 'a\u0000b', activation_code: '12345678' }, 'username'],
    ['/core/resend-activation-code/', { username: 'a\u0000b' }, 'username'],
    ['/core/request-password-reset/', { username: 'a\u0000b' }, 'username'],
  ])('POST %s', async (url, payload, field) => {
    expectDrf(await t.inject({ method: 'POST', url, payload }), 400, { [field]: [NUL] });
  });

  it('POST /ticket/tickets/ (title, description) and /ticket/replies/ (message)', async () => {
    const ticket = { title: 'Cannot log in', description: 'It says my password is wrong.', priority: 'low' };
    expectDrf(await t.inject({ method: 'POST', url: '/ticket/tickets/', auth, payload: { ...ticket, title: 'a\u0000b' } }), 400, { title: [NUL] });
    expectDrf(await t.inject({ method: 'POST', url: '/ticket/tickets/', auth, payload: { ...ticket, description: 'a\u0000b' } }), 400, { description: [NUL] });
    const made = await t.inject({ method: 'POST', url: '/ticket/tickets/', auth, payload: ticket });
    expect([made.statusCode, made.body]).toEqual([201, expect.any(String)]);
    const id = (made.json() as { data: { id: number } }).data.id;
    expectDrf(await t.inject({ method: 'POST', url: '/ticket/replies/', auth, payload: { ticket: id, message: 'a\u0000b' } }), 400, { message: [NUL] });
    // Other control characters too; tab, CR and LF are text.
    expectDrf(await t.inject({ method: 'POST', url: '/ticket/replies/', auth, payload: { ticket: id, message: 'bell\u0007' } }), 400, {
      message: ['Control characters other than tab, CR and LF are not allowed.'],
    });
    const ok = await t.inject({ method: 'POST', url: '/ticket/replies/', auth, payload: { ticket: id, message: 'line one\r\n\tline two' } });
    expect(ok.statusCode).toBe(201);
  });

  it('POST /payment/webhook/sandbox/ with it in data.reference, unsigned: 401', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/payment/webhook/sandbox/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'charge.success', data: { reference: 'a\u0000b', amount: 100, currency: 'USD' } }),
    });
    expectDrf(res, 401, { detail: 'Invalid signature.' });
  });

  it('GET /dev/outbox?to=%00 and /dev/mailbox?to=%00', async () => {
    expectDrf(await t.inject({ url: '/dev/outbox?to=%00' }), 400, { to: [NUL] });
    expectDrf(await t.inject({ url: '/dev/mailbox?to=%00' }), 400, { to: [NUL] });
  });

  it('in a path parameter', async () => {
    expectDrf(await t.inject({ url: '/blog/blogposts/a%00b' }), 400, { key: [NUL] });
  });
});

describe('repeated query keys: the first value wins', () => {
  it('GET /dev/mailbox?to=a&to=b reads to=a', async () => {
    const res = await t.inject({ url: '/dev/mailbox?to=a%40example.com&to=b' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('to a@example.com');
    const outbox = await t.inject({ url: '/dev/outbox?to=demo%40example.com&to=nobody%40example.com&limit=1&limit=x' });
    expect(outbox.statusCode).toBe(200);
  });

  it('commerce queries too (currency, domain)', async () => {
    const cart = await t.inject({ url: '/api/cart/?currency=NGN&currency=USD', auth });
    expect(cart.statusCode).toBe(200);
    expect((cart.json() as { currency: string }).currency).toBe('NGN');
    expect((await t.inject({ url: '/domain/suggestions/?domain=mybrand&domain=other' })).statusCode).toBe(200);
  });

  it('the parser: first value, no prototype keys, + and escapes decoded', () => {
    const q = parseQuerystring('a=1&a=2&__proto__=x&b=c+d%21');
    expect(Object.entries(q)).toEqual([
      ['a', '1'],
      ['__proto__', 'x'],
      ['b', 'c d!'],
    ]);
    expect(Object.getPrototypeOf(q)).toBeNull();
  });
});

describe('ids beyond the database\'s integer range name nothing: 404 or 400, never a 500', () => {
  const HUGE = '3000000000'; // above 2^31-1, the largest serial id
  it('in every documented path parameter, for a customer and for an admin', async () => {
    const admin = await t.user({ staff: true });
    await t.db.orm.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.id}`);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const tried: string[] = [];
    for (const [path, ops] of Object.entries(spec.paths)) {
      if (!path.includes('{')) continue;
      const url = path.replace(/\{[^}]+\}/g, HUGE);
      for (const method of Object.keys(ops).map((m) => m.toUpperCase()) as ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[]) {
        for (const who of [auth, admin.auth]) {
          const res = await t.inject({ method, url, auth: who, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
          tried.push(`${method} ${url} ${res.statusCode}`);
          expect(`${method} ${path}: ${res.statusCode}`).not.toMatch(/: 5\d\d$/);
        }
      }
    }
    expect(tried.length).toBeGreaterThan(40);
  });

  it('an id in the path is digits: 0x1, 1e0, 1.0, 0b1 and 01 name no row (they read as the row with that number)', async () => {
    const me = await t.user();
    await credit(t.db.orm, { userId: me.id, currency: 'USD', amountMinor: 100_000, kind: 'deposit', description: 'test funds', now: t.clock.now() });
    const ticket = (await t.inject({ method: 'POST', url: '/ticket/tickets/', auth: me.auth, payload: { title: 'Ids', description: 'Forms.', priority: 'low' } })).json().data as { id: number };
    await t.inject({ method: 'POST', url: '/api/cart/', auth: me.auth, payload: { service_id: 1, product_id: 1, metadata: { domain_name: `ids-${Date.now()}.com` } } });
    expect((await t.inject({ method: 'POST', url: '/api/checkout/', auth: me.auth, payload: { payment_kind: 'wallet', currency: 'USD' } })).statusCode).toBe(200);
    const invoice = (await t.inject({ url: '/api/user_invoice_list/', auth: me.auth })).json().invoices.invoices.invoice[0] as { id: number };
    const forms = (id: number) => [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `0b${id.toString(2)}`, `+${id}`, `0${id}`, `00${id}`];
    for (const [path, id] of [['/ticket/tickets/{}/', ticket.id], ['/api/invoices/{}/', invoice.id], ['/api/invoices/{}/pdf/', invoice.id]] as const) {
      expect((await t.inject({ url: path.replace('{}', String(id)), auth: me.auth })).statusCode).toBe(200);
      for (const form of forms(id)) expect([path, form, (await t.inject({ url: path.replace('{}', form), auth: me.auth })).statusCode]).toEqual([path, form, 404]);
    }
    // The staff console's own paths, for an admin (they took '01' and '00' + id).
    const admin = await t.user({ staff: true });
    await t.db.orm.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${admin.id}`);
    for (const [path, id] of [['/staff/tickets/{}/', ticket.id], ['/staff/invoices/{}/', invoice.id], ['/staff/customers/{}/', me.id]] as const) {
      expect((await t.inject({ url: path.replace('{}', String(id)), auth: admin.auth })).statusCode).toBe(200);
      for (const form of forms(id)) expect([path, form, (await t.inject({ url: path.replace('{}', form), auth: admin.auth })).statusCode]).toEqual([path, form, 404]);
    }
  });

  it('in body fields that name a row: a ticket, an assignee (0 included)', async () => {
    expectDrf(await t.inject({ method: 'POST', url: '/ticket/replies/', auth, payload: { message: 'x', ticket: Number(HUGE) } }), 400, { ticket: ['ticket must be a whole number.'] });
    const support = await t.user({ staff: true });
    const ticket = (await t.inject({ method: 'POST', url: '/ticket/tickets/', auth, payload: { title: 'Range', description: 'Ids.', priority: 'low' } })).json().data as { id: number };
    for (const assigned_to of [0, Number(HUGE), 1e308, 1.5]) {
      const staffRoute = await t.inject({ method: 'PATCH', url: `/staff/tickets/${ticket.id}/`, auth: support.auth, payload: { assigned_to } });
      expect([staffRoute.statusCode, staffRoute.json()]).toEqual([400, { assigned_to: ['Choose a staff member.'] }]);
      const customerRoute = await t.inject({ method: 'PATCH', url: `/ticket/tickets/${ticket.id}/`, auth: support.auth, payload: { assigned_to } });
      expect([customerRoute.statusCode, customerRoute.json()]).toEqual([400, { assigned_to: ['assigned_to must be a staff user id.'] }]);
    }
    // A reset link whose uid decodes to such a number is a bad link, not a 500.
    const uid = Buffer.from('9999999999').toString('base64url');
    expect((await t.inject({ method: 'POST', url: '/core/reset-password/check/', payload: { uid, token: 'abc' } })).statusCode).toBeLessThan(500);
  });
});

describe('framework errors in DRF shapes, without framework codes', () => {
  it('a malformed URL escape: 400', async () => {
    expectDrf(await t.inject({ url: '/blog/blogposts/%zz' }), 400, { detail: 'Malformed URL: a percent-encoded character is not valid.' });
  });

  it('a 10,000-character path parameter: 414, on every operation that has one', async () => {
    const long = 'x'.repeat(10_000);
    for (const [method, url] of [
      ['GET', `/blog/blogposts/${long}`],
      ['GET', `/domain/check/${long}`],
      ['GET', `/domain/${long}/`],
      ['PATCH', `/api/cart/items/${long}/`],
      ['GET', `/api/invoices/${long}/`],
      ['POST', `/api/invoices/${long}/pay/`],
      ['POST', `/payment/webhook/${long}/`],
      ['GET', `/ticket/tickets/${long}/`],
      ['PATCH', `/ticket/tickets/${long}/`],
      ['GET', `/sandbox/pay/${long}`],
      ['POST', `/sandbox/pay/${long}/approve`],
      ['POST', `/sandbox/pay/${long}/decline`],
    ] as const) {
      expectDrf(await t.inject({ method, url, auth }), 414, { detail: 'A path parameter is too long (at most 200 characters).' });
    }
  });

  it('a known path with a method it does not take: 405 with Allow; an unknown path: 404', async () => {
    const wrong = await t.inject({ method: 'DELETE', url: '/api/cart/', auth });
    expectDrf(wrong, 405, { detail: 'Method "DELETE" not allowed.' });
    expect(wrong.headers.allow).toBe('GET, HEAD, POST');
    const login = await t.inject({ method: 'PUT', url: '/core/login', payload: {} });
    expectDrf(login, 405, { detail: 'Method "PUT" not allowed.' });
    expect(login.headers.allow).toBe('POST');
    expectDrf(await t.inject({ method: 'DELETE', url: '/ticket/tickets/7/', auth }), 405, { detail: 'Method "DELETE" not allowed.' });
    expectDrf(await t.inject({ method: 'GET', url: '/no/such/path/' }), 404, { detail: 'Not found.' });
    expectDrf(await t.inject({ method: 'DELETE', url: '/no/such/path/' }), 404, { detail: 'Not found.' });
  });

  it('unsupported media type: 415', async () => {
    const res = await t.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expectDrf(res, 415, { detail: 'Unsupported media type "application/xml" in request.' });
  });

  it('body too large: 413', async () => {
    const res = await t.inject({ method: 'POST', url: '/core/login/', payload: { username: 'x'.repeat(200_000) } });
    expectDrf(res, 413, { detail: 'Request body is too large (limit 102400 bytes).' });
  });

  it('malformed JSON: 400; an empty JSON body is an empty object (as DRF reads it)', async () => {
    const headers = { 'content-type': 'application/json' };
    expectDrf(await t.inject({ method: 'POST', url: '/core/login/', headers, payload: '{"username":' }), 400, {
      detail: 'JSON parse error - the request body is not valid JSON.',
    });
    // A route that needs a body says which fields are missing; one that needs none answers as without a body.
    const login = await t.inject({ method: 'POST', url: '/core/login/', headers, payload: '' });
    expectDrf(login, 400, login.json());
    expect(login.json()).toEqual({ username: ['An username is required'], password: ['A password is required'] });
    const clear = await t.inject({ method: 'POST', url: '/api/cart/clear_cart/', headers: { ...headers, 'x-forwarded-for': '198.51.100.7' }, payload: '' });
    expect(clear.statusCode).toBe(200);
  });

  it('a forbidden __proto__ key: 400 without the framework message', async () => {
    const res = await t.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect(res.statusCode).toBe(400);
    expectDrf(res, 400, res.json());
  });

  it('an OPTIONS request that is no preflight, and static files with bad names, answer without framework text', async () => {
    const options = await t.inject({ method: 'OPTIONS', url: '/core/login/' });
    expect(options.statusCode).toBeLessThan(300);
    expect(options.body).toBe('');
    expectDrf(await t.inject({ url: '/static/%00' }), 400, { path: [NUL] });
    const long = await t.inject({ url: `/static/${'x'.repeat(5000)}` });
    expectDrf(long, long.statusCode, { detail: expect.any(String) });
    expect(long.statusCode).toBeLessThan(500);
  });

  it('deep nesting: 400 naming the limit', async () => {
    const deep = '{"a":'.repeat(100) + '1' + '}'.repeat(100);
    expectDrf(await t.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload: deep }), 400, {
      non_field_errors: ['The data is nested too deeply (at most 32 levels).'],
    });
  });
});
