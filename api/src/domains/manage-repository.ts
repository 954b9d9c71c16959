// Reads and writes of one customer domain's settings and DNS records (issue 15). Every change of a zone raises its SOA
// serial in the same transaction; the database triggers of migration 0300 then tell the DNS server to reload it.
import { randomInt } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { DOMAIN_MESSAGES, type DnsRecordInput } from 'shared/schemas';
import type { Executor } from '../db';
import { customerDomains } from '../db/schema-commerce';
import { validationError } from '../http/errors';
import { dnsRecords, domainSettings, type DnsRecordRow } from '../db/schema-domains';

export type DomainRow = typeof customerDomains.$inferSelect;
export type SettingsRow = typeof domainSettings.$inferSelect;

/** Whether the domain's nameservers are the store's (none set, or exactly the store's in any order). */
export function usesStoreNameservers(d: { nameservers: string[] | null }, store: readonly string[]): boolean {
  const list = (d.nameservers ?? []).map((h) => h.toLowerCase().replace(/\.$/, ''));
  if (list.length === 0) return true;
  return list.length === store.length && store.every((h) => list.includes(h));
}

/**
 * Refuses (400 at `nameservers`) a custom list that cannot work for `domain`, on the domain page and in the cart alike:
 * some of ours beside others (ours serve a zone only on exactly our set, and give no zone transfers to a secondary, so
 * the domain would half-resolve), or a nameserver inside the domain itself (it needs its address at the registry, a
 * glue record, which this store does not register). Host names in lower case without the final dot, as the store's.
 */
export function refuseUnworkableNameservers(list: readonly string[], domain: string | null, store: readonly string[]) {
  if (usesStoreNameservers({ nameservers: [...list] }, store)) return;
  const ours = list.find((h) => store.includes(h));
  if (ours) throw validationError({ nameservers: DOMAIN_MESSAGES.nameserversMixed(ours) });
  const inside = domain ? list.find((h) => h === domain || h.endsWith(`.${domain}`)) : undefined;
  if (inside) throw validationError({ nameservers: DOMAIN_MESSAGES.nameserverNeedsGlue(domainToUnicode(inside) || inside) });
}

/** 'YYYYMMDD00' of a day (the conventional SOA serial of RFC 1912), as a number. */
export function serialStamp(day: Date | string): number {
  const iso = typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10);
  return Number(iso.replace(/-/g, '')) * 100;
}

/** The settings a domain has before its first change. */
export const defaultSettings = (d: DomainRow): Omit<SettingsRow, 'updatedAt'> => ({
  domainId: d.id,
  registrarLock: true,
  eppCode: null,
  dnsSerial: serialStamp(d.registrationDate),
});

/**
 * The customer's domain with this name: a live one first, else the newest (a name can come back after a release).
 * `forUpdate` locks the row so changes to one domain are made one after the other.
 */
