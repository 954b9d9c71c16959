// A small DNS client over UDP and TCP with dns-packet, for the tests and the bench (the server's answers are read by
// the same library a third party would use, not by our responder's code).
import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket, { type DecodedPacket as Decoded, type Packet, type RecordType } from 'dns-packet';

/** dns-packet decodes the header's RCODE too; its type definitions leave it out. */
export type DecodedPacket = Decoded & { rcode: string; opcode?: string };

export interface QueryOptions {
  host?: string;
  port: number;
  timeoutMs?: number;
  /** Ask with EDNS (an OPT record with this UDP size). */
  edns?: number;
  id?: number;
  /** Ignore answers whose id is not the query's (a late answer to an earlier socket that had the same port). */
  matchId?: boolean;
}

export function queryPacket(name: string, type: RecordType | 'ANY', opts: Pick<QueryOptions, 'edns' | 'id'> = {}): Packet {
  return {
    type: 'query',
    id: opts.id ?? Math.floor(Math.random() * 65_535),
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: type as RecordType, name, class: 'IN' }],
    additionals: opts.edns ? [{ type: 'OPT', name: '.', udpPayloadSize: opts.edns, flags: 0 } as never] : [],
  };
}

/** Sends raw bytes over UDP; resolves with the raw answer, or null after the timeout (no answer). */
export function udpRaw(msg: Buffer, opts: QueryOptions): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(opts.host ?? '127.0.0.1') ? 'udp6' : 'udp4');
    const timer = setTimeout(() => {
      socket.close();
      resolve(null);
    }, opts.timeoutMs ?? 1000);
    socket.on('message', (reply) => {
      if (opts.matchId && (reply.length < 2 || msg.length < 2 || reply.readUInt16BE(0) !== msg.readUInt16BE(0))) return;
      clearTimeout(timer);
      socket.close();
      resolve(reply);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
    socket.send(msg, opts.port, opts.host ?? '127.0.0.1');
  });
}

export async function udpQuery(name: string, type: RecordType | 'ANY', opts: QueryOptions): Promise<DecodedPacket> {
  const reply = await udpRaw(dnsPacket.encode(queryPacket(name, type, opts)), opts);
  if (!reply) throw new Error(`no UDP answer for ${name} ${type}`);
  return dnsPacket.decode(reply) as DecodedPacket;
}

/** One message over TCP (two-byte length framing, dns-packet's streamEncode/streamDecode); null when closed unanswered. */
export function tcpRaw(msg: Buffer, opts: QueryOptions): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(opts.port, opts.host ?? '127.0.0.1');
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, opts.timeoutMs ?? 2000);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length >= 2 && data.length >= 2 + data.readUInt16BE(0)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(data.subarray(0, 2 + data.readUInt16BE(0)));
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(null);
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.write(msg);
  });
}

export async function tcpQuery(name: string, type: RecordType | 'ANY', opts: QueryOptions): Promise<DecodedPacket> {
  const reply = await tcpRaw(dnsPacket.streamEncode(queryPacket(name, type, opts)), opts);
  if (!reply) throw new Error(`no TCP answer for ${name} ${type}`);
  return dnsPacket.streamDecode(reply) as DecodedPacket;
}
