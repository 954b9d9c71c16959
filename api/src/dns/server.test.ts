// The DNS server's TCP limits (server.ts TCP_LIMITS, RFC 7766 6.2), with small limits so the test is quick: a client
// trickling bytes is closed when its idle time ends, one address cannot take every connection, connections held
// open do not keep a new client out, and a client that does not read its answers gets no more queued. Zones do not
// matter here but in that last test: every name gets REFUSED, an answer all the same.
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { queryPacket, tcpQuery } from './client';
import { clientOf, startDnsServer, type DnsServer } from './server';
import { Zone } from './zones';

const LIMITS = { idleMs: 1500, perClient: 4, max: 6 };
let server: DnsServer;

beforeAll(async () => {
  server = await startDnsServer({ host: '127.0.0.1', port: 0, zones: { find: () => undefined }, tcpLimits: LIMITS });
});
afterAll(() => server.close());

/** An open connection from the address `from`, and when the server closed it (null while open). */
function hold(from = '127.0.0.1') {
  const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress: from });
  const state = { socket, closedAt: null as number | null, opened: new Promise<void>((r) => socket.once('connect', () => r())) };
  socket.on('close', () => (state.closedAt = Date.now()));
  socket.on('error', () => {});
  return state;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ask = () => tcpQuery('example.org', 'A', { port: server.port, timeoutMs: 1000 });

test('bytes trickled in do not keep a connection open: each whole message gets the idle time, no more', async () => {
  const trickler = hold();
  await trickler.opened;
  const started = Date.now();
  // Half a message, then one byte every 100 ms: under the old per-byte timer this stayed open for ever.
  const frame = dnsPacket.streamEncode(queryPacket('example.org', 'A'));
  trickler.socket.write(frame.subarray(0, 2));
  for (let i = 2; i < frame.length - 1 && trickler.closedAt === null; i++) {
    trickler.socket.write(frame.subarray(i, i + 1));
    await sleep(100);
  }
  expect(trickler.closedAt).not.toBeNull();
  expect(trickler.closedAt! - started).toBeLessThan(LIMITS.idleMs + 1000);

  // A client that sends whole messages keeps its connection across them.
  const steady = hold();
  await steady.opened;
  const answers: Buffer[] = [];
  steady.socket.on('data', (chunk) => answers.push(chunk));
  // A message every quarter of the idle time: a busy machine's late timers still leave it well inside.
  for (let i = 0; i < 4; i++) {
    steady.socket.write(frame);
    await sleep(LIMITS.idleMs / 4);
  }
  expect(steady.closedAt).toBeNull();
  expect(Buffer.concat(answers).length).toBeGreaterThan(0);
  steady.socket.destroy();
});

test('one address gets a few connections; the server full of held connections still answers a new client', async () => {
  // The first LIMITS.perClient are kept, the next one from the same address is closed at once.
  const held = Array.from({ length: LIMITS.perClient + 1 }, () => hold());
  await Promise.all(held.slice(0, LIMITS.perClient).map((h) => h.opened));
  await sleep(100);
  expect(held.slice(0, LIMITS.perClient).every((h) => h.closedAt === null)).toBe(true);
  expect(held[LIMITS.perClient]!.closedAt).not.toBeNull();
  held.forEach((h) => h.socket.destroy());
  await sleep(50);

  // Full (LIMITS.max held from two addresses): a new client still gets its answer, in the place of the connection that
  // has waited longest.
  const full = [
    ...Array.from({ length: LIMITS.max / 2 }, () => hold('127.0.0.1')),
    ...Array.from({ length: LIMITS.max / 2 }, () => hold('127.0.0.2')),
  ];
  await Promise.all(full.map((h) => h.opened));
  await sleep(50);
  expect((await ask()).rcode).toBe('REFUSED');
  await sleep(50);
  expect(full.filter((h) => h.closedAt !== null)).toHaveLength(1);
  expect(full[0]!.closedAt).not.toBeNull();
  full.forEach((h) => h.socket.destroy());
  await sleep(50);

  // Full again, most of it held by one address: the room is made at its expense, though the other's connections have
  // waited longer. (Room made at the expense of the longest waiting, a client on a few addresses kept the others out.)
  const others = Array.from({ length: 2 }, () => hold('127.0.0.3'));
  await Promise.all(others.map((h) => h.opened));
  await sleep(50);
  const greedy = Array.from({ length: LIMITS.max - 2 }, () => hold('127.0.0.2'));
  await Promise.all(greedy.map((h) => h.opened));
  await sleep(50);
  expect((await ask()).rcode).toBe('REFUSED');
  await sleep(50);
  expect(others.every((h) => h.closedAt === null)).toBe(true);
  expect(greedy.filter((h) => h.closedAt !== null)).toHaveLength(1);
  [...others, ...greedy].forEach((h) => h.socket.destroy());
});

test('a client that sends queries and never reads the answers gets no more queued than its socket holds, then is closed', async () => {
  // Answers of about 15 KB (thirty 500-byte TXT strings) for 40-byte queries: 3,000 of them are 45 MB, far more than
  // the sockets' buffers on both sides hold, so the server must stop answering, or hold the rest in its memory.
  const records = Array.from({ length: 30 }, (_, i) => ({ name: '@', type: 'TXT', ttl: 300, value: `${i}`.padEnd(500, 'x'), priority: null, flags: null, tag: null }));
  const zone = new Zone({ name: 'big.test', serial: 1, records }, ['ns1.hosthub.test', 'ns2.hosthub.test']);
  const big = await startDnsServer({ host: '127.0.0.1', port: 0, zones: { find: (q) => (q.endsWith('big.test') ? zone : undefined) }, tcpLimits: LIMITS });
  try {
    const socket = net.connect({ port: big.port, host: '127.0.0.1' });
    socket.pause();
    socket.on('error', () => {});
    let closed = false;
    socket.on('close', () => (closed = true));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const frame = dnsPacket.streamEncode(queryPacket('big.test', 'TXT'));
    const sent = 3000;
    socket.write(Buffer.concat(Array.from({ length: sent }, () => frame)));
    await sleep(LIMITS.idleMs / 2);
    const answered = big.counts.tcp;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(sent / 2);
    // Nothing more is answered while the client does not read, and, sending no whole message, it runs out of time:
    // reading again, the client gets what was queued, then the end of the connection.
    await sleep(LIMITS.idleMs * 2);
    expect(big.counts.tcp).toBe(answered);
    socket.on('data', () => {});
    socket.resume();
    for (let waited = 0; !closed && waited < 3000; waited += 100) await sleep(100);
    expect(closed).toBe(true);
    expect(big.counts.tcp).toBe(answered);
  } finally {
    await big.close();
  }
});

test('a client is an IPv4 address, or an IPv6 /64: one host cannot take every slot with the addresses of its block', () => {
  expect(clientOf('192.0.2.7')).toBe('192.0.2.7');
  expect(clientOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
  expect(clientOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
  expect(clientOf('2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
  expect(clientOf('2001:db8::5')).toBe('2001:db8:0:0::/64');
  expect(clientOf('::1')).toBe('0:0:0:0::/64');
});
