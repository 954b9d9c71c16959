// The DNS record rules the API and the domain page share: one spelling per record, names relative to the zone.
import * as v from 'valibot';
import { dnsRecordSchema, relativeName } from './domain-management';

const ZONE = 'xn--bcher-kva.com'; // bücher.com
const parse = (input: Record<string, unknown>) => v.parse(dnsRecordSchema(ZONE), { ttl: 300, ...input });

it('a name typed in Unicode is made relative to the zone as its punycode is (not the zone written twice)', () => {
  expect(relativeName('mail.bücher.com', ZONE)).toBe('mail');
  expect(relativeName('Bücher.com.', ZONE)).toBe('@');
  expect(relativeName('mail.xn--bcher-kva.com', ZONE)).toBe('mail');
  expect(parse({ type: 'A', name: 'mail.bücher.com', value: '192.0.2.1' }).name).toBe('mail');
  expect(parse({ type: 'A', name: 'café', value: '192.0.2.1' }).name).toBe('xn--caf-dma');
});

it('an IPv6 address has one spelling (RFC 5952), so two spellings of one address are one record', () => {
  for (const value of ['2001:DB8::1', '2001:db8:0:0::1', '2001:0db8:0000:0000:0000:0000:0000:0001']) {
    expect(parse({ type: 'AAAA', name: 'www', value }).value).toBe('2001:db8::1');
  }
});

it("a CAA record's tag and issuer domain are case-insensitive; its parameters and an iodef URL are kept", () => {
  expect(parse({ type: 'CAA', name: '@', value: 'LetsEncrypt.org', tag: 'issue' }).value).toBe('letsencrypt.org');
  expect(parse({ type: 'CAA', name: '@', value: 'Pki.Example; account=AbC', tag: 'issuewild' }).value).toBe('pki.example; account=AbC');
  expect(parse({ type: 'CAA', name: '@', value: 'mailto:Sec@Example.com', tag: 'iodef' }).value).toBe('mailto:Sec@Example.com');
});
