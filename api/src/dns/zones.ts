// The zones the DNS server answers, held in memory: every domain in a served status (Active, Grace, Redemption) that
// uses the store's nameservers, with its records ready as dns-packet answers. Nothing is read from the database per
// query. How it stays right: the triggers of migration 0300 NOTIFY 'dns_zone_changed' with the domain name when a
// domain, its settings or its records change (at commit, to every process listening: one API node or many); the store
// reloads just those zones (two queries), or everything when many changed at once or the listener reconnected.
import { and, eq, inArray } from 'drizzle-orm';
import dnsPacket, { type Answer } from 'dns-packet';
import { DNS_SERVED_STATUSES, splitTxt } from 'shared/schemas';
import type { Database, Executor } from '../db';
import { customerDomains } from '../db/schema-commerce';
import { dnsRecords, domainSettings } from '../db/schema-domains';
import { serialStamp, usesStoreNameservers } from '../domains/manage-repository';

export const ZONE_CHANNEL = 'dns_zone_changed';
/** More names than this waiting at once: one full reload is cheaper than one query pair per name. */
const FULL_RELOAD_AFTER = 200;

export const SOA_TIMES = { refresh: 3600, retry: 600, expire: 1_209_600, minimum: 300 } as const;
export const APEX_TTL = 3600;

export interface ZoneRecord {
  name: string;
  type: string;
  ttl: number;
  value: string;
  priority: number | null;
  flags: number | null;
  tag: string | null;
}

export interface ZoneSource {
  name: string;
  serial: number;
  records: ZoneRecord[];
}

type RRsets = Map<string, Answer[]>;

/** One zone, built once per change: owner name (lower case, no final dot) -> type -> answers. */
export class Zone {
  readonly apex: string;
  readonly serial: number;
  readonly soa: Answer;
  private readonly nodes = new Map<string, RRsets>();
  /** Names that exist without records of their own (`_domainkey` when `sel._domainkey` has one): NODATA, not NXDOMAIN. */
  private readonly nonTerminals = new Set<string>();

  constructor(src: ZoneSource, nameservers: readonly string[]) {
    this.apex = src.name;
    this.serial = src.serial;
    this.soa = {
      name: src.name,
      type: 'SOA',
      class: 'IN',
      ttl: APEX_TTL,
      data: {
        mname: nameservers[0]!,
        rname: `hostmaster.${src.name}`,
        serial: src.serial,
        ...SOA_TIMES,
      },
    };
    this.add(src.name, this.soa);
    for (const ns of nameservers) this.add(src.name, { name: src.name, type: 'NS', class: 'IN', ttl: APEX_TTL, data: ns });
    for (const r of src.records) {
      const owner = r.name === '@' ? src.name : `${r.name}.${src.name}`;
      this.add(owner, toAnswer(owner, r));
      let parent = owner;
      while (parent !== src.name && parent.includes('.')) {
        parent = parent.slice(parent.indexOf('.') + 1);
        if (parent !== src.name) this.nonTerminals.add(parent);
      }
    }
    // One TTL per RRset (RFC 2181 5.2): the smallest one given.
    for (const sets of this.nodes.values())
      for (const answers of sets.values()) {
        const ttl = Math.min(...answers.map((a) => (a as { ttl?: number }).ttl ?? APEX_TTL));
        for (const a of answers) (a as { ttl?: number }).ttl = ttl;
      }
  }

  private add(owner: string, a: Answer) {
    let sets = this.nodes.get(owner);
    if (!sets) this.nodes.set(owner, (sets = new Map()));
    const list = sets.get(a.type);
    if (list) list.push(a);
    else sets.set(a.type, [a]);
  }

  /** The RRsets at a name, or undefined when nothing is there. */
  at(name: string): RRsets | undefined {
    return this.nodes.get(name);
  }

  exists(name: string): boolean {
    return this.nodes.has(name) || this.nonTerminals.has(name);
  }
}

/** The bytes of a DNS answer carrying these records of one name (its question included), as the server encodes it. */
export function answerBytes(owner: string, records: ZoneRecord[]): number {
  const answers = records.map((r) => toAnswer(owner, r));
  return dnsPacket.encode({ type: 'response', questions: [{ name: owner, type: answers[0]?.type ?? 'A', class: 'IN' }], answers }).length;
}

function toAnswer(owner: string, r: ZoneRecord): Answer {
  const base = { name: owner, class: 'IN' as const, ttl: r.ttl };
  switch (r.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
      return { ...base, type: r.type, data: r.value };
    case 'MX':
      return { ...base, type: 'MX', data: { preference: r.priority ?? 0, exchange: r.value } };
    case 'TXT':
      // Pieces of at most 255 bytes: dns-packet would write a longer string's length into one byte.
      return { ...base, type: 'TXT', data: splitTxt(r.value).map((s) => Buffer.from(s, 'utf8')) };
    case 'CAA':
      return { ...base, type: 'CAA', data: { flags: r.flags ?? 0, tag: (r.tag ?? 'issue') as 'issue', value: r.value } };
    default:
      throw new Error(`unsupported record type ${r.type}`);
  }
}

