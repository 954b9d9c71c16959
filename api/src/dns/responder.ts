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
}

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
  const ednsOut = opt ? [{ type: 'OPT' as const, name: '.', udpPayloadSize: EDNS_UDP_SIZE, flags: 0 } as Answer] : [];
  const questions = query.questions ?? [];
  const base = (rcode: number, aa: boolean, q: Question[] = questions): Packet => ({
    type: 'response',
    id: query.id,
    flags: replyFlags(query, rcode, aa),
    questions: q,
    additionals: ednsOut,
  });
  const encode = (p: Packet, rcode: number): Outcome => {
    const limit = transport === 'tcp' ? TCP_MAX : opt ? Math.max(PLAIN_UDP_SIZE, Math.min(EDNS_UDP_SIZE, (opt as { udpPayloadSize?: number }).udpPayloadSize ?? 0)) : PLAIN_UDP_SIZE;
    let buf: Buffer;
    try {
      buf = dnsPacket.encode(p);
    } catch {
      return { reply: dnsPacket.encode(base(RCODE.SERVFAIL, false)), rcode: RCODE.SERVFAIL };
    }
    if (buf.length <= limit) return { reply: buf, rcode };
    if (transport === 'tcp') return { reply: dnsPacket.encode(base(RCODE.SERVFAIL, false)), rcode: RCODE.SERVFAIL };
    // Too big for UDP: the header and question with TC set; the client asks again over TCP (RFC 2181 9).
    const tc = base(rcode, true);
    tc.flags = (tc.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE;
    return { reply: dnsPacket.encode(tc), rcode };
  };

  const opcode = ((query.flags ?? 0) >> 11) & 0xf;
  if (opcode !== 0) return encode(base(RCODE.NOTIMP, false), RCODE.NOTIMP);
  if (questions.length !== 1 || (query.answers ?? []).length > 0 || (query.additionals ?? []).filter((a) => a.type === 'OPT').length > 1)
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
      p.authorities = [zone.soa];
      return encode(p, rcode);
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
