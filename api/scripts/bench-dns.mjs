// DNS benchmark (issue 15, "Measured"): the authoritative DNS server on a throw-away embedded database holding one zone
// of 100 records, loaded from UDP by a client in another thread (so server and client each get a core of this 2-core
// machine). Prints queries/s and latency percentiles; asserts nothing. The server answers from its in-memory zone
// store: the bench also prints how many database reloads the run caused (0 expected: a query never reads the database).
//   node api/scripts/bench-dns.mjs     (BENCH_SECONDS, BENCH_INFLIGHT to change the load)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { spawnSync } from 'node:child_process';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const inflight = Number(process.env.BENCH_INFLIGHT ?? 32);
const RECORDS = 100;

// The server's TypeScript modules load through tsx, as `npm start` runs them: re-run this file under its loader.
if (!process.env.BENCH_DNS_UNDER_TSX) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: apiDir,
    stdio: 'inherit',
    env: { ...process.env, BENCH_DNS_UNDER_TSX: '1' },
  });
  process.exit(r.status ?? 1);
}
const src = (p) => import(path.join(apiDir, 'src', p));
const { loadConfig } = await src('config.ts');
const { openReadyDatabase } = await src('bootstrap.ts');
const { systemClock } = await src('clock.ts');
const { insertUser } = await src('accounts/repository.ts');
const { customerDomains, tlds } = await src('db/schema-commerce.ts');
const { dnsRecords } = await src('db/schema-domains.ts');
const { startDns } = await src('dns/index.ts');
const { eq } = await import('drizzle-orm');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dns-'));
const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const db = await openReadyDatabase({ config, clock: systemClock });
let dns;
try {
  // One customer, one Active domain on the store's nameservers, 100 records: A and AAAA for h0..h49, with MX, TXT and
  // CAA among them, as a real zone would have.
  const now = new Date();
  const user = await insertUser(db.orm, {
    username: 'benchdns', email: 'benchdns@example.com', passwordHash: 'x', isActive: true, isStaff: false, dateJoined: now,
  });
  const [com] = await db.orm.select().from(tlds).where(eq(tlds.tld, 'com'));
  const zone = 'bench-zone.com';
  const [d] = await db.orm
    .insert(customerDomains)
    .values({
      userId: user.id, domainname: zone, tldId: com.id, status: 'Active', paymentmethodname: 'Wallet',
      registrationDate: now.toISOString().slice(0, 10), nextduedate: now.toISOString().slice(0, 10), nameservers: [], createdAt: now,
    })
    .returning();
  const rows = [];
  for (let i = 0; i < RECORDS; i++) {
    const h = `h${Math.floor(i / 2)}`;
    if (i === 98) rows.push({ name: '@', type: 'MX', value: 'mail.example.com', priority: 10 });
    else if (i === 99) rows.push({ name: '@', type: 'TXT', value: `v=spf1 include:example.com ~all ${'x'.repeat(300)}` });
    else if (i % 2 === 0) rows.push({ name: h, type: 'A', value: `192.0.2.${(i % 250) + 1}` });
    else rows.push({ name: h, type: 'AAAA', value: `2001:db8::${i.toString(16)}` });
  }
  await db.orm.insert(dnsRecords).values(rows.map((r) => ({ domainId: d.id, ttl: 300, priority: null, caaFlags: null, caaTag: null, ...r, createdAt: now, updatedAt: now })));

  // One client's load from one address: response rate limiting (for forged sources) off, to measure the server.
  dns = await startDns({ db, config: { host: '127.0.0.1', port: 0, storeNameservers: ['ns1.hosthub.test', 'ns2.hosthub.test'], responsesPerSecond: 0 } });
  await dns.zones.settled();
  const before = { ...dns.zones.stats };
  const questions = [];
  for (let i = 0; i < 49; i++) questions.push([`h${i}.${zone}`, i % 2 ? 'AAAA' : 'A']);
  questions.push([zone, 'MX'], [zone, 'SOA'], [`nothing.${zone}`, 'A'], ['not-served.example', 'A']);

  const client = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const dgram = require('node:dgram');
    const dnsPacket = require(workerData.dnsPacketPath);
    const { port, questions, seconds, inflight } = workerData;
    const packets = questions.map(([name, type], i) => dnsPacket.encode({ type: 'query', id: 0, flags: dnsPacket.RECURSION_DESIRED, questions: [{ name, type, class: 'IN' }] }));
    const socket = dgram.createSocket('udp4');
    const sentAt = new Map();
    const latencies = [];
    let nextId = 1, sent = 0, received = 0, lost = 0, stopping = false;
    const rcodes = {};
    const send = () => {
      if (stopping) return;
      const id = nextId = (nextId % 65535) + 1;
      const msg = Buffer.from(packets[sent % packets.length]);
      msg.writeUInt16BE(id, 0);
      sentAt.set(id, process.hrtime.bigint());
      sent++;
      socket.send(msg, port, '127.0.0.1');
    };
    socket.on('message', (reply) => {
      const at = sentAt.get(reply.readUInt16BE(0));
      if (at === undefined) return;
      sentAt.delete(reply.readUInt16BE(0));
      latencies.push(Number(process.hrtime.bigint() - at) / 1e6);
      const rcode = dnsPacket.decode(reply).rcode;
      rcodes[rcode] = (rcodes[rcode] ?? 0) + 1;
      received++;
      send();
    });
    // A query lost in the kernel's buffers is replaced, so the number in flight stays constant.
    const sweep = setInterval(() => {
      const now = process.hrtime.bigint();
      for (const [id, at] of sentAt) if (now - at > 1000000000n) { sentAt.delete(id); lost++; send(); }
    }, 250);
    const start = process.hrtime.bigint();
    for (let i = 0; i < inflight; i++) send();
    setTimeout(() => {
      stopping = true;
      clearInterval(sweep);
      const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
      socket.close();
      latencies.sort((a, b) => a - b);
      const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
      parentPort.postMessage({ received, lost, elapsed, p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1), rcodes });
    }, seconds * 1000);
    `,
    {
      eval: true,
      workerData: {
        port: dns.server.port, questions, seconds, inflight,
        dnsPacketPath: path.join(apiDir, 'node_modules', 'dns-packet', 'index.js'),
      },
    },
  );
  const result = await new Promise((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
  });
  const qps = Math.round(result.received / result.elapsed);
  const reloads = dns.zones.stats.full + dns.zones.stats.partial - before.full - before.partial;
  console.log(`DNS over UDP, one zone of ${RECORDS} records, ${inflight} queries in flight, ${seconds} s, ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}`);
  console.log(`  queries/s            ${qps}   (target >= 10000)`);
  console.log(`  latency p50 / p99    ${result.p50.toFixed(3)} ms / ${result.p99.toFixed(3)} ms   (max ${result.max.toFixed(1)} ms)`);
  console.log(`  answers              ${result.received} (${Object.entries(result.rcodes).map(([k, v]) => `${k} ${v}`).join(', ')}); lost ${result.lost}`);
  console.log(`  zone reloads from the database during the run: ${reloads}`);
} finally {
  await dns?.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
