// Rules and messages of one domain's page (issue 15), written once: the dashboard's forms and the API both use them.
// The API adds only what needs the database (CNAME exclusivity, the record limit, duplicates, ownership, lock, status).
import * as v from 'valibot';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export const MAX_DNS_RECORDS = 100;
export const DNS_TTL_MIN = 60;
export const DNS_TTL_MAX = 86_400;
export const DNS_TTL_DEFAULT = 3600;
/** One TXT character-string holds at most 255 bytes; longer text is split into several (RFC 1035 3.3.14). */
export const TXT_STRING_MAX = 255;
export const TXT_MAX = 2048;
/**
 * The most one RRset (a name's records of one type) may take in a DNS answer, in bytes: far below TCP's 65,535 (a bigger
 * answer cannot be sent at all, so the whole RRset would stop resolving), room enough for 7 TXT records of 2,048
 * characters or hundreds of addresses.
 */
export const MAX_RRSET_BYTES = 16_384;
export const CAA_TAGS = ['issue', 'issuewild', 'iodef'] as const;
export const CAA_VALUE_MAX = 255;
export const CUSTOM_NAMESERVERS_MIN = 2;
export const CUSTOM_NAMESERVERS_MAX = 4;

export const DOMAIN_MESSAGES = {
  recordName:
    'Enter a name like www, or @ for the domain itself: letters, digits, hyphens and underscores, parts separated by dots.',
  recordNameTooLong: 'This name is too long: a full name can have at most 253 characters.',
  recordNameOutside: (zone: string) =>
    `A name ending in a dot is a full name, and this one is not under ${zone}: enter www, or www.${zone}.`,
  recordType: 'Choose a record type: A, AAAA, CNAME, MX, TXT or CAA.',
  ttl: `TTL must be a whole number of seconds from ${DNS_TTL_MIN} (1 minute) to ${DNS_TTL_MAX} (1 day).`,
  ipv4: 'Enter an IPv4 address, like 192.0.2.1.',
  ipv6: 'Enter an IPv6 address, like 2001:db8::1.',
  cnameTarget: 'Enter a host name, like target.example.net.',
  mxTarget: 'Enter a mail server host name, like mail.example.com.',
  priority: 'Priority must be a whole number from 0 to 65535.',
  nullMxPriority: 'A null MX (.) says this name takes no mail: its priority must be 0 (RFC 7505).',
  nullMxNotAlone: (name: string) =>
    `A null MX (.) says ${name} takes no mail: remove its other MX records first, or add a mail server instead.`,
  nameHasNullMx: (name: string) =>
    `${name} has a null MX (.), which says it takes no mail: remove that record before adding a mail server.`,
  txtEmpty: 'Enter the text of the record.',
  txtTooLong: `A TXT record can hold at most ${TXT_MAX} characters.`,
  txtControl: 'A TXT record cannot contain line breaks or other control characters.',
  caaFlags: 'Flags must be 0, or 128 (critical).',
  caaTag: 'Choose a tag: issue, issuewild or iodef.',
  caaIssuer: "Enter a certificate authority's domain, like letsencrypt.org, or ; to allow none.",
  caaIodef: 'Enter a mailto: or https: address where certificate authorities send reports.',
  caaTooLong: `A CAA value can have at most ${CAA_VALUE_MAX} characters.`,
  cnameAtApex: 'A CNAME record cannot be at the domain itself (@): use an A or AAAA record there.',
  cnameNotAlone: (name: string) => `${name} already has other records: a CNAME record must be the only record for its name.`,
  nameHasCname: (name: string) => `${name} has a CNAME record: no other record can use that name.`,
  mxAtCname: (name: string) => `${name} is a CNAME: a mail server must be a name with its own address records (RFC 2181).`,
  cnameAtMx: (name: string) => `${name} is this domain's mail server (an MX record points at it): it cannot be a CNAME.`,
  cnameLoop: (name: string) => `This CNAME would make a loop: its target leads back to ${name}, which then has no address.`,
  tooManyRecords: `A domain can have at most ${MAX_DNS_RECORDS} DNS records.`,
  duplicateRecord: 'This record already exists.',
  rrsetTooBig: (name: string, type: string, bytes: number) =>
    `The ${type} records of ${name} would take ${bytes.toLocaleString('en-US')} bytes in a DNS answer, more than the ${MAX_RRSET_BYTES.toLocaleString('en-US')} one can safely carry: shorten or remove some of them first.`,
  recordsNeedOurNameservers:
    'DNS records are served only while the domain uses our nameservers. Switch to our nameservers to edit them.',
  nameserverMode: 'Choose our nameservers or custom nameservers.',
  nameserverCount: `Enter ${CUSTOM_NAMESERVERS_MIN} to ${CUSTOM_NAMESERVERS_MAX} nameservers.`,
  nameserverInvalid: 'Enter a valid host name, like ns1.example.com.',
  nameserverNumberInvalid: (n: number) => `Nameserver ${n} is not a valid host name, like ns1.example.com.`,
  nameserverDuplicate: 'The same nameserver is listed twice.',
  nameserverNeedsGlue: (host: string) =>
    `${host} is inside this domain, so resolvers would need its address from the registry (a glue record), which we cannot register: use nameservers under another domain.`,
  nameserversMixed: (ours: string) =>
    `${ours} is one of our nameservers, and ours answer only when a domain uses them alone: choose our nameservers, or list only your own.`,
  lock: 'locked must be true or false.',
  protection: 'protection must be true or false.',
  autoRenew: 'auto_renew must be true or false.',
  password: 'Enter your account password.',
  wrongPassword: 'The password is not correct.',
  eppWhileLocked: 'Turn the registrar lock off first: the transfer code is shown only while the domain is unlocked.',
  readOnly: (status: string) => `This domain is ${status}, so its settings can no longer be changed.`,
  /** Our nameservers are chosen but do not serve the zone (Released, Cancelled, Pending Transfer…). */
  notServed: (status: string) => `Our nameservers do not answer for this domain while it is ${status}: the records below are not published.`,
} as const;

