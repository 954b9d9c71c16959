// The authoritative DNS server: UDP and TCP on one address (CONTRACT.md: 127.0.0.1:5300 by default), answering from
// the in-memory ZoneStore. Started beside the API by src/server.ts (npm start); `startDnsServer` is also what tests
// and the bench call, on port 0 when they want any free port.
import dgram from 'node:dgram';
import net from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MAX_QUERY_SIZE, respond, type ZoneLookup } from './responder';

/**
 * Response rate limiting over UDP (as BIND's and Knot's RRL): a UDP source address can be forged, so a server that
 * answers every query can be made to send large answers to someone else's address, many times the queries' size. At
 * most `perSecond` alike answers (responder.ts Outcome.rateKey: the same name and type, NXDOMAINs of one zone, any
 * refusal or error) a second go to one network (an IPv4 /24, an IPv6 /64); past that every `slip`-th one goes out as
 * a bare truncated answer, which sends a real client to TCP (never limited: it cannot be forged), and the rest are
 * dropped. Resolvers cache answers, so a real one seldom asks the same question 20 times a second.
 */
export const RESPONSE_RATE_LIMIT = { perSecond: 20, slip: 2 };

/** The network a UDP source is counted in: an IPv4 address's /24, an IPv6 address's /64 (clientOf). */
export function rateClientOf(address: string): string {
  const client = clientOf(address);
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(client);
  return v4 ? `${v4[1]}.0/24` : client;
}

/**
 * TCP limits (RFC 7766 6.2). A connection gets `idleMs` for each whole message, counted from the connection or the
 * last message: bytes trickled in do not keep it open (one byte every few seconds held a connection for ever). One
 * address holds at most `perClient` connections. At `max` connections, a new one takes the place of the longest idle
 * connection of the client holding the most, so a client holding many open (from one address or a few) cannot shut
 * the others out. Answers wait in memory only as far as the socket's buffer: a client that does not read gets no more.
 */
export const TCP_LIMITS = { idleMs: 10_000, perClient: 32, max: 256 };

/**
 * Who a connection comes from, for `perClient`: an IPv4 address (also written IPv4-mapped), or an IPv6 address's /64,
 * the block one host or site is given (counting whole addresses, one host could fill every slot from its /64).
 */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface DnsServer {
  host: string;
  /** The bound port (UDP and TCP share it). */
  port: number;
  /** Queries answered (or dropped) since start, by transport. */
  counts: { udp: number; tcp: number; dropped: number };
  close(): Promise<void>;
}

export interface DnsServerOptions {
  host: string;
  port: number;
  zones: ZoneLookup;
  log?: { warn(obj: object, msg: string): void };
  /** TCP_LIMITS by default (tests give smaller ones). */
  tcpLimits?: typeof TCP_LIMITS;
  /** RESPONSE_RATE_LIMIT by default; null turns it off (the bench measures one client's load). */
  rateLimit?: typeof RESPONSE_RATE_LIMIT | null;
}

export async function startDnsServer(opts: DnsServerOptions): Promise<DnsServer> {
  // Port 0: UDP picks a free port and TCP takes the same number, which may be taken for TCP: try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      if (opts.port !== 0 || attempt >= 5 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
}

