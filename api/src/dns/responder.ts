// One DNS query in, one answer out (or nothing), with dns-packet doing every byte of the wire format. Authoritative only:
// a name outside the served zones is REFUSED (this is not a resolver). RFC 1034 4.3.2 in short: the records asked
// for; a CNAME in their place (followed inside the zone); NODATA (SOA in authority) when the name exists without that
// type; NXDOMAIN (SOA in authority) when it does not exist. Garbage gets FORMERR when its header can be read, else
// nothing; a response (QR set) is never answered, so two servers cannot ping-pong.
import dnsPacket, { type Answer, type DecodedPacket, type Packet, type Question } from 'dns-packet';
import type { Zone } from './zones';

export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
/** The largest UDP answer sent to an EDNS client (the DNS flag day 2020 value) and to one without EDNS (RFC 1035). */
export const EDNS_UDP_SIZE = 1232;
export const PLAIN_UDP_SIZE = 512;
/** A TCP message's length is two bytes. */
const TCP_MAX = 65_535;
const MAX_CNAME_HOPS = 8;
/** Larger than anything a well-formed query needs: EDNS options included, a query is a few hundred bytes at most. */
export const MAX_QUERY_SIZE = 4096;

export interface ZoneLookup {
  find(qname: string): Zone | undefined;
}

export interface Outcome {
  reply: Buffer | null;
  rcode?: number;
  /**
   * What the answer is, for response rate limiting (server.ts): the name and type for an answer or NODATA, the zone for
   * an NXDOMAIN (one bucket however many names are made up under it), one bucket for every refusal and error.
   */
  rateKey?: string;
  /** The answer cut to its header and question with TC set, sent in place of some answers over the rate limit. */
  slip?(): Buffer;
}

/**
 * The question's bytes when its name has a label no zone here can hold and dns-packet could not give back as it came
 * (a dot inside a label, a byte outside printable ASCII: it reads names as dotted UTF-8 text): then the answer is
 * built around these bytes, copied as they came (RFC 1035 7.3, RFC 2181 11), with `suffix` the name after the last
 * such label (its zone, if served here, answers NXDOMAIN). Null for every other question, and for one whose name
 * uses a compression pointer (dns-packet's own checks judge those).
 */
function oddQuestion(msg: Buffer): { bytes: Buffer; suffix: string } | null {
  const labels: Buffer[] = [];
  let at = 12;
  for (;;) {
    const len = msg[at];
    if (len === undefined || len > 63) return null;
    if (len === 0) break;
    if (at + 1 + len > msg.length) return null;
    labels.push(msg.subarray(at + 1, at + 1 + len));
    at += 1 + len;
  }
  if (at + 5 > msg.length) return null;
  const odd = (label: Buffer) => label.some((b) => b === 0x2e || b < 0x21 || b > 0x7e);
  let last = -1;
  labels.forEach((label, i) => {
    if (odd(label)) last = i;
  });
  if (last < 0) return null;
  return { bytes: msg.subarray(12, at + 5), suffix: labels.slice(last + 1).map((l) => l.toString('latin1').toLowerCase()).join('.') };
}

/** The question dns-packet encodes in an answer built around a question's own bytes, replaced by them after. */
const PLACEHOLDER: Question = { name: 'x', type: 'A', class: 'IN' };
const PLACEHOLDER_SIZE = 3 + 4;

/** Header fields copied from a query into its answer: the opcode and the RD bit (RFC 1035 4.1.1). */
function replyFlags(query: DecodedPacket, rcode: number, authoritative: boolean): number {
  const opcode = (query.flags ?? 0) & 0x7800;
  const rd = query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0;
  return opcode | rd | (authoritative ? dnsPacket.AUTHORITATIVE_ANSWER : 0) | rcode;
}

/** A FORMERR built from the 12-byte header alone (the rest could not be decoded). */
function formErrFromHeader(msg: Buffer): Buffer | null {
  if (msg.length < 12) return null;
  let header: DecodedPacket;
  try {
    header = dnsPacket.decode(Buffer.concat([msg.subarray(0, 4), Buffer.alloc(8)]));
  } catch {
    return null;
  }
  if (header.type === 'response') return null;
  return dnsPacket.encode({
    type: 'response',
    id: header.id,
    flags: replyFlags(header, RCODE.FORMERR, false),
  });
}

