import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RdapRegistry, type RdapBootstrap } from './rdap-registry';
import shipped from './dns.json';

const DAY = 24 * 3600 * 1000;
let server: Server;
let base: string;
const hits: string[] = [];

function rdapDomain(name: string, status: string[], registeredDaysAgo: number) {
  return {
    objectClassName: 'domain',
    ldhName: name.toUpperCase(),
    status,
    events: [
      {
        eventAction: 'registration',
        eventDate: new Date(Date.now() - registeredDaysAgo * DAY).toISOString(),
      },
    ],
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    hits.push(url);
    const name = decodeURIComponent(url.split('/domain/')[1] ?? '');
    const json = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/rdap+json' });
      res.end(JSON.stringify(body));
    };
    if (name.startsWith('taken.')) return json(200, rdapDomain(name, ['active'], 900));
    if (name.startsWith('locked.'))
      return json(200, rdapDomain(name, ['client transfer prohibited', 'active'], 900));
    if (name.startsWith('fresh.')) return json(200, rdapDomain(name, ['active'], 10));
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

const registry = () => {
  const bootstrap: RdapBootstrap = {
    services: [
      [['com', 'net'], [`${base}/com/v1/`]],
      [['uk'], [`${base}/uk`]],
    ],
  };
  return new RdapRegistry({ bootstrap, timeoutMs: 1000 });
};

describe('RdapRegistry against a local RDAP server', () => {
  it('reads 404 as available, 200 as registered, errors, timeouts and unknown TLDs as unknown', async () => {
    const r = registry();
    const m = await r.availability([
      'free.com',
      'taken.com',
      'broken.com',
      'slow.com',
      'free.ng',
      'taken.co.uk',
    ]);
    expect(Object.fromEntries(m)).toEqual({
      'free.com': 'available',
      'taken.com': 'registered',
      'broken.com': 'unknown',
      'slow.com': 'unknown',
      'free.ng': 'unknown',
      'taken.co.uk': 'registered',
    });
    expect(hits).toContain('/uk/domain/taken.co.uk');
    expect(hits.some((h) => h.includes('free.ng'))).toBe(false);
  });

  it('caches definite answers but asks again after an unknown one', async () => {
    const r = registry();
    hits.length = 0;
    await r.availability(['taken.net', 'broken.net']);
    await r.availability(['taken.net', 'broken.net']);
    expect(hits.filter((h) => h.endsWith('/taken.net'))).toHaveLength(1);
    expect(hits.filter((h) => h.endsWith('/broken.net'))).toHaveLength(2);
  });

  it('decides transfer eligibility from status and registration date', async () => {
    const r = registry();
    expect(await r.transferEligibility('taken.com')).toEqual({ eligible: true, availability: 'registered' });
    expect((await r.transferEligibility('locked.com')).reason).toMatch(/locked/);
    expect((await r.transferEligibility('fresh.com')).reason).toMatch(/60 days/);
    expect((await r.transferEligibility('free.com')).reason).toMatch(/not registered/);
    expect(await r.transferEligibility('taken.ng')).toMatchObject({
      eligible: false,
      availability: 'unknown',
    });
  });

  it('ships a bootstrap file that covers the gTLDs we sell', () => {
    const r = new RdapRegistry({ bootstrap: shipped as unknown as RdapBootstrap });
    expect(r.baseUrlFor('acme.com')).toBe('https://rdap.verisign.com/com/v1/');
    expect(r.baseUrlFor('acme.co.uk')).toBe('https://rdap.nominet.uk/uk/');
    expect(r.baseUrlFor('acme.dev')).toBe('https://pubapi.registry.google/rdap/');
    expect(r.baseUrlFor('acme.com.ng')).toBeUndefined();
  });
});
