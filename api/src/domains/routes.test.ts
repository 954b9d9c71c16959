// Domain calls on the simulated registry (default) and, in a second app, on RDAP against a local RDAP server.
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../commerce/test-app';

type Offer = {
  domain: string;
  price: number;
  renewal_price: number;
  available: boolean;
  id: number;
  service: number;
};

describe('simulated registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  test('suggestions: typed name first, the label across TLDs, then variations; ten per page', async () => {
    const res = await t.inject({ url: '/domain/suggestions/?domain=  WWW.Jumia.CO.UK/shop &currency=USD' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      result: string;
      suggestions: Offer[];
      total_pages: number;
      has_next: boolean;
    };
    expect(body.result).toBe('success');
    expect(body.suggestions).toHaveLength(10);
    expect(body.suggestions[0]).toEqual(
      expect.objectContaining({
        domain: 'jumia.co.uk',
        price: 6.99,
        renewal_price: 9.49,
        available: false,
        id: 9,
        service: 1,
      }),
    );
    expect(body.suggestions.slice(1, 4).map((s) => s.domain)).toEqual([
      'jumia.com',
      'jumia.ng',
      'jumia.com.ng',
    ]);
    expect(body.suggestions.every((s) => s.domain.startsWith('jumia.') && !s.available)).toBe(true);
    // 12 TLDs + 10 variations x 3 TLDs = 42 names
    expect(body).toMatchObject({ total_pages: 5, has_next: true, count: 42 });
    const p2 = (await t.inject({ url: '/domain/suggestions/?domain=jumia.co.uk&page=2' })).json() as {
      suggestions: Offer[];
      has_next: boolean;
    };
    expect(body.suggestions[9]!.domain).toBe('jumia.dev');
    expect(p2.suggestions.map((s) => s.domain).slice(0, 2)).toEqual(['jumia.app', 'jumia.xyz']);
    expect(p2.suggestions[2]).toMatchObject({ domain: 'getjumia.com', available: true });
    const last = (await t.inject({ url: '/domain/suggestions/?domain=jumia.co.uk&page=5' })).json();
    expect(last.suggestions).toHaveLength(2);
    expect(last.has_next).toBe(false);
    expect((await t.inject({ url: '/domain/suggestions/?domain=jumia.co.uk&page=6' })).statusCode).toBe(404);
  });

  test('suggestions in NGN, for a bare label, for an IDN and for a TLD we do not sell', async () => {
    const ngn = (
      await t.inject({ url: '/domain/suggestions/?domain=tundeskitchen&currency=ngn' })
    ).json() as { suggestions: Offer[] };
    expect(ngn.suggestions[0]).toMatchObject({
      domain: 'tundeskitchen.com',
      price: 18500,
      renewal_price: 21000,
      available: true,
    });
    const idn = (
      await t.inject({ url: `/domain/suggestions/?domain=${encodeURIComponent('Bücher.ng')}` })
    ).json() as { suggestions: Offer[] };
    expect(idn.suggestions[0]!.domain).toBe('xn--bcher-kva.ng');
    // As people write it, for the page to show; names in plain letters have no such field.
    expect(idn.suggestions[0]).toMatchObject({ domain_unicode: 'bücher.ng' });
    expect(ngn.suggestions[0]).not.toHaveProperty('domain_unicode');
    const gov = (await t.inject({ url: '/domain/suggestions/?domain=acme.gov' })).json();
    expect(gov.suggestions[0].domain).toBe('acme.com');
    expect(gov.message).toMatch(/We do not sell \.gov domains/);
  });

  test.each([
    ['', { domain: ['Enter a domain name to search.'] }],
    ['domain=' + 'a'.repeat(300), { domain: ['A domain name cannot be longer than 253 characters.'] }],
    ['domain=bad_name.com', { domain: [expect.stringMatching(/^Enter a valid domain name/)] }],
    ['domain=acme&currency=EUR', { currency: ['We do not sell in "EUR". Choose one of USD, NGN.'] }],
    ['domain=acme&page=0', { page: ['Enter a page number of 1 or more.'] }],
    ['domain=acme&page=x', { page: ['Enter a page number of 1 or more.'] }],
  ])('suggestions?%s is a 400 with a clear message', async (query, body) => {
    const res = await t.inject({ url: `/domain/suggestions/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  test('check one name', async () => {
    expect((await t.inject({ url: '/domain/check/facebook.ng?currency=NGN' })).json()).toEqual(
      expect.objectContaining({
        domain: 'facebook.ng',
        price: 15000,
        renewal_price: 15000,
        available: false,
        id: 2,
        service: 1,
      }),
    );
    expect((await t.inject({ url: '/domain/check/mybrand-lagos.org' })).json()).toMatchObject({
      available: true,
      price: 11.99,
      id: 5,
    });
    expect((await t.inject({ url: '/domain/check/mybrand' })).json()).toEqual({
      domain: ['Enter the full domain name with its extension, like acme.com.'],
    });
    expect((await t.inject({ url: '/domain/check/mybrand.gov' })).statusCode).toBe(400);
  });

  test('transfer eligibility', async () => {
    const post = (payload: unknown) =>
      t.inject({ method: 'POST', url: '/domain/check-transfer-eligibility/', payload: payload as object });
    expect((await post({ domain: 'jumia.com.ng', currency: 'NGN' })).json()).toEqual({
      domain: 'jumia.com.ng',
      eligible: true,
      transfer_price: 6500,
      renewal_price: 6500,
      currency: 'NGN',
      message: 'jumia.com.ng can be transferred to us.',
      id: 3,
      service: 1,
    });
    // The search's suggestions carry the same transfer price (its transfer mode shows it), in either currency.
    for (const currency of ['NGN', 'USD']) {
      const offered = (await t.inject({ url: `/domain/suggestions/?domain=jumia.com.ng&currency=${currency}` })).json();
      const checked = (await post({ domain: 'jumia.com.ng', currency })).json();
      expect(offered.suggestions[0]).toMatchObject({ domain: 'jumia.com.ng', transfer_price: checked.transfer_price });
    }
    const google = (await post({ domain: 'google.com' })).json();
    expect(google).toMatchObject({
      domain: 'google.com',
      eligible: false,
      transfer_price: 12.99,
      message: 'google.com is not eligible for transfer.',
    });
    expect(google.error).toMatch(/locked at its current registrar/);
    expect((await post({ domain: 'free-name-xyz.com' })).json().error).toMatch(/not registered yet/);
    expect((await post({})).json()).toEqual({ domain: ['This field is required.'] });
    expect((await post({ domain: 'x'.repeat(300) })).json()).toEqual({
      domain: ['A domain name cannot be longer than 253 characters.'],
    });
  });

  test('premium names carry their own price; reserved and blocked names are never offered (names.json)', async () => {
    const check = async (d: string, currency = 'USD') =>
      (await t.inject({ url: `/domain/check/${d}?currency=${currency}` })).json() as Offer & {
        status: string;
        premium: boolean;
      };
    // .xyz lists at 1.99; crypto.xyz is premium at 12,500.00 (renewal too), hotels.xyz at 850.00 (list renewal).
    expect(await check('crypto.xyz')).toMatchObject({
      available: true,
      status: 'available',
      premium: true,
      price: 12500,
      renewal_price: 12500,
    });
    expect(await check('hotels.xyz')).toMatchObject({ premium: true, price: 850, renewal_price: 13.99 });
    expect(await check('naija.ng', 'NGN')).toMatchObject({ premium: true, price: 2_250_000, renewal_price: 15000 });
    expect(await check('hotels.xyz', 'NGN')).toMatchObject({ price: 1_317_500 }); // converted from USD
    expect(await check('plain-name.xyz')).toMatchObject({ premium: false, price: 1.99 });
    expect(await check('nic.com')).toMatchObject({ available: false, status: 'reserved', premium: false });
    expect(await check('gov.ng')).toMatchObject({ available: false, status: 'blocked' });
    expect(await check('example.com')).toMatchObject({ available: false, status: 'registered' });
    // A suffix the store sells is a registry's zone, never a name (co.uk is .uk's 'co', com.ng is .ng's 'com').
    for (const suffix of ['co.uk', 'com.ng', 'org.uk']) expect(await check(suffix)).toMatchObject({ available: false, status: 'blocked' });

    const cart = async (name: string, product_id: number) =>
      t.inject({
        method: 'POST',
        url: '/api/cart/',
        payload: { service_id: 1, product_id, currency: 'USD', metadata: { domain_name: name } },
      });
    expect((await cart('nic.com', 1)).json()).toEqual({
      domain_name: ['nic.com is reserved by its registry and cannot be registered.'],
    });
    expect((await cart('gov.ng', 2)).json()).toEqual({
      domain_name: ['gov.ng is blocked by its registry and cannot be registered.'],
    });
    const ukId = (await t.inject({ url: '/domain/check/co.uk?currency=USD' })).json().id as number;
    expect((await cart('co.uk', ukId)).json()).toEqual({
      domain_name: ['co.uk is blocked by its registry and cannot be registered.'],
    });
    const added = await cart('crypto.xyz', 12);
    expect(added.statusCode).toBe(200);
    const cookie = added.headers['set-cookie'];
    const view = (
      await t.inject({ url: '/api/cart/?currency=USD', headers: { cookie: String(cookie).split(';')[0]! } })
    ).json() as { items: { price: number; metadata: { domain_name: string } }[] };
    expect(view.items.find((i) => i.metadata.domain_name === 'crypto.xyz')?.price).toBe(12500);
  });

  test('a label with -- in the third and fourth places is refused unless it is an A-label', async () => {
    expect((await t.inject({ url: '/domain/check/ab--cd.com' })).json()).toEqual({
      domain: [expect.stringMatching(/hyphens in both the third and fourth places/)],
    });
    expect((await t.inject({ url: '/domain/check/xn--mller-kva.com' })).json()).toMatchObject({
      domain: 'xn--mller-kva.com',
      available: true,
    });
  });

  test("the customer's domains need a session", async () => {
    expect((await t.inject({ url: '/domain/' })).statusCode).toBe(401);
    const u = await t.user();
    expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toEqual([]);
    expect((await t.inject({ url: '/domain/999999/', auth: u.auth })).statusCode).toBe(404);
  });
});

describe('RDAP registry (DOMAIN_REGISTRY=rdap) against a local RDAP server', () => {
  let t: TestApp;
  let server: Server;
  let whois: net.Server;
  let bootstrapFile: string;
  let whoisFile: string;
  /** Names the RDAP server answers with 429 (Retry-After: 60) from now on. */
  const limited = new Set<string>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = decodeURIComponent(req.url?.split('/domain/')[1] ?? '');
      const send = (code: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(code, { 'content-type': 'application/rdap+json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (limited.has(name)) return send(429, { errorCode: 429 }, { 'retry-after': '60' });
      if (req.url?.startsWith('/html/')) {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not Found</h1>');
      }
      if (name.startsWith('taken'))
        return send(200, {
          objectClassName: 'domain',
          ldhName: name,
          status: ['active'],
          events: [{ eventAction: 'registration', eventDate: '2015-01-01T00:00:00Z' }],
        });
      if (name.startsWith('locked'))
        return send(200, {
          objectClassName: 'domain',
          ldhName: name,
          status: ['client transfer prohibited'],
        });
      if (name.startsWith('slow')) return void setTimeout(() => send(404, {}), 3000).unref();
      send(404, { errorCode: 404 });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A WHOIS server (RFC 3912) for .ng and .com.ng, in the CoCCA wording NiRA uses.
    whois = net.createServer((socket) => {
      socket.once('data', (c: Buffer) => {
        const q = c.toString('latin1').trim();
        socket.end(
          q.startsWith('taken')
            ? `Domain Name: ${q}\r\nCreation Date: 2018-01-01T00:00:00Z\r\nDomain Status: ok\r\n`
            : `Domain Name: ${q}\r\nDomain Status: No Object Found\r\n`,
        );
      });
    });
    await new Promise<void>((r) => whois.listen(0, '127.0.0.1', r));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdap-'));
    bootstrapFile = path.join(dir, 'dns.json');
    fs.writeFileSync(
      bootstrapFile,
      JSON.stringify({
        version: '1.0',
        services: [
          [['com', 'net', 'org'], [`${base}/v1/`]],
          [['xyz'], [`${base}/html/`]],
        ],
      }),
    );
    whoisFile = path.join(dir, 'whois.json');
    const entry = { host: '127.0.0.1', port: (whois.address() as AddressInfo).port, notFound: ['No Object Found'] };
    fs.writeFileSync(whoisFile, JSON.stringify({ ng: entry, 'com.ng': entry }));
    t = await startTestApp({
      DOMAIN_REGISTRY: 'rdap',
      RDAP_BOOTSTRAP_FILE: bootstrapFile,
      RDAP_TIMEOUT_MS: '1000',
      WHOIS_SERVERS_FILE: whoisFile,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(path.dirname(bootstrapFile), { recursive: true, force: true });
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await new Promise((r) => whois.close(r));
  });

  test('404 is available, 200 registered; a timeout or a TLD without RDAP is never available', async () => {
    const check = async (d: string) =>
      (await t.inject({ url: `/domain/check/${d}` })).json() as Offer & { status: string };
    expect(await check('free-one.com')).toMatchObject({ available: true, status: 'available' });
    expect(await check('taken-one.com')).toMatchObject({ available: false, status: 'registered' });
    expect(await check('slow-one.com')).toMatchObject({ available: false, status: 'unknown' });
    expect(await check('free-one.dev')).toMatchObject({ available: false, status: 'unknown' }); // no RDAP nor WHOIS
    expect(await check('free-one.xyz')).toMatchObject({ available: false, status: 'unknown' }); // HTML 404
    const add = await t.inject({
      method: 'POST',
      url: '/api/cart/',
      payload: { service_id: 1, product_id: 12, metadata: { domain_name: 'free-one.xyz' } },
    });
    expect(add.json()).toEqual({
      domain_name: ['We could not confirm that free-one.xyz is available. Please try again shortly.'],
    });
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/cart/',
          payload: { service_id: 1, product_id: 1, metadata: { domain_name: 'free-one.com' } },
        })
      ).statusCode,
    ).toBe(200);
  });

  test('transfer eligibility reads the RDAP status', async () => {
    const post = (domain: string) =>
      t.inject({ method: 'POST', url: '/domain/check-transfer-eligibility/', payload: { domain } });
    expect((await post('taken-two.com')).json().eligible).toBe(true);
    expect((await post('locked-two.com')).json()).toMatchObject({
      eligible: false,
      error: expect.stringMatching(/locked/),
    });
    expect((await post('taken-two.ng')).json()).toMatchObject({ eligible: true }); // over WHOIS
    expect((await post('taken-two.dev')).json()).toMatchObject({
      eligible: false,
      error: expect.stringMatching(/could not reach the registry/),
    });
  });

  test('.ng and .com.ng are sold: WHOIS says which names are free', async () => {
    const check = async (d: string) =>
      (await t.inject({ url: `/domain/check/${d}` })).json() as Offer & { status: string };
    expect(await check('free-one.ng')).toMatchObject({ available: true, status: 'available' });
    expect(await check('taken-one.com.ng')).toMatchObject({ available: false, status: 'registered' });
    const add = await t.inject({
      method: 'POST',
      url: '/api/cart/',
      payload: { service_id: 1, product_id: 3, metadata: { domain_name: 'free-two.com.ng' } },
    });
    expect(add.statusCode).toBe(200);
  });

  test("a rate-limited registry is 'could not check right now', at search and at checkout", async () => {
    const u = await t.user();
    const name = `ratelimit-${Date.now().toString(36)}.com`;
    const add = await t.inject({
      method: 'POST',
      url: '/api/cart/',
      auth: u.auth,
      payload: { service_id: 1, product_id: 1, metadata: { domain_name: name } },
    });
    expect(add.statusCode).toBe(200);
    limited.add(name); // from now on the registry answers 429 with Retry-After: 60
    const res = await t.inject({
      method: 'POST',
      url: '/api/checkout/',
      auth: u.auth,
      payload: { payment_kind: 'wallet', currency: 'USD' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `We could not check ${name} right now, try again in a few minutes.` });
    // The server is backed off: the search answers at once, 'unknown', never 'available' nor 'registered'.
    const search = (await t.inject({ url: `/domain/suggestions/?domain=${name}` })).json() as {
      suggestions: (Offer & { status: string })[];
    };
    expect(search.suggestions.filter((s) => s.domain.endsWith('.com') || s.domain.endsWith('.net')).every(
      (s) => s.status === 'unknown' && !s.available,
    )).toBe(true);
  });
});

describe('a name list without the registries\' second levels (DOMAIN_NAMES_FILE)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'names-'));
    fs.writeFileSync(path.join(dir, 'names.json'), JSON.stringify({ tlds: {} }));
    t = await startTestApp({ DOMAIN_NAMES_FILE: path.join(dir, 'names.json') });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a suffix the store sells is still never sold as a name', async () => {
    const check = async (d: string) => (await t.inject({ url: `/domain/check/${d}?currency=USD` })).json() as { status: string };
    expect(await check('co.uk')).toMatchObject({ status: 'blocked' });
    expect(await check('com.ng')).toMatchObject({ status: 'blocked' });
    // Only the suffixes themselves: their names, and .uk's other labels this list does not block, are for sale.
    expect(await check('shop-on.co.uk')).toMatchObject({ status: 'available' });
    expect(await check('org.uk')).toMatchObject({ status: 'available' });
  });
});