export interface ZoneStoreOptions {
  storeNameservers: readonly string[];
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export class ZoneStore {
  private zones = new Map<string, Zone>();
  private readonly pending = new Set<string>();
  private fullPending = false;
  private draining: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  /** Reloads done (full and per zone), for tests and logs. */
  readonly stats = { full: 0, partial: 0, notifications: 0 };

  constructor(
    private readonly db: Pick<Database, 'orm' | 'listen'>,
    private readonly opts: ZoneStoreOptions,
  ) {}

  /**
   * Listens first, then loads everything, so no change made in between is missed. The first load goes through the
   * same one-at-a-time queue as the reloads: a zone reloaded after a change can never be overwritten by an older read.
   */
  async start(): Promise<void> {
    this.stopListening = await this.db.listen(
      ZONE_CHANNEL,
      (name) => {
        this.stats.notifications++;
        this.invalidate(name);
      },
      () => this.invalidateAll(),
    );
    this.invalidateAll();
    await this.settled();
    if (this.stats.full === 0) {
      await this.close();
      throw new Error('the DNS zones could not be loaded from the database');
    }
  }

  get size(): number {
    return this.zones.size;
  }

  /** The served zone that `qname` (lower case, no final dot) falls in: the longest matching suffix. */
  find(qname: string): Zone | undefined {
    let name = qname;
    for (;;) {
      const zone = this.zones.get(name);
      if (zone) return zone;
      const dot = name.indexOf('.');
      if (dot < 0) return undefined;
      name = name.slice(dot + 1);
    }
  }

  invalidate(name: string): void {
    if (this.closed) return;
    this.pending.add(name.toLowerCase());
    this.drainSoon();
  }

  invalidateAll(): void {
    if (this.closed) return;
    this.fullPending = true;
    this.drainSoon();
  }

  /** Resolves when every change notified so far has been loaded. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.().catch(() => {});
    await this.settled().catch(() => {});
  }

  private drainSoon() {
    if (this.draining) return;
    // setImmediate: the notifications of one transaction arrive together and are loaded in one go.
    this.draining = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (!this.closed && (this.fullPending || this.pending.size > 0)) {
        if (this.fullPending || this.pending.size > FULL_RELOAD_AFTER) {
          this.fullPending = false;
          this.pending.clear();
          await this.loadAll();
        } else {
          const names = [...this.pending];
          this.pending.clear();
          await this.loadNames(names);
        }
      }
    } catch (err) {
      this.opts.log?.error({ err }, 'DNS zones could not be reloaded: trying again in 1 s');
      this.fullPending = true;
      setTimeout(() => this.drainSoon(), 1000).unref();
    } finally {
      this.draining = null;
    }
  }

  async loadAll(): Promise<void> {
    const sources = await readZones(this.db.orm, this.opts.storeNameservers);
    const next = new Map<string, Zone>();
    for (const src of sources) next.set(src.name, new Zone(src, this.opts.storeNameservers));
    this.zones = next;
    this.stats.full++;
  }

  private async loadNames(names: string[]): Promise<void> {
    const sources = await readZones(this.db.orm, this.opts.storeNameservers, names);
    const found = new Map(sources.map((s) => [s.name, s]));
    for (const name of names) {
      const src = found.get(name);
      if (src) this.zones.set(name, new Zone(src, this.opts.storeNameservers));
      else this.zones.delete(name);
    }
    this.stats.partial++;
  }
}

/** The served zones (all, or those among `names`): two queries whatever their number. */
export async function readZones(db: Executor, storeNameservers: readonly string[], names?: string[]): Promise<ZoneSource[]> {
  if (names && names.length === 0) return [];
  const served = inArray(customerDomains.status, [...DNS_SERVED_STATUSES] as string[] as never[]);
  const domains = await db
    .select({
      id: customerDomains.id,
      name: customerDomains.domainname,
      nameservers: customerDomains.nameservers,
      registrationDate: customerDomains.registrationDate,
      serial: domainSettings.dnsSerial,
    })
    .from(customerDomains)
    .leftJoin(domainSettings, eq(domainSettings.domainId, customerDomains.id))
    .where(names ? and(served, inArray(customerDomains.domainname, names)) : served)
    .orderBy(customerDomains.id);
  // A name live twice (should not happen) is served from its newest row.
  const byName = new Map<string, ZoneSource & { id: number }>();
  for (const d of domains) {
    if (!usesStoreNameservers(d, storeNameservers)) {
      byName.delete(d.name);
      continue;
    }
    byName.set(d.name, { id: d.id, name: d.name, serial: d.serial ?? serialStamp(d.registrationDate), records: [] });
  }
  if (byName.size === 0) return [];
  const byId = new Map([...byName.values()].map((z) => [z.id, z]));
  const records = await db
    .select({
      domainId: dnsRecords.domainId,
      name: dnsRecords.name,
      type: dnsRecords.type,
      ttl: dnsRecords.ttl,
      value: dnsRecords.value,
      priority: dnsRecords.priority,
      flags: dnsRecords.caaFlags,
      tag: dnsRecords.caaTag,
    })
    .from(dnsRecords)
    .innerJoin(customerDomains, eq(customerDomains.id, dnsRecords.domainId))
    .where(names ? and(served, inArray(customerDomains.domainname, names)) : served)
    .orderBy(dnsRecords.id);
  for (const r of records) byId.get(r.domainId)?.records.push(r);
  return [...byName.values()].map(({ name, serial, records: list }) => ({ name, serial, records: list }));
}
