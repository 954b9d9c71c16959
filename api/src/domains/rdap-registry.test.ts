// RdapRegistry against a local RDAP server (HTTP) and a local WHOIS server (TCP) on loopback, answering in the shapes
// of RFC 7480/9083 and RFC 3912: 404 with and without an RDAP body, 429 with Retry-After, slow answers, WHOIS
// 'not found', 'registered' and query limits.
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { HostLimiter, parseRetryAfter } from './host-limiter';
import { RdapRegistry, type RdapBootstrap, type RdapOptions } from './rdap-registry';
import shipped from './dns.json';
import type { WhoisServer } from './whois';

const DAY = 24 * 3600 * 1000;
let server: Server;
let base: string;
const hits: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
/** Answers of the `limited.` host: 429 until this many requests were refused. */
let refuse429 = 0;

function rdapDomain(name: string, status: string[], registeredDaysAgo: number, transferredDaysAgo?: number) {
  const events = [
    { eventAction: 'registration', eventDate: new Date(Date.now() - registeredDaysAgo * DAY).toISOString() },
  ];
  if (transferredDaysAgo !== undefined)
    events.push({
      eventAction: 'transfer',
      eventDate: new Date(Date.now() - transferredDaysAgo * DAY).toISOString(),
    });
  return { objectClassName: 'domain', ldhName: name.toUpperCase(), status, events };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    hits.push(url);
    const name = decodeURIComponent(url.split('/domain/')[1] ?? '');
    const json = (code: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(code, { 'content-type': 'application/rdap+json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.startsWith('/ratelimited/')) {
      if (refuse429 > 0) {
        refuse429--;
        return json(429, { errorCode: 429, title: 'Too Many Requests' }, { 'retry-after': '30' });
      }
      return json(404, { errorCode: 404 });
    }
    if (url.startsWith('/html/')) {
      // A misconfigured front end: every path is an HTML 404.
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<html><body><h1>Not Found</h1></body></html>');
    }
    if (url.startsWith('/counted/')) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        json(404, { errorCode: 404 });
      }, 60).unref();
      return;
    }
    if (name.startsWith('taken.')) return json(200, rdapDomain(name, ['active'], 900));
    if (name.startsWith('locked.'))
      return json(200, rdapDomain(name, ['client transfer prohibited', 'active'], 900));
    if (name.startsWith('fresh.')) return json(200, rdapDomain(name, ['active'], 10));
    if (name.startsWith('moved.')) return json(200, rdapDomain(name, ['active'], 900, 20));
    if (name.startsWith('movedlongago.')) return json(200, rdapDomain(name, ['active'], 900, 90));
    if (name.startsWith('dying.')) return json(200, rdapDomain(name, ['pending delete', 'inactive'], 900));
    if (name.startsWith('notadomain.')) return json(200, { objectClassName: 'entity', handle: 'X' });
    if (name.startsWith('broken.')) return json(503, { errorCode: 503 });
    if (name.startsWith('slow.')) {
      setTimeout(() => json(404, { errorCode: 404 }), 2500).unref();
      return;
    }
    json(404, { errorCode: 404, title: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const registry = (options: Partial<RdapOptions> = {}) => {
  const bootstrap: RdapBootstrap = {
    services: [
      [['com', 'net'], [`${base}/com/v1/`]],
      [['uk'], [`${base}/uk`]],
      [['xyz'], [`${base}/html/`]],
      [['org'], [`${base}/ratelimited/`]],
      [['dev'], [`${base}/counted/`]],
    ],
  };
  return new RdapRegistry({ bootstrap, timeoutMs: 1000, whoisServers: {}, ...options });
};

describe('RdapRegistry against a local RDAP server', () => {
  it('reads an RDAP 404 as available, 200 as registered, errors, timeouts and unknown TLDs as unknown', async () => {
    const r = registry();
    const m = await r.availability([
      'free.com',
      'taken.com',
      'broken.com',
      'slow.com',
      'notadomain.com',
      'free.ng',
      'taken.co.uk',
    ]);
    expect(Object.fromEntries(m)).toEqual({
      'free.com': 'available',
      'taken.com': 'registered',
      'broken.com': 'unknown',
      'slow.com': 'unknown',
      'notadomain.com': 'unknown',
      'free.ng': 'unknown',
      'taken.co.uk': 'registered',
    });
    expect(hits).toContain('/uk/domain/taken.co.uk');
    expect(hits.some((h) => h.includes('free.ng'))).toBe(false);
  });

  it('does not read an HTML 404 as "not registered"', async () => {
    const r = registry();
    expect(Object.fromEntries(await r.availability(['anything.xyz', 'free.com']))).toEqual({
      'anything.xyz': 'unknown',
      'free.com': 'available',
    });
  });

  it('caches definite answers, and unknown ones only briefly', async () => {
    let now = 1_000_000;
    const r = registry({ now: () => now, unknownTtlMs: 15_000 });
    hits.length = 0;
    await r.availability(['taken.net', 'broken.net']);
    await r.availability(['taken.net', 'broken.net']);
    expect(hits.filter((h) => h.endsWith('/taken.net'))).toHaveLength(1);
    expect(hits.filter((h) => h.endsWith('/broken.net'))).toHaveLength(1);
    now += 16_000;
    await r.availability(['taken.net', 'broken.net']);
    expect(hits.filter((h) => h.endsWith('/taken.net'))).toHaveLength(1);
    expect(hits.filter((h) => h.endsWith('/broken.net'))).toHaveLength(2);
  });

  it('honours 429 Retry-After: the server is left alone until then, and the names are unknown, not taken', async () => {
    let now = 5_000_000;
    const r = registry({ now: () => now, unknownTtlMs: 0 });
    hits.length = 0;
    refuse429 = 1;
    expect((await r.availability(['one.org'])).get('one.org')).toBe('unknown');
    expect(r.limiter.backingOffFor(new URL(base).host)).toBe(30_000);
    // Within the 30 s: no request at all to that server, and the customer hears 'unknown', not 'taken'.
    expect(Object.fromEntries(await r.availability(['two.org', 'free.com']))).toEqual({
      'two.org': 'unknown',
      'free.com': 'unknown',
    });
    // Same host serves .com here (one loopback server): back-off is per server, so .com waits too.
    expect(hits.filter((h) => h.includes('/ratelimited/'))).toHaveLength(1);
    expect(hits.some((h) => h.endsWith('/free.com'))).toBe(false);
    now += 31_000;
    expect((await r.availability(['two.org'])).get('two.org')).toBe('available');
    expect(hits.filter((h) => h.includes('/ratelimited/'))).toHaveLength(2);
  });

  it('reads Retry-After as seconds or as an HTTP date, and backs off without one, doubling', () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    const limiter = new HostLimiter({ now: () => now, baseBackoffMs: 5000, maxBackoffMs: 60_000 });
    expect(limiter.backOff('a', null)).toBe(5000);
    expect(limiter.backOff('a', 'garbage')).toBe(10_000);
    expect(limiter.backOff('a', null)).toBe(20_000);
    expect(limiter.backOff('a', '86400')).toBe(60_000); // capped
    expect(limiter.backingOffFor('b')).toBe(0);
    now += 60_000;
    expect(limiter.backingOffFor('a')).toBe(0);
    limiter.succeeded('a');
    expect(limiter.backOff('a', null)).toBe(5000);
  });

  it('keeps at most maxParallel lookups in flight per server', async () => {
    const r = registry({ limits: { maxParallel: 2 } });
    maxInFlight = 0;
    const names = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'].map((l) => `${l}.dev`);
    const m = await r.availability(names);
    expect([...m.values()].every((s) => s === 'available')).toBe(true);
    expect(maxInFlight).toBe(2);
  });

  it('decides transfer eligibility from status, registration and last transfer dates', async () => {
    const r = registry();
    expect(await r.transferEligibility('taken.com')).toEqual({ eligible: true, availability: 'registered' });
    expect((await r.transferEligibility('locked.com')).reason).toMatch(/locked/);
    expect((await r.transferEligibility('fresh.com')).reason).toMatch(/registered less than 60 days/);
    expect((await r.transferEligibility('moved.com')).reason).toMatch(/transferred less than 60 days/);
    expect(await r.transferEligibility('movedlongago.com')).toEqual({
      eligible: true,
      availability: 'registered',
    });
    expect(await r.transferEligibility('dying.com')).toMatchObject({
      eligible: false,
      reason: expect.stringMatching(/pending delete/),
    });
    expect((await r.transferEligibility('free.com')).reason).toMatch(/not registered/);
    expect(await r.transferEligibility('taken.ng')).toMatchObject({
      eligible: false,
      availability: 'unknown',
    });
  });

  it('reads the 60 days on the store clock (today), not the wall clock', async () => {
    const r = registry({ today: () => Date.now() + 45 * DAY });
    // Transferred 20 days ago by the wall clock, 65 days ago by the store's clock.
    expect(await r.transferEligibility('moved.net')).toEqual({ eligible: true, availability: 'registered' });
  });

  it('ships a bootstrap file that covers the gTLDs we sell', () => {
    const r = new RdapRegistry({ bootstrap: shipped as unknown as RdapBootstrap });
    expect(r.baseUrlFor('acme.com')).toBe('https://rdap.verisign.com/com/v1/');
    expect(r.baseUrlFor('acme.co.uk')).toBe('https://rdap.nominet.uk/uk/');
    expect(r.baseUrlFor('acme.dev')).toBe('https://pubapi.registry.google/rdap/');
    expect(r.baseUrlFor('acme.com.ng')).toBeUndefined();
    // ...and the TLDs it lacks go to WHOIS.
    expect(r.whoisServerFor('acme.com.ng')?.host).toBe('whois.nic.net.ng');
    expect(r.whoisServerFor('acme.ng')?.host).toBe('whois.nic.net.ng');
  });
});

describe('RdapRegistry over WHOIS (RFC 3912) for TLDs without RDAP', () => {
  let whois: net.Server;
  let port: number;
  const queries: string[] = [];
  let limitedLeft = 0;

  beforeAll(async () => {
    whois = net.createServer((socket) => {
      let buf = '';
      socket.on('data', (c: Buffer) => {
        buf += c.toString('latin1');
        if (!buf.includes('\r\n')) return;
        const q = buf.split('\r\n', 1)[0]!.trim();
        queries.push(q);
        if (q.startsWith('silent.')) return; // accepts, never answers
        if (q.startsWith('busy.') && limitedLeft-- > 0)
          return void socket.end('%% Query limit exceeded. Try again later.\r\n');
        if (q.startsWith('taken.') || q.startsWith('locked.') || q.startsWith('dying.')) {
          const status = q.startsWith('locked.')
            ? 'clientTransferProhibited https://icann.org/epp#clientTransferProhibited'
            : q.startsWith('dying.')
              ? 'pendingDelete https://icann.org/epp#pendingDelete'
              : 'ok https://icann.org/epp#ok';
          return void socket.end(
            [
              `Domain Name: ${q}`,
              'Registry Domain ID: D1234-NG',
              'Registrar WHOIS Server: whois.example-registrar.ng',
              'Creation Date: 2019-05-02T10:00:00Z',
              `Domain Status: ${status}`,
              '>>> Last update of WHOIS database: 2026-11-22T10:00:00Z <<<',
              '',
            ].join('\r\n'),
          );
        }
        if (q.startsWith('garbage.')) return void socket.end('Service temporarily unavailable\r\n');
        socket.end(`Domain Name: ${q}\r\nDomain Status: No Object Found\r\n`);
      });
    });
    await new Promise<void>((r) => whois.listen(0, '127.0.0.1', r));
    port = (whois.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => whois.close(r));
  });

  const withWhois = (options: Partial<RdapOptions> = {}) => {
    const server: WhoisServer = { host: '127.0.0.1', port, notFound: [/No Object Found/i] };
    return registry({ whoisServers: { ng: server, 'com.ng': server }, whoisTimeoutMs: 300, ...options });
  };

  it("reads 'not found' as available and a record as registered; silence and odd answers are unknown", async () => {
    const r = withWhois();
    const started = Date.now();
    const m = await r.availability([
      'free.ng',
      'taken.ng',
      'free.com.ng',
      'taken.com.ng',
      'silent.ng',
      'garbage.ng',
      'free.com',
    ]);
    expect(Object.fromEntries(m)).toEqual({
      'free.ng': 'available',
      'taken.ng': 'registered',
      'free.com.ng': 'available',
      'taken.com.ng': 'registered',
      'silent.ng': 'unknown',
      'garbage.ng': 'unknown',
      'free.com': 'available', // RDAP still answers for .com
    });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290); // the silent server costs its timeout (300 ms)...
    expect(took).toBeLessThan(2000); // ...and no more
    expect(queries).toEqual(expect.arrayContaining(['free.ng', 'taken.com.ng']));
  });

  it('reads transfer locks and pendingDelete from the WHOIS statuses', async () => {
    const r = withWhois();
    expect(await r.transferEligibility('taken.com.ng')).toEqual({
      eligible: true,
      availability: 'registered',
    });
    expect((await r.transferEligibility('locked.ng')).reason).toMatch(/locked/);
    expect((await r.transferEligibility('dying.ng')).reason).toMatch(/pending delete/);
    expect((await r.transferEligibility('free.ng')).reason).toMatch(/not registered/);
  });

  it('backs off a WHOIS server that answers with a query limit', async () => {
    let now = 9_000_000;
    const r = withWhois({ now: () => now, unknownTtlMs: 0 });
    limitedLeft = 1;
    queries.length = 0;
    expect((await r.availability(['busy.ng'])).get('busy.ng')).toBe('unknown');
    expect((await r.availability(['busy.com.ng'])).get('busy.com.ng')).toBe('unknown');
    expect(queries).toEqual(['busy.ng']); // the second one was not sent
    now += 10 * 60_000;
    expect((await r.availability(['busy.com.ng'])).get('busy.com.ng')).toBe('available');
  });
});
