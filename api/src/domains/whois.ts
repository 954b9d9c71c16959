// WHOIS (RFC 3912) for the TLDs without an RDAP service in IANA's bootstrap file (.ng and .com.ng among them): send the
// name and CRLF to TCP port 43, read until the server closes. The protocol has no status codes, so the answer is read
// with per-server patterns, as the established billing systems do (WHMCS's whois.json, Ruby Whois, phpWhois).
import fs from 'node:fs';
import net from 'node:net';
import type { Availability } from './registry';

export interface WhoisServer {
  host: string;
  port?: number;
  /** The registry's "no such domain" answers: a match means the name is not registered. */
  notFound: RegExp[];
  /** Answers meaning "slow down" (query limits): the server is backed off and the name is 'unknown'. */
  limited?: RegExp[];
}

/** The JSON form of a server entry (WHOIS_SERVERS_FILE): patterns are regular expression sources, case-insensitive. */
export interface WhoisServerJson {
  host: string;
  port?: number;
  notFound: string[];
  limited?: string[];
}

/** Query limits as the common servers word them. */
const LIMITED = [
  /limit exceeded/i,
  /too many (requests|queries)/i,
  /query rate/i,
  /try again later/i,
  /quota exceeded/i,
];

const re = (...sources: string[]) => sources.map((s) => new RegExp(s, 'im'));

/**
 * TLDs this store sells that have no RDAP service in the bootstrap file at the time of writing, with their WHOIS
 * servers (IANA's root zone database lists each TLD's server) and the answers they give for an unregistered name.
 * NiRA's .ng runs on CoCCA ("No Object Found"). RDAP wins whenever the bootstrap file lists the TLD.
 */
export const DEFAULT_WHOIS_SERVERS: Record<string, WhoisServer> = {
  ng: { host: 'whois.nic.net.ng', notFound: re('No Object Found', '^Domain not found') },
  'com.ng': { host: 'whois.nic.net.ng', notFound: re('No Object Found', '^Domain not found') },
  co: { host: 'whois.registry.co', notFound: re('No Data Found', '^Domain not found') },
  io: { host: 'whois.nic.io', notFound: re('^Domain not found', 'NOT FOUND', 'is available for purchase') },
};

/** The defaults, with the entries of a JSON file (`{ "<tld>": { host, port?, notFound: [..], limited?: [..] } }`) over them. */
export function loadWhoisServers(file?: string): Record<string, WhoisServer> {
  const servers = { ...DEFAULT_WHOIS_SERVERS };
  if (!file) return servers;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, WhoisServerJson>;
  for (const [tld, s] of Object.entries(raw)) {
    if (!s || typeof s.host !== 'string' || !Array.isArray(s.notFound) || s.notFound.length === 0)
      throw new Error(`WHOIS_SERVERS_FILE: .${tld} needs "host" and a non-empty "notFound" list`);
    servers[tld.toLowerCase()] = {
      host: s.host,
      port: s.port,
      notFound: s.notFound.map((p) => new RegExp(p, 'im')),
      limited: s.limited?.map((p) => new RegExp(p, 'im')),
    };
  }
  return servers;
}

const MAX_ANSWER_BYTES = 256 * 1024;

/** One RFC 3912 query: the answer's text, or a rejection on timeout, refusal or an oversized answer. */
export function whoisQuery(host: string, port: number, query: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`WHOIS ${host}:${port} timed out`)));
    socket.on('connect', () => socket.write(`${query}\r\n`));
    socket.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_ANSWER_BYTES) socket.destroy(new Error(`WHOIS ${host}:${port} answer too large`));
      else chunks.push(c);
    });
    socket.on('error', reject);
    socket.on('close', (hadError) => {
      if (!hadError) resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

export interface WhoisLookup {
  availability: Availability;
  /** 'limited' when the server asked us to slow down. */
  limited?: boolean;
  /** EPP statuses in RDAP's spelling (RFC 8056): `clientTransferProhibited` becomes `client transfer prohibited`. */
  status: string[];
  registeredAt?: number;
  transferredAt?: number;
}

/** `clientTransferProhibited` → `client transfer prohibited` (the RDAP spelling of RFC 8056 section 2). */
export const eppToRdapStatus = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();

function dateField(text: string, labels: string[]): number | undefined {
  for (const label of labels) {
    const m = new RegExp(`^\\s*${label}\\s*:\\s*(\\S.*?)\\s*$`, 'im').exec(text);
    if (m?.[1]) {
      const t = Date.parse(m[1]);
      if (!Number.isNaN(t)) return t;
    }
  }
  return undefined;
}

/**
 * Reads a WHOIS answer for `name`. A "not found" pattern means not registered; a query-limit answer, an empty one or
 * one that does not mention the name means 'unknown' (never sold); otherwise the name is registered.
 */
export function parseWhois(text: string, name: string, server: WhoisServer): WhoisLookup {
  if ((server.limited ?? []).concat(LIMITED).some((p) => p.test(text)))
    return { availability: 'unknown', limited: true, status: [] };
  if (server.notFound.some((p) => p.test(text))) return { availability: 'available', status: [] };
  const mentions = text.toLowerCase().includes(name.toLowerCase()) || /^\s*domain name\s*:/im.test(text);
  if (!mentions) return { availability: 'unknown', status: [] };
  const status = [...text.matchAll(/^\s*(?:domain )?status\s*:\s*([A-Za-z]+)/gim)].map((m) =>
    eppToRdapStatus(m[1]!),
  );
  return {
    availability: 'registered',
    status,
    registeredAt: dateField(text, [
      'Creation Date',
      'Created On',
      'Registered On',
      'Registration Time',
      'created',
    ]),
    transferredAt: dateField(text, ['Last Transfer Date', 'Transfer Date', 'Last Transferred Date']),
  };
}