async function startOnce(opts: DnsServerOptions): Promise<DnsServer> {
  const counts = { udp: 0, tcp: 0, dropped: 0 };
  const family = net.isIPv6(opts.host) ? 'udp6' : 'udp4';
  const udp = dgram.createSocket({ type: family, reuseAddr: false });
  const rate = opts.rateLimit === undefined ? RESPONSE_RATE_LIMIT : opts.rateLimit;
  const limiter = rate ? new RateLimiterMemory({ points: rate.perSecond, duration: 1 }) : null;
  let excess = 0;
  udp.on('message', (msg, rinfo) => {
    const outcome = respond(msg, opts.zones, 'udp');
    if (!outcome.reply) {
      counts.dropped++;
      return;
    }
    const send = (reply: Buffer) => {
      counts.udp++;
      udp.send(reply, rinfo.port, rinfo.address);
    };
    if (!limiter || !rate) return send(outcome.reply);
    limiter.consume(`${rateClientOf(rinfo.address)} ${outcome.rateKey ?? 'error'}`).then(
      () => send(outcome.reply!),
      (err: unknown) => {
        if (!(err instanceof RateLimiterRes)) return send(outcome.reply!);
        excess += 1;
        if (outcome.slip && excess % rate.slip === 0) return send(outcome.slip());
        counts.dropped++;
      },
    );
  });
  // A send to a closed port (ICMP unreachable) or any socket error must not stop the server.
  udp.on('error', (err) => opts.log?.warn({ err }, 'DNS UDP socket error'));

  const limits = opts.tcpLimits ?? TCP_LIMITS;
  /** Open connections, each with its peer's address and when it last sent a whole message (or connected). */
  const sockets = new Map<net.Socket, { peer: string; since: number; timer: NodeJS.Timeout }>();
  const idle = (socket: net.Socket) => setTimeout(() => socket.destroy(), limits.idleMs).unref();
  const tcp = net.createServer({ pauseOnConnect: false }, (socket) => {
    const peer = clientOf(socket.remoteAddress ?? '');
    let fromPeer = 0;
    for (const s of sockets.values()) if (s.peer === peer) fromPeer++;
    if (fromPeer >= limits.perClient) {
      counts.dropped++;
      socket.destroy();
      return;
    }
    if (sockets.size >= limits.max) {
      // Room is made at the expense of the client holding the most connections (its longest idle one), not of
      // whoever waited longest: a client spread over several addresses keeps the server full only at its own cost.
      const held = new Map<string, number>();
      for (const info of sockets.values()) held.set(info.peer, (held.get(info.peer) ?? 0) + 1);
      let evict: net.Socket | undefined;
      let most = 0;
      let since = Infinity;
      for (const [s, info] of sockets) {
        const n = held.get(info.peer)!;
        if (n > most || (n === most && info.since < since)) [evict, most, since] = [s, n, info.since];
      }
      if (evict) {
        clearTimeout(sockets.get(evict)!.timer);
        sockets.delete(evict);
        evict.destroy();
      }
    }
    sockets.set(socket, { peer, since: performance.now(), timer: idle(socket) });
    socket.on('close', () => {
      const info = sockets.get(socket);
      if (info) clearTimeout(info.timer);
      sockets.delete(socket);
    });
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    /**
     * Answers the whole messages buffered, until the answers the peer has not read yet fill the socket's buffer: then
     * nothing more is read from it until they drain. A client that sends without reading gets no more answers queued
     * in memory, and, sending no whole message, is closed when its idle time runs out.
     */
    const answer = () => {
      // Each message is preceded by its length in two bytes (RFC 1035 4.2.2); dns-packet's streamDecode reads the
      // same framing, but several messages may arrive in one chunk, so the framing is walked here.
      while (buffered.length >= 2) {
        const size = buffered.readUInt16BE(0);
        if (size > MAX_QUERY_SIZE) {
          counts.dropped++;
          socket.destroy();
          return;
        }
        if (buffered.length < 2 + size) break;
        // A whole message: the connection's idle time starts again.
        const info = sockets.get(socket);
        if (info) {
          clearTimeout(info.timer);
          sockets.set(socket, { peer, since: performance.now(), timer: idle(socket) });
        }
        const msg = buffered.subarray(2, 2 + size);
        buffered = buffered.subarray(2 + size);
        const { reply } = respond(msg, opts.zones, 'tcp');
        if (!reply) {
          counts.dropped++;
          socket.destroy();
          return;
        }
        counts.tcp++;
        const framed = Buffer.alloc(2 + reply.length);
        framed.writeUInt16BE(reply.length, 0);
        reply.copy(framed, 2);
        if (!socket.write(framed)) {
          socket.pause();
          socket.once('drain', () => {
            socket.resume();
            answer();
          });
          return;
        }
      }
    };
    socket.on('data', (chunk) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      if (!socket.writableNeedDrain) answer();
    });
  });

  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(opts.port, opts.host, () => {
      udp.off('error', reject);
      resolve();
    });
  });
  const port = udp.address().port;
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, opts.host, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    udp.close();
    throw err;
  }
  tcp.on('error', (err) => opts.log?.warn({ err }, 'DNS TCP server error'));

  return {
    host: opts.host,
    port,
    counts,
    close: async () => {
      for (const s of sockets.keys()) s.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
}