/** Statuses whose settings can be changed; every other status (Released, Cancelled, Pending Transfer…) is read-only. */
export const MANAGEABLE_DOMAIN_STATUSES = ['Active', 'Grace', 'Redemption'] as const;
/**
 * Statuses of an item that has left the customer's account: nothing left to renew (auto-renew is refused and not
 * offered), and nothing that still counts as a paid service (account deletion, which also lets a legacy 'Expired'
 * domain go).
 */
export const ENDED_DOMAIN_STATUSES = ['Released', 'Cancelled'] as const;
export const ENDED_SERVICE_STATUSES = ['Terminated', 'Cancelled'] as const;
/** Whether `status` is one of `ended` (a status from the API is any string). */
export const hasEnded = (ended: readonly string[], status: string | null | undefined) => status != null && ended.includes(status);
/** Statuses whose zone the store's DNS server answers (when the domain uses the store's nameservers). */
export const DNS_SERVED_STATUSES = ['Active', 'Grace', 'Redemption'] as const;

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => IPV4_PART.test(p));
}

export function isIPv6(s: string): boolean {
  if (s.length > 45 || s.includes(':::') || s.split('::').length > 2) return false;
  let groups = s.split(':');
  let max = 8;
  const last = groups[groups.length - 1] ?? '';
  if (last.includes('.')) {
    if (!isIPv4(last)) return false;
    groups = groups.slice(0, -1);
    max = 6;
    if (groups[groups.length - 1] === '' && !s.includes('::')) return false;
  }
  const compressed = s.includes('::');
  // A lone ':' at either end is no address (':1::2', '1::2:'): only '::' may start or end one.
  if ((s.startsWith(':') && !s.startsWith('::')) || (s.endsWith(':') && !s.endsWith('::'))) return false;
  const filled = groups.filter((g, i) => !(g === '' && (compressed || i === 0 || i === groups.length - 1)));
  if (!filled.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  // '::' stands for at least one group of zeros.
  return compressed ? filled.length < max : filled.length === max && groups.length === max;
}

/** A host name in punycode, lower case, without the final dot; '' when it cannot be one. */
export function asciiHost(raw: string): string {
  const s = raw.trim().toLowerCase().replace(/\.$/, '');
  if (s === '' || s.length > 1000 || /[\s/?#@:\\[\]%]/.test(s)) return '';
  try {
    // The URL parser is the browser's and Node's IDNA (UTS #46) implementation: Bücher.de -> xn--bcher-kva.de.
    return new URL(`http://${s}/`).hostname;
  } catch {
    return '';
  }
}

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DNS_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** `raw` in punycode is a full name of two labels or more, each matching `label`, its TLD not numeric. */
function fullName(raw: string, label: RegExp): boolean {
  const host = asciiHost(raw);
  if (!host || host.length > 253) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => label.test(l)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

/** A full host name (two labels or more, letters/digits/hyphens, TLD not numeric), in punycode. */
export const isHostname = (raw: string): boolean => fullName(raw, HOST_LABEL);

/**
 * A full domain name a record may point at (a CNAME's target): a host name, or one with underscore labels, which DNS
 * allows and services use for delegated records (`selector1._domainkey.example.onmicrosoft.com` for DKIM,
 * `_acme-challenge.auth.example.net` for certificates). A host (an MX target, a nameserver) stays isHostname.
 */
export const isDomainName = (raw: string): boolean => fullName(raw, DNS_LABEL);

/** A typed owner name in lower case without the final dot; one typed in Unicode in punycode, as the zone is. */
function ownerForm(raw: string): string {
  const s = raw.trim().toLowerCase().replace(/\.$/, '');
  return /[^\x20-\x7e]/.test(s) ? asciiHost(s) || s : s;
}

/** A record's owner name relative to `zone`: '@' for the zone itself; a full name under the zone loses the zone. */
export function relativeName(raw: string, zone: string): string {
  // mail.bücher.com under xn--bcher-kva.com is 'mail'.
  const s = ownerForm(raw);
  if (s === '' || s === '@' || s === zone) return '@';
  return s.endsWith(`.${zone}`) ? s.slice(0, -(zone.length + 1)) : s;
}

/**
 * Whether `raw` may name a record of `zone`: a name ending in a dot is a full name (RFC 1035 5.1) and must be the zone
 * or under it (www.other.com. was stored as www.other.com.<zone>); any other name is relative to the zone.
 */
export function isInZone(raw: string, zone: string): boolean {
  const s = raw.trim();
  if (!s.endsWith('.') || s === '@.') return true;
  const full = ownerForm(s);
  return full === zone || full.endsWith(`.${zone}`);
}

const OWNER_LABEL = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

/** Whether a relative owner name ('@', 'www', '_dmarc', 'sel._domainkey') is valid. */
export function isOwnerName(rel: string): boolean {
  if (rel === '@') return true;
  let ascii = rel;
  if (/[^\x20-\x7e]/.test(rel)) {
    ascii = asciiHost(rel);
    if (!ascii) return false;
  }
  return ascii.split('.').every((l) => OWNER_LABEL.test(l));
}

/** The owner name in punycode (Unicode labels are accepted and converted). */
export const asciiOwner = (rel: string) => (rel === '@' || !/[^\x20-\x7e]/.test(rel) ? rel : asciiHost(rel));

/** Control characters (C0 and DEL): a TXT record is one line of text. */
const CONTROL = { test: (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) };

const wholeIn = (min: number, max: number) => (x: unknown) => {
  const n = typeof x === 'string' && /^\s*\d{1,10}\s*$/.test(x) ? Number(x) : x;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
};
const toWhole = (x: unknown) => (typeof x === 'string' ? Number(x.trim()) : (x as number));

/** One or more double-quoted strings and nothing else: how providers hand out long TXT values ("v=DKIM1; …" "…"). */
const QUOTED_STRINGS = /^"(?:[^"\\]|\\.)*"(?:\s+"(?:[^"\\]|\\.)*")*$/;

/**
 * A TXT value as it is meant: pasted in zone-file form, as quoted strings, it is their text joined (quotes gone, \",
 * \\ and \DDD unescaped), as a zone file's parser reads it; any other text is kept as typed. Published with the quotes, a DKIM
 * key pasted that way was broken.
 */
export function txtText(raw: string): string {
  const s = raw.trim();
  if (!QUOTED_STRINGS.test(s)) return raw;
  // \DDD names a byte (RFC 1035 5.1: \059 is ';'); one above 127 is part of a UTF-8 character, kept as typed.
  if ([...s.matchAll(/\\(\d{3})/g)].some((m) => Number(m[1]) > 127)) return raw;
  const unescape = (text: string) => text.replace(/\\(\d{3})|\\(.)/g, (_, digits?: string, c?: string) => (digits ? String.fromCharCode(Number(digits)) : c!));
  return [...s.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unescape(m[1]!)).join('');
}

/** A TXT value as the character-strings of its record: UTF-8 bytes in pieces of at most 255, never inside a character. */
export function splitTxt(value: string): string[] {
  const out: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const ch of value) {
    const size = new TextEncoder().encode(ch).length;
    if (bytes + size > TXT_STRING_MAX) {
      out.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += ch;
    bytes += size;
  }
  out.push(piece);
  return out;
}

function caaValueOk(tag: unknown, value: string): boolean {
  if (value.length > CAA_VALUE_MAX) return true; // the length rule speaks for it
  // A URL has no control characters (a \x01 passed '[^\s]' and was served in the record).
  if (tag === 'iodef') return !CONTROL.test(value) && (/^mailto:[^\s@]+@[^\s@]+$/.test(value) || /^https?:\/\/[^\s]+$/.test(value));
  // issue / issuewild: an issuer domain, optionally followed by '; key=value' parameters, or ';' alone (RFC 8659 4.2).
  const [issuer = '', ...params] = value.split(';');
  const domain = issuer.trim();
  if (domain !== '' && !isHostname(domain)) return false;
  if (domain === '' && !value.trim().startsWith(';')) return false;
  return params.every((p) => p.trim() === '' || /^[a-z0-9]+=[\x21-\x3a\x3c-\x7e]*$/i.test(p.trim()));
}

type Input = Record<string, unknown>;
type Key = 'name' | 'type' | 'ttl' | 'value' | 'priority' | 'flags' | 'tag';

/**
 * A rule on `type` and other fields, reported under the first of `keys`. It runs even when an unrelated field is
 * wrong (a partial check), so every field shows its own message at once.
 */
function rule(
  keys: Key[],
  ok: (i: Input) => boolean,
  message: string | ((issue: v.BaseIssue<unknown>) => string),
): v.BaseValidation<RecordFields, RecordFields, v.BaseIssue<unknown>> {
  const paths = [['type'], ...keys.map((k) => [k])];
  // valibot's types want the literal key paths; the rules read the object loosely (any field may still be invalid).
  const check = v.partialCheck(paths as unknown as [['type']], ok as (i: unknown) => boolean, message);
  return v.forward(check as never, [keys[0]!] as never) as unknown as v.BaseValidation<RecordFields, RecordFields, v.BaseIssue<unknown>>;
}

interface RecordFields {
  name: string;
  type: DnsRecordType;
  ttl: number;
  value: string;
  priority?: unknown;
  flags?: unknown;
  tag?: unknown;
}
const valueOf = (i: Input) => (typeof i.value === 'string' ? i.value.trim() : '');

/**
 * The null MX (RFC 7505): an MX of priority 0 whose mail server is the root, '.', says that a name takes no mail, so
 * senders bounce at once instead of retrying for days. Stored and served as '.'.
 */
export const NULL_MX = '.';
export const isNullMx = (value: string) => value.trim() === NULL_MX;
const typeIs = (i: Input, t: DnsRecordType) => i.type === t;

/**
 * One DNS record as the page's form or the API's body gives it (`ttl`, `priority`, `flags` as numbers or digit strings).
 * `zone` is the domain (punycode): full names under it are accepted for `name`. `shown` is the domain as its owner
 * writes it (Unicode for an IDN), for the messages.
 */
export function dnsRecordSchema(zone: string, shown = zone) {
  return v.pipe(
    v.object({
      name: v.pipe(
        v.optional(v.string(DOMAIN_MESSAGES.recordName), '@'),
        v.check((s) => isInZone(s, zone), DOMAIN_MESSAGES.recordNameOutside(shown)),
        v.transform((s) => relativeName(s, zone)),
        v.check(isOwnerName, DOMAIN_MESSAGES.recordName),
        v.transform(asciiOwner),
        v.check((rel) => (rel === '@' ? zone : `${rel}.${zone}`).length <= 253, DOMAIN_MESSAGES.recordNameTooLong),
      ),
      type: v.picklist(DNS_RECORD_TYPES, DOMAIN_MESSAGES.recordType),
      ttl: v.pipe(
        v.optional(v.unknown(), DNS_TTL_DEFAULT),
        v.check((x) => x === '' || wholeIn(DNS_TTL_MIN, DNS_TTL_MAX)(x), DOMAIN_MESSAGES.ttl),
        v.transform((x) => (x === '' ? DNS_TTL_DEFAULT : toWhole(x))),
      ),
      // An empty value gets its type's message (an IPv4 for A…) from the rules below; the TXT one is 'Enter the text'.
      value: v.string(DOMAIN_MESSAGES.txtEmpty),
      priority: v.optional(v.unknown()),
      flags: v.optional(v.unknown()),
      tag: v.optional(v.unknown()),
    }),
    v.forward(
      v.partialCheck([['name'], ['type']], (i) => !(i.type === 'CNAME' && i.name === '@'), DOMAIN_MESSAGES.cnameAtApex),
      ['name'],
    ),
    rule(['value'], (i) => !typeIs(i, 'A') || isIPv4(valueOf(i)), DOMAIN_MESSAGES.ipv4),
    rule(['value'], (i) => !typeIs(i, 'AAAA') || isIPv6(valueOf(i)), DOMAIN_MESSAGES.ipv6),
    rule(['value'], (i) => !typeIs(i, 'CNAME') || isDomainName(valueOf(i)), DOMAIN_MESSAGES.cnameTarget),
    rule(['value'], (i) => !typeIs(i, 'MX') || isNullMx(valueOf(i)) || isHostname(valueOf(i)), DOMAIN_MESSAGES.mxTarget),
    rule(['priority'], (i) => !typeIs(i, 'MX') || wholeIn(0, 65535)(i.priority), DOMAIN_MESSAGES.priority),
    rule(
      ['priority'],
      (i) => !typeIs(i, 'MX') || !isNullMx(valueOf(i)) || !wholeIn(0, 65535)(i.priority) || toWhole(i.priority) === 0,
      DOMAIN_MESSAGES.nullMxPriority,
    ),
    rule(['value'], (i) => !typeIs(i, 'TXT') || txtText(valueOf(i)) !== '', DOMAIN_MESSAGES.txtEmpty),
    // On the text as stored: a \DDD escape below 32 (\010, \000) is a control character all the same.
    rule(['value'], (i) => !typeIs(i, 'TXT') || !CONTROL.test(txtText(String(i.value))), DOMAIN_MESSAGES.txtControl),
    rule(['value'], (i) => !typeIs(i, 'TXT') || [...txtText(String(i.value))].length <= TXT_MAX, DOMAIN_MESSAGES.txtTooLong),
    rule(['flags'], (i) => !typeIs(i, 'CAA') || [0, 128].includes(wholeIn(0, 255)(i.flags ?? 0) ? toWhole(i.flags ?? 0) : -1), DOMAIN_MESSAGES.caaFlags),
    rule(['tag'], (i) => !typeIs(i, 'CAA') || (CAA_TAGS as readonly unknown[]).includes(i.tag), DOMAIN_MESSAGES.caaTag),
    rule(['value'], (i) => !typeIs(i, 'CAA') || valueOf(i).length <= CAA_VALUE_MAX, DOMAIN_MESSAGES.caaTooLong),
    rule(
      ['value', 'tag'],
      (i) => !typeIs(i, 'CAA') || !(CAA_TAGS as readonly unknown[]).includes(i.tag) || caaValueOk(i.tag, valueOf(i)),
      (issue) => ((issue.input as Input).tag === 'iodef' ? DOMAIN_MESSAGES.caaIodef : DOMAIN_MESSAGES.caaIssuer),
    ),
    v.transform((i) => normalizeRecord(i)),
  );
}

export interface DnsRecordInput {
  name: string;
  type: DnsRecordType;
  ttl: number;
  value: string;
  priority: number | null;
  flags: number | null;
  tag: string | null;
}

/** The stored form: host names in lower-case punycode without the final dot, IPv6 in lower case, numbers as numbers. */
function normalizeRecord(i: { name: string; type: DnsRecordType; ttl: number; value: string; priority?: unknown; flags?: unknown; tag?: unknown }): DnsRecordInput {
  const base = { name: i.name, type: i.type, ttl: i.ttl, priority: null, flags: null, tag: null };
  switch (i.type) {
    case 'A':
      return { ...base, value: i.value.trim() };
    case 'AAAA':
      return { ...base, value: canonicalIpv6(i.value) };
    case 'CNAME':
      return { ...base, value: asciiHost(i.value) };
    case 'MX':
      return { ...base, value: isNullMx(i.value) ? NULL_MX : asciiHost(i.value), priority: toWhole(i.priority) };
    case 'TXT':
      return { ...base, value: txtText(i.value) };
    case 'CAA': {
      // Tags are case-insensitive (RFC 8659), and so is the issuer's domain name before any ';' parameters.
      const tag = String(i.tag).toLowerCase();
      const value = i.value.trim();
      const issuer = tag === 'issue' || tag === 'issuewild' ? value.replace(/^[^;]*/, (d) => d.trim().toLowerCase()) : value;
      return { ...base, value: issuer, flags: toWhole(i.flags ?? 0), tag };
    }
  }
}

/**
 * An IPv6 address in its one canonical text (RFC 5952: lower case, leading zeros dropped, the longest run of zero
 * groups as '::'), by the URL parser of the browser and Node: 2001:DB8:0:0::1 and 2001:db8::1 are one record.
 */
function canonicalIpv6(raw: string): string {
  const s = raw.trim().toLowerCase();
  try {
    return new URL(`http://[${s}]/`).hostname.slice(1, -1);
  } catch {
    return s;
  }
}

export type DnsRecordSchema = ReturnType<typeof dnsRecordSchema>;

/** PUT/PATCH nameservers: ours (`use_store_nameservers: true`) or 2 to 4 custom host names, no duplicates. */
export const nameserversSchema = v.pipe(
  v.object({
    use_store_nameservers: v.boolean(DOMAIN_MESSAGES.nameserverMode),
    nameservers: v.optional(v.array(v.string(DOMAIN_MESSAGES.nameserverInvalid), DOMAIN_MESSAGES.nameserverCount), []),
  }),
  v.forward(
    v.check(
      (i) => i.use_store_nameservers || nonBlank(i.nameservers).every(isHostname),
      (issue) => {
        const list = nonBlank((issue.input as { nameservers: string[] }).nameservers);
        const bad = list.findIndex((h) => !isHostname(h));
        return DOMAIN_MESSAGES.nameserverNumberInvalid(bad + 1);
      },
    ),
    ['nameservers'],
  ),
  v.forward(
    v.check(
      (i) => i.use_store_nameservers || (nonBlank(i.nameservers).length >= CUSTOM_NAMESERVERS_MIN && nonBlank(i.nameservers).length <= CUSTOM_NAMESERVERS_MAX),
      DOMAIN_MESSAGES.nameserverCount,
    ),
    ['nameservers'],
  ),
  v.forward(
    v.check((i) => {
      if (i.use_store_nameservers) return true;
      const hosts = nonBlank(i.nameservers).map(asciiHost);
      return new Set(hosts).size === hosts.length;
    }, DOMAIN_MESSAGES.nameserverDuplicate),
    ['nameservers'],
  ),
  v.transform((i) => ({
    use_store_nameservers: i.use_store_nameservers,
    nameservers: i.use_store_nameservers ? [] : nonBlank(i.nameservers).map(asciiHost),
  })),
);

function nonBlank(list: readonly string[]): string[] {
  return list.map((s) => s.trim()).filter((s) => s !== '');
}

/** One custom nameserver field of the page, checked alone (the message shows under that field). */
export const nameserverFieldSchema = v.pipe(v.string(), v.check(isHostname, DOMAIN_MESSAGES.nameserverInvalid));

export const registrarLockSchema = v.object({ locked: v.boolean(DOMAIN_MESSAGES.lock) });

export const domainSettingsSchema = v.object({
  protection: v.optional(v.boolean(DOMAIN_MESSAGES.protection)),
  auto_renew: v.optional(v.boolean(DOMAIN_MESSAGES.autoRenew)),
});

export const eppRevealSchema = v.object({
  password: v.pipe(v.string(DOMAIN_MESSAGES.password), v.nonEmpty(DOMAIN_MESSAGES.password)),
});

/** 'Renew now' on a domain's page (issue 15 with the lifecycle): 1 to 10 years, priced by the API. */
export const RENEWAL_YEARS_MIN = 1;
export const RENEWAL_YEARS_MAX = 10;
/** No registry keeps a name registered more than 10 years ahead of today (ICANN's registry agreements; EPP 2306). */
export const REGISTRATION_YEARS_AHEAD_MAX = 10;
export const RENEWAL_MESSAGES = {
  years: `Choose from ${RENEWAL_YEARS_MIN} to ${RENEWAL_YEARS_MAX} years.`,
  tooFarAhead: (max: number) =>
    max < RENEWAL_YEARS_MIN
      ? `This domain is already registered ${REGISTRATION_YEARS_AHEAD_MAX} years ahead, the most a registry allows. It can be renewed again once its expiry date is at most ${REGISTRATION_YEARS_AHEAD_MAX - 1} years away.`
      : `A domain can be registered at most ${REGISTRATION_YEARS_AHEAD_MAX} years ahead: renew this one for at most ${max} year${max === 1 ? '' : 's'}.`,
  /** The renewal period's hint on the domain page when fewer than RENEWAL_YEARS_MAX years are left. */
  periodLimit: (max: number) =>
    `At most ${max} year${max === 1 ? '' : 's'}: a domain can be registered at most ${REGISTRATION_YEARS_AHEAD_MAX} years ahead.`,
  notRenewable: (status: string) =>
    status === 'Released'
      ? 'This domain was released, so it can no longer be renewed. Search for the name to register it again.'
      : `This domain is ${status}, so it cannot be renewed.`,
  busy: 'A renewal invoice for this domain was just created or paid. Reload the page and try again.',
} as const;

const yearsNumber = v.pipe(
  v.number(RENEWAL_MESSAGES.years),
  v.integer(RENEWAL_MESSAGES.years),
  v.minValue(RENEWAL_YEARS_MIN, RENEWAL_MESSAGES.years),
  v.maxValue(RENEWAL_YEARS_MAX, RENEWAL_MESSAGES.years),
);
/** POST /domain/{domain}/renew/: `{"years": 1..10}`. */
export const renewDomainSchema = v.object({ years: yearsNumber });
