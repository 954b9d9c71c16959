// The DNS record rules the API and the domain page share: one spelling per record, names relative to the zone.
import * as v from 'valibot';
import { dnsRecordSchema, DOMAIN_MESSAGES, relativeName, txtText } from './domain-management';

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

it('an AAAA value with a lone colon at either end is refused (it was stored, and served as another address)', () => {
  for (const value of [':1::2', '1::2:', ':1::1.2.3.4', ':1:2:3:4:5:6:7', '1:2:3:4:5:6:7:']) {
    expect([value, issues({ type: 'AAAA', name: 'six', value })]).toEqual([value, { value: [DOMAIN_MESSAGES.ipv6] }]);
  }
  for (const value of ['::', '::1', '1::', 'fe80::1:2', '::ffff:192.0.2.1', '1:2:3:4:5:6:7:8']) {
    expect([value, issues({ type: 'AAAA', name: 'six', value })]).toEqual([value, {}]);
  }
});

it("a CNAME may point at a name with underscore labels (DKIM and ACME delegations); an MX target is still a host", () => {
  for (const [name, value] of [
    ['selector1._domainkey', 'selector1-contoso-com._domainkey.contoso.onmicrosoft.com'],
    ['_acme-challenge', '_acme-challenge.auth.example.net'],
  ]) {
    expect(parse({ type: 'CNAME', name, value }).value).toBe(value);
  }
  expect(issues({ type: 'CNAME', name: 'x', value: 'bad_.-name.example' })).toEqual({ value: [DOMAIN_MESSAGES.cnameTarget] });
  expect(issues({ type: 'MX', name: '@', value: '_mail.example.net', priority: 10 })).toEqual({ value: [DOMAIN_MESSAGES.mxTarget] });
});

it('an MX of . is the null MX (RFC 7505): priority 0 only; .. or a dot in a name is no host', () => {
  expect(parse({ type: 'MX', name: '@', value: ' . ', priority: '0' })).toMatchObject({ value: '.', priority: 0 });
  expect(issues({ type: 'MX', name: '@', value: '.', priority: 10 })).toEqual({ priority: [DOMAIN_MESSAGES.nullMxPriority] });
  expect(issues({ type: 'MX', name: '@', value: '.', priority: 70_000 })).toEqual({ priority: [DOMAIN_MESSAGES.priority] });
  for (const value of ['..', '.mail.example.com'])
    expect(issues({ type: 'MX', name: '@', value, priority: 0 })).toEqual({ value: [DOMAIN_MESSAGES.mxTarget] });
});

it("a CAA record's tag and issuer domain are case-insensitive; its parameters and an iodef URL are kept", () => {
  expect(parse({ type: 'CAA', name: '@', value: 'LetsEncrypt.org', tag: 'issue' }).value).toBe('letsencrypt.org');
  expect(parse({ type: 'CAA', name: '@', value: 'Pki.Example; account=AbC', tag: 'issuewild' }).value).toBe('pki.example; account=AbC');
  expect(parse({ type: 'CAA', name: '@', value: 'mailto:Sec@Example.com', tag: 'iodef' }).value).toBe('mailto:Sec@Example.com');
  for (const value of ['https://ca.example/\u0001report', 'mailto:sec\u001f@example.com', 'https://ca.example/\u007f'])
    expect(issues({ type: 'CAA', name: '@', value, tag: 'iodef' })).toEqual({ value: [DOMAIN_MESSAGES.caaIodef] });
});

const issues = (input: Record<string, unknown>) => {
  const out = v.safeParse(dnsRecordSchema(ZONE), { ttl: 300, ...input });
  return out.success ? {} : v.flatten(out.issues).nested;
};

it('a full name (ending in a dot) outside the zone is refused, not stored under it', () => {
  expect(issues({ type: 'A', name: 'www.other.com.', value: '192.0.2.1' })).toEqual({ name: [DOMAIN_MESSAGES.recordNameOutside(ZONE)] });
  // The message names the domain as its owner writes it, when given.
  const named = v.safeParse(dnsRecordSchema(ZONE, 'bücher.com'), { ttl: 300, type: 'A', name: 'www.other.com.', value: '192.0.2.1' });
  expect(named.success ? [] : v.flatten(named.issues).nested?.name).toEqual([DOMAIN_MESSAGES.recordNameOutside('bücher.com')]);
  expect(DOMAIN_MESSAGES.recordNameOutside('bücher.com')).toContain('www.bücher.com.');
  expect(issues({ type: 'A', name: 'www.xn--bcher-kva.com.', value: '192.0.2.1' })).toEqual({});
  expect(parse({ type: 'A', name: 'www.bücher.com.', value: '192.0.2.1' }).name).toBe('www');
  expect(parse({ type: 'A', name: 'bücher.com.', value: '192.0.2.1' }).name).toBe('@');
  // Without the final dot a name is relative: www.other.com is www.other.com.<zone>, as in a zone file.
  expect(parse({ type: 'A', name: 'www.other.com', value: '192.0.2.1' }).name).toBe('www.other.com');
});

it('a TXT value pasted as quoted strings is their text joined; any other text is kept as typed', () => {
  expect(txtText('"v=DKIM1; k=rsa; p=MIIB" "CgKCAQEA"')).toBe('v=DKIM1; k=rsa; p=MIIBCgKCAQEA');
  expect(parse({ type: 'TXT', name: 'sel._domainkey', value: ' "v=spf1 -all" ' }).value).toBe('v=spf1 -all');
  expect(txtText('"say \\"hi\\"" "back\\\\slash"')).toBe('say "hi"back\\slash');
  // A zone file's decimal escape names a byte: \059 is ';'.
  expect(txtText('"v=DKIM1\\059 k=rsa"')).toBe('v=DKIM1; k=rsa');
  expect(txtText('"caf\\195\\169"')).toBe('"caf\\195\\169"');
  for (const kept of ['v=spf1 include:"x" -all', '"open', 'a "b" c', '"a"b"']) expect(txtText(kept)).toBe(kept);
  expect(issues({ type: 'TXT', name: '@', value: '"" ""' })).toEqual({ value: [DOMAIN_MESSAGES.txtEmpty] });
});

it('a control character written as a decimal escape is refused as one typed: the text stored is checked', () => {
  for (const value of ['"a\\010b"', '"\\000"', '"x\\127"', '"a\nb"', 'a\tb'])
    expect([value, issues({ type: 'TXT', name: '@', value })]).toEqual([value, { value: [DOMAIN_MESSAGES.txtControl] }]);
  // Quoted strings on lines of their own are one text, with no line break in it.
  expect(parse({ type: 'TXT', name: '@', value: '"v=spf1"\n" -all"' }).value).toBe('v=spf1 -all');
});