export async function findOwnDomain(
  ex: Executor,
  userId: number,
  by: { id: number } | { name: string },
  forUpdate = false,
): Promise<DomainRow | undefined> {
  const where =
    'id' in by
      ? and(eq(customerDomains.id, by.id), eq(customerDomains.userId, userId))
      : and(eq(customerDomains.domainname, by.name), eq(customerDomains.userId, userId));
  const q = ex
    .select()
    .from(customerDomains)
    .where(where)
    .orderBy(desc(sql`${customerDomains.status} IN ('Active', 'Grace', 'Redemption', 'Pending Transfer')`), desc(customerDomains.id))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function settingsOf(ex: Executor, d: DomainRow): Promise<SettingsRow> {
  const [row] = await ex.select().from(domainSettings).where(eq(domainSettings.domainId, d.id));
  return row ?? { ...defaultSettings(d), updatedAt: new Date(d.createdAt) };
}

/** The settings row, created with the defaults when missing, locked for the rest of the transaction. */
export async function lockSettings(tx: Executor, d: DomainRow, now: Date): Promise<SettingsRow> {
  await tx
    .insert(domainSettings)
    .values({ ...defaultSettings(d), updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx.select().from(domainSettings).where(eq(domainSettings.domainId, d.id)).for('update');
  return row!;
}

export async function updateSettings(
  tx: Executor,
  domainId: number,
  set: Partial<Pick<SettingsRow, 'registrarLock' | 'eppCode'>>,
  now: Date,
): Promise<void> {
  await tx.update(domainSettings).set({ ...set, updatedAt: now }).where(eq(domainSettings.domainId, domainId));
}

/** Raises the zone's SOA serial: one more, and at least today's 'YYYYMMDD00'. */
export async function bumpSerial(tx: Executor, domainId: number, now: Date): Promise<number> {
  const [row] = await tx
    .update(domainSettings)
    .set({ dnsSerial: sql`LEAST(4294967295, GREATEST(${domainSettings.dnsSerial} + 1, ${serialStamp(now)}))`, updatedAt: now })
    .where(eq(domainSettings.domainId, domainId))
    .returning({ serial: domainSettings.dnsSerial });
  return row!.serial;
}

export async function setDomainFields(
  tx: Executor,
  domainId: number,
  set: Partial<Pick<DomainRow, 'nameservers' | 'protection' | 'autoRenew'>>,
): Promise<void> {
  await tx.update(customerDomains).set(set).where(eq(customerDomains.id, domainId));
}

export async function listRecords(ex: Executor, domainId: number): Promise<DnsRecordRow[]> {
  return ex
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.domainId, domainId))
    .orderBy(asc(dnsRecords.name), asc(dnsRecords.type), asc(dnsRecords.id));
}

export async function countRecords(ex: Executor, domainId: number): Promise<number> {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(dnsRecords).where(eq(dnsRecords.domainId, domainId));
  return Number(row?.n ?? 0);
}

/** The other records at one owner name (all of them, or all but `exceptId`). */
export async function recordsAt(ex: Executor, domainId: number, name: string, exceptId?: number): Promise<DnsRecordRow[]> {
  return ex
    .select()
    .from(dnsRecords)
    .where(and(eq(dnsRecords.domainId, domainId), eq(dnsRecords.name, name), exceptId === undefined ? undefined : ne(dnsRecords.id, exceptId)));
}

export async function findRecord(ex: Executor, domainId: number, id: number): Promise<DnsRecordRow | undefined> {
  const [row] = await ex.select().from(dnsRecords).where(and(eq(dnsRecords.domainId, domainId), eq(dnsRecords.id, id)));
  return row;
}

const columns = (r: DnsRecordInput) => ({
  name: r.name,
  type: r.type,
  ttl: r.ttl,
  value: r.value,
  priority: r.priority,
  caaFlags: r.flags,
  caaTag: r.tag,
});

export async function insertRecord(tx: Executor, domainId: number, r: DnsRecordInput, now: Date): Promise<DnsRecordRow> {
  const [row] = await tx.insert(dnsRecords).values({ domainId, ...columns(r), createdAt: now, updatedAt: now }).returning();
  return row!;
}

export async function replaceRecord(tx: Executor, id: number, r: DnsRecordInput, now: Date): Promise<DnsRecordRow> {
  const [row] = await tx.update(dnsRecords).set({ ...columns(r), updatedAt: now }).where(eq(dnsRecords.id, id)).returning();
  return row!;
}

/**
 * Gives the records of one name and type the TTL `r` has: an RRset has one TTL (RFC 2181 5.2), and the DNS server
 * answers with one. Without this the page listed 86400 and 60 for two A records at one name, and dig said 60 for both.
 */
export async function shareTtl(tx: Executor, domainId: number, r: DnsRecordInput): Promise<number> {
  const rows = await tx
    .update(dnsRecords)
    .set({ ttl: r.ttl })
    .where(and(eq(dnsRecords.domainId, domainId), eq(dnsRecords.name, r.name), eq(dnsRecords.type, r.type), ne(dnsRecords.ttl, r.ttl)))
    .returning({ id: dnsRecords.id });
  return rows.length;
}

export async function deleteRecord(tx: Executor, id: number): Promise<void> {
  await tx.delete(dnsRecords).where(eq(dnsRecords.id, id));
}

/** Whether `r` is the same record as a stored row (same name, type, data). */
export const sameRecord = (row: DnsRecordRow, r: DnsRecordInput) =>
  row.name === r.name &&
  row.type === r.type &&
  row.value === r.value &&
  (row.priority ?? null) === r.priority &&
  (row.caaFlags ?? null) === r.flags &&
  (row.caaTag ?? null) === r.tag;

const EPP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const EPP_SYMBOLS = '!#%*+-=?@';

/** A 16-character transfer code with upper and lower case letters, digits and a symbol, as registries require. */
export function newEppCode(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick('ABCDEFGHJKLMNPQRSTUVWXYZ'), pick('abcdefghijkmnopqrstuvwxyz'), pick('23456789'), pick(EPP_SYMBOLS)];
  while (chars.length < 16) chars.push(pick(EPP_ALPHABET));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