/** The SOA of a negative answer: its TTL is the smaller of the SOA's own and its MINIMUM field (RFC 2308 3). */
function negativeSoa(zone: Zone): Answer {
  const soa = zone.soa as Answer & { ttl?: number; data: { minimum: number } };
  return { ...soa, ttl: Math.min(soa.ttl ?? soa.data.minimum, soa.data.minimum) } as Answer;
}

const optOf = (p: DecodedPacket) => (p.additionals ?? []).find((a) => a.type === 'OPT');

/** Never throws: anything unexpected while answering becomes a FORMERR (or silence when even the header is bad). */
export function respond(msg: Buffer, zones: ZoneLookup, transport: 'udp' | 'tcp'): Outcome {
  try {
    return answer(msg, zones, transport);
  } catch {
    try {
      return { reply: formErrFromHeader(msg), rcode: RCODE.FORMERR };
    } catch {
      return { reply: null };
    }
  }
}

function answer(msg: Buffer, zones: ZoneLookup, transport: 'udp' | 'tcp'): Outcome {
  if (msg.length > MAX_QUERY_SIZE) return { reply: formErrFromHeader(msg), rcode: RCODE.FORMERR };
  let query: DecodedPacket;
  try {
    query = dnsPacket.decode(msg);
  } catch {
    return { reply: formErrFromHeader(msg), rcode: RCODE.FORMERR };
  }
  if (query.type === 'response') return { reply: null };
  const opt = optOf(query);
  const odd = oddQuestion(msg);
  const ednsOut = opt ? [{ type: 'OPT' as const, name: '.', udpPayloadSize: EDNS_UDP_SIZE, flags: 0 } as Answer] : [];
  const questions = query.questions ?? [];
  const base = (rcode: number, aa: boolean, q: Question[] = odd ? [PLACEHOLDER] : questions): Packet => ({
    type: 'response',
    id: query.id,
    flags: replyFlags(query, rcode, aa),
    questions: q,
    additionals: ednsOut,
  });
  /** dns-packet's bytes, with the asker's own question in place of the placeholder when there is one (no name in an
   * answer points into the question: dns-packet does not compress names). */
  const wire = (p: Packet): Buffer => {
    const buf = dnsPacket.encode(p);
    if (!odd || p.questions?.[0] !== PLACEHOLDER) return buf;
    return Buffer.concat([buf.subarray(0, 12), odd.bytes, buf.subarray(12 + PLACEHOLDER_SIZE)]);
  };
  const q0 = questions[0];
  const rateKeyOf = (rcode: number, zone?: Zone): string =>
    rcode === RCODE.NXDOMAIN && zone ? `nx ${zone.apex}` : rcode === RCODE.NOERROR && q0 ? `${q0.name.toLowerCase()} ${q0.type}` : 'error';
  const encode = (p: Packet, rcode: number, zone?: Zone): Outcome => {
    const limit = transport === 'tcp' ? TCP_MAX : opt ? Math.max(PLAIN_UDP_SIZE, Math.min(EDNS_UDP_SIZE, (opt as { udpPayloadSize?: number }).udpPayloadSize ?? 0)) : PLAIN_UDP_SIZE;
    // The header and question with TC set: for an answer too big for UDP (the client asks again over TCP, RFC 2181 9),
    // and sent by the rate limit in place of some answers over it.
    const truncated = () => {
      const tc = base(rcode, (p.flags ?? 0) & dnsPacket.AUTHORITATIVE_ANSWER ? true : false);
      tc.flags = (tc.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE;
      return wire(tc);
    };
    const rateKey = rateKeyOf(rcode, zone);
    let buf: Buffer;
    try {
      buf = wire(p);
    } catch {
      return { reply: wire(base(RCODE.SERVFAIL, false)), rcode: RCODE.SERVFAIL, rateKey: 'error', slip: truncated };
    }
    if (buf.length <= limit) return { reply: buf, rcode, rateKey, slip: truncated };
    if (transport === 'tcp') return { reply: wire(base(RCODE.SERVFAIL, false)), rcode: RCODE.SERVFAIL };
    return { reply: truncated(), rcode, rateKey, slip: truncated };
  };

  const opcode = ((query.flags ?? 0) >> 11) & 0xf;
  if (opcode !== 0) return encode(base(RCODE.NOTIMP, false), RCODE.NOTIMP);
  // One question; no answers; at most one OPT record, owned by the root (RFC 6891 6.1.1, 6.1.2).
  if (
    questions.length !== 1 ||
    (query.answers ?? []).length > 0 ||
    (query.additionals ?? []).filter((a) => a.type === 'OPT').length > 1 ||
    (opt && opt.name !== '.' && opt.name !== '')
  )
    return encode(base(RCODE.FORMERR, false), RCODE.FORMERR);
  const q = questions[0]!;
  if ((opt as { ednsVersion?: number } | undefined)?.ednsVersion) {
    // BADVERS (RFC 6891 6.1.3): extended RCODE 16 = 1 in the OPT record's upper bits, 0 in the header.
    const p = base(RCODE.NOERROR, false);
    p.additionals = [{ type: 'OPT', name: '.', udpPayloadSize: EDNS_UDP_SIZE, extendedRcode: 1, flags: 0 } as unknown as Answer];
    return encode(p, 16);
  }
  const qname = q.name.toLowerCase().replace(/\.$/, '');
  if (q.class !== 'IN' && q.class !== 'ANY') return encode(base(RCODE.REFUSED, false), RCODE.REFUSED);
  if (odd) {
    // No name here has such a label: NXDOMAIN when the name is inside a zone served here, else not ours to answer.
    const zone = odd.suffix ? zones.find(odd.suffix) : undefined;
    if (!zone) return encode(base(RCODE.REFUSED, false), RCODE.REFUSED);
    const p = base(RCODE.NXDOMAIN, true);
    p.authorities = [negativeSoa(zone)];
    return encode(p, RCODE.NXDOMAIN, zone);
  }
  const zone = zones.find(qname);
  if (!zone) return encode(base(RCODE.REFUSED, false), RCODE.REFUSED);
  if (['AXFR', 'IXFR'].includes(q.type)) return encode(base(RCODE.REFUSED, true), RCODE.REFUSED);

  const answers: Answer[] = [];
  const named = (a: Answer, name: string): Answer => (a.name === name ? a : { ...a, name });
  let name = qname;
  // The names the chain has been at: a CNAME loop (stored before the API refused them) ends where it comes back, so
  // each record is answered once (RFC 2181 5: no duplicate records in an answer).
  const seen = new Set<string>();
  for (let hop = 0; hop <= MAX_CNAME_HOPS && !seen.has(name); hop++) {
    seen.add(name);
    const here = zone.at(name);
    if ((q.type as string) === 'ANY' && here) {
      // RFC 8482: one small RRset instead of everything.
      answers.push({ name, type: 'HINFO', class: 'IN', ttl: 3600, data: { cpu: 'RFC8482', os: '' } });
      break;
    }
    const wanted = here?.get(q.type);
    if (wanted) {
      // Answers keep the asker's spelling of the name (0x20 case randomisation).
      for (const a of wanted) answers.push(hop === 0 ? named(a, q.name) : a);
      break;
    }
    const cname = here?.get('CNAME');
    if (!cname) {
      // NODATA or NXDOMAIN with the SOA, for the name asked or for where a CNAME chain inside the zone ends: then the
      // rcode is the last name's (RFC 6604 3), after the CNAMEs that led there.
      const rcode = zone.exists(name) ? RCODE.NOERROR : RCODE.NXDOMAIN;
      const p = base(rcode, true);
      p.answers = answers;
      p.authorities = [negativeSoa(zone)];
      return encode(p, rcode, zone);
    }
    answers.push(hop === 0 ? named(cname[0]!, q.name) : cname[0]!);
    const target = String((cname[0] as { data: unknown }).data).toLowerCase();
    if (!(target === zone.apex || target.endsWith(`.${zone.apex}`))) break;
    name = target;
  }
  const p = base(RCODE.NOERROR, true);
  p.answers = answers;
  return encode(p, RCODE.NOERROR);
}
