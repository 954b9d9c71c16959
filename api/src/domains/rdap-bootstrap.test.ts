// refreshRdapBootstrap against a local server standing in for data.iana.org: a good file is swapped in; an error, a
// timeout, a page of HTML or a file of the wrong shape keeps the file in use.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import shipped from './dns.json';
import { parseRdapBootstrap, refreshRdapBootstrap } from './rdap-bootstrap';
import { RdapRegistry, type RdapBootstrap } from './rdap-registry';
import { SimulatedRegistry } from './simulated-registry';

let server: Server;
let base: string;

const fresh = {
  description: 'RDAP bootstrap file for Domain Name System registrations',
  publication: '2026-11-22T17:00:01Z',
  services: [
    [['com', 'net'], ['https://rdap.verisign.com/com/v1/']],
    [['ng'], ['https://rdap.nic.net.ng/']],
  ],
  version: '1.0',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (code: number, type: string, body: string) => {
      res.writeHead(code, { 'content-type': type });
      res.end(body);
    };
    switch (req.url) {
      case '/good/dns.json':
        return send(200, 'application/json', JSON.stringify(fresh));
      case '/down/dns.json':
        return send(503, 'text/plain', 'maintenance');
      case '/html/dns.json':
        return send(200, 'text/html', '<html><body>Welcome</body></html>');
      case '/shape/dns.json':
        return send(
          200,
          'application/json',
          JSON.stringify({ version: '1.0', services: [[['com'], 'not-a-list']] }),
        );
      case '/empty/dns.json':
        return send(200, 'application/json', JSON.stringify({ version: '1.0', services: [] }));
      case '/slow/dns.json':
        return void setTimeout(() => send(200, 'application/json', JSON.stringify(fresh)), 2000).unref();
      default:
        return send(404, 'text/plain', 'no');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const bundled = () => new RdapRegistry({ bootstrap: shipped as unknown as RdapBootstrap, whoisServers: {} });

describe('refreshRdapBootstrap', () => {
  it('swaps in a valid file: TLDs it adds are served over RDAP from then on', async () => {
    const r = bundled();
    expect(r.baseUrlFor('acme.ng')).toBeUndefined();
    const result = await refreshRdapBootstrap(r, { url: `${base}/good/dns.json` });
    expect(result).toEqual({ refreshed: true, publication: '2026-11-22T17:00:01Z', tlds: 3 });
    expect(r.baseUrlFor('acme.ng')).toBe('https://rdap.nic.net.ng/');
    expect(r.baseUrlFor('acme.org')).toBeUndefined(); // the new file is the whole truth
  });

  it.each([
    ['an error status', 'down', /answered 503/],
    ['an HTML page', 'html', /JSON/],
    ['a file of the wrong shape', 'shape', /services\[0\]/],
    ['a file without services', 'empty', /services is missing or empty/],
    ['a timeout', 'slow', /abort|timeout/i],
    ['a refused connection', 'refused', /fetch failed|ECONNREFUSED/i],
  ])('keeps the file in use after %s', async (_what, path, reason) => {
    const r = bundled();
    const before = r.bootstrapInfo;
    const url = path === 'refused' ? 'http://127.0.0.1:9/dns.json' : `${base}/${path}/dns.json`;
    const result = await refreshRdapBootstrap(r, { url, timeoutMs: 300 });
    expect(result.refreshed).toBe(false);
    expect(result.refreshed === false && result.reason).toMatch(reason);
    expect(r.bootstrapInfo).toEqual(before);
    expect(r.baseUrlFor('acme.com')).toBe('https://rdap.verisign.com/com/v1/');
  });

  it('has nothing to do for the simulated registry', async () => {
    expect(await refreshRdapBootstrap(new SimulatedRegistry(), { url: `${base}/good/dns.json` })).toEqual({
      refreshed: false,
      reason: 'the simulated registry has no bootstrap file',
    });
  });

  it('accepts the bundled file and IANA-shaped files only', () => {
    expect(parseRdapBootstrap(shipped).services.length).toBeGreaterThan(5);
    expect(() => parseRdapBootstrap({ ...fresh, version: '2.0' })).toThrow(/version/);
    expect(() => parseRdapBootstrap({ ...fresh, publication: 'yesterday' })).toThrow(/publication/);
    expect(() => parseRdapBootstrap({ ...fresh, services: [[['com'], ['ftp://x/']]] })).toThrow(/URL/);
    expect(() => parseRdapBootstrap({ ...fresh, services: [[['c m'], ['https://x/']]] })).toThrow(/TLD/);
  });
});
