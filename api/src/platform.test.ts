// The platform: error shapes, CORS, security headers, OpenAPI, rate limits, dev mailbox, configuration.
import { loadConfig, ConfigError } from './config';
import { appOn, createTestApp, type TestApp } from './test/app';
/** Production refuses to start without a security key (issue 17). */
const PROD_KEY = 'x'.repeat(32);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('errors are DRF-shaped, never a stack trace', () => {
  it('unknown route: 404 {detail: "Not found."}; a known one with another method: 405, as DRF', async () => {
    for (const [method, url] of [['GET', '/nope'], ['POST', '/core/nope/']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const wrong = await t.app.inject({ method: 'DELETE', url: '/manager/faqs/' });
    expect([wrong.statusCode, wrong.json(), wrong.headers.allow]).toEqual([405, { detail: 'Method "DELETE" not allowed.' }, 'GET, HEAD']);
  });

  it('malformed JSON: 400 {detail}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload: '{"username": "demo",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('empty JSON body (an empty object, as DRF reads it) and missing body: 400', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ username: ['An username is required'], password: ['A password is required'] });
    const none = await t.app.inject({ method: 'POST', url: '/core/login/' });
    expect(none.statusCode).toBe(400);
    expect(none.json().non_field_errors[0]).toMatch(/^Invalid data\. Expected a dictionary, but got /);
  });

  it('JSON that is not an object: 400 non_field_errors', async () => {
    for (const [payload, type] of [['"text"', 'str'], ['42', 'int'], ['null', 'null'], ['[]', 'list']]) {
      const res = await t.app.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`] });
    }
  });

  it('oversized body: 413 {detail}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/core/login/', payload: { username: 'demo', password: 'x'.repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/too large/);
  });

  it('unsupported media type: 415 {detail}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/xml' }, payload: '<u>demo</u>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });
  });

  it('an internal error is a 500 {detail} without details', async () => {
    const app = await appOn(t, {}, undefined, (a) =>
      a.get('/boom', async () => {
        throw new Error('secret internal detail');
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'A server error occurred.' });
    await app.close();
  });
});

describe('HTTP platform', () => {
  it('CORS allows the storefront origin with credentials, and nothing else', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/manager/faqs/', headers: { origin: 'http://localhost:3000' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/core/login/',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const evil = await t.app.inject({ method: 'GET', url: '/manager/faqs/', headers: { origin: 'http://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS origins come from STOREFRONT_ORIGINS', async () => {
    const app = await appOn(t, { STOREFRONT_ORIGINS: 'http://shop.test:3000, http://other.test' });
    const res = await app.inject({ method: 'GET', url: '/manager/faqs/', headers: { origin: 'http://other.test' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://other.test');
    const old = await app.inject({ method: 'GET', url: '/manager/faqs/', headers: { origin: 'http://localhost:3000' } });
    expect(old.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manager/faqs/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('describes itself with OpenAPI at /docs/json and a page at /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/core/register/', '/core/login/', '/core/refresh', '/core/me/', '/manager/faqs/', '/blog/blogposts/{key}', '/api/services/']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const html = await t.app.inject({ method: 'GET', url: page.statusCode === 302 ? String(page.headers.location) : '/docs' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toMatch(/swagger/i);
  });

  it('rate limits login strictly: 429 with Retry-After and a DRF detail', async () => {
    const app = await appOn(t, { RATE_LIMIT: 'true', AUTH_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '1000' });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({ method: 'POST', url: '/core/login/', payload: { username: 'demo', password: 'wrong-password' } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toEqual({ detail: `Request was throttled. Expected available in ${last!.headers['retry-after']} seconds.` });
    // Content routes are under the generous general limit.
    expect((await app.inject({ method: 'GET', url: '/manager/faqs/' })).statusCode).toBe(200);
    await app.close();
  });

  it('the general limit applies to every route, not to the pictures under /static/', async () => {
    const app = await appOn(t, { RATE_LIMIT: 'true', RATE_LIMIT_MAX: '2' });
    const pictures = [];
    for (const url of ['/static/blog/default.jpg', '/static/slides/slide-1.svg', '/static/testimonials/chioma-eze.png']) {
      for (let i = 0; i < 2; i++) pictures.push((await app.inject({ method: 'GET', url, headers: { accept: 'image/webp,*/*' } })).statusCode);
    }
    expect(pictures).toEqual([200, 200, 200, 200, 200, 200]);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: '/manager/faqs/' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await app.close();
  });
});

describe('development mailbox', () => {
  it('GET /dev/outbox lists mails newest first with a ?to= filter; /dev/mailbox shows them', async () => {
    await t.app.inject({ method: 'POST', url: '/core/login/', payload: { username: 'demo', password: 'demo-pass-2024' } });
    await t.app.inject({ method: 'POST', url: '/core/login/', payload: { username: 'support', password: 'support-pass-2024' } });
    const all = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json();
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(all[0]).sort()).toEqual(['created_at', 'html', 'id', 'subject', 'text', 'to']);
    expect(all[0].id).toBeGreaterThan(all[1].id);
    expect(all[0].to).toBe('support@hosthub.test');
    const demo = (await t.app.inject({ method: 'GET', url: '/dev/outbox?to=DEMO@example.com' })).json();
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((m: { to: string }) => m.to === 'demo@example.com')).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Your HostHub login code');
  });

  it('both answer 404 in production', async () => {
    const app = await appOn(t, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', MAIL_FROM: 'HostHub <no-reply@hosthub.ng>', SECURITY_SECRET_KEY: PROD_KEY });
    for (const url of ['/dev/outbox', '/dev/mailbox']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    await app.close();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8000,
      apiBaseUrl: 'http://localhost:8000',
      storefrontUrl: 'http://localhost:3000',
      storefrontOrigins: ['http://localhost:3000'],
      databaseUrl: undefined,
      smtpUrl: undefined,
      nodeEnv: 'development',
      seed: true,
    });
    expect(c.dataDir).toMatch(/\.data$/);
  });

  it('fails fast with one clear message naming each bad variable', () => {
    expect(() => loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'prod' })).toThrow(ConfigError);
    try {
      loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/API_PORT="eighty": API_PORT must be a whole number/);
      expect((err as Error).message).toMatch(/DATABASE_URL=.*must start with postgres/);
    }
  });

  it('never seeds in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'true', PAYMENT_PROVIDER: 'sandbox', MAIL_FROM: 'a@hosthub.ng', SECURITY_SECRET_KEY: PROD_KEY }).seed).toBe(false);
  });
});
