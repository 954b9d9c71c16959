// One domain's page (issue 15): GET/PATCH /domain/{domain}/, nameservers, registrar lock, EPP code and DNS records.
// {domain} is the name (Unicode or punycode, any case) or, as before, the domain's id. Another customer's domain is 404;
// a domain whose status is not manageable (Released, Cancelled, Pending Transfer…) can be read but not changed (403).
// Every rule is here (the page only shows the shared messages); each change is one transaction that locks the domain.
import { domainToUnicode } from 'node:url';
import { markAuthenticated } from '../security/recent-auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DOMAIN_MESSAGES,
  MANAGEABLE_DOMAIN_STATUSES,
  DNS_SERVED_STATUSES,
  MAX_DNS_RECORDS,
  MAX_RRSET_BYTES,
  asciiHost,
  dnsRecordSchema,
  isNullMx,
  domainSettingsSchema,
  eppRevealSchema,
  nameserversSchema,
  registrarLockSchema,
  type DnsRecordInput,
} from 'shared/schemas';
import { dayOf, maxRenewalYears } from '../billing/renewals';
import { doc } from '../commerce/docs';
import { isRowId, rowIdIn, type Executor } from '../db';
import { users } from '../db/schema';
import type { DnsRecordRow } from '../db/schema-domains';
import { loadDnsConfig, type DnsConfig } from '../dns/config';
import { answerBytes } from '../dns/zones';
import { detailError, nonFieldError, notFound, parseBody, validationError } from '../http/errors';
import { transferCodeRequestedMail } from '../mail/templates';
import { eppKeys, isSealed, openEppCode, sealEppCodesAgain, sealEppCode } from './epp-codes';
import * as repo from './manage-repository';
import { MESSAGES as NAME_MESSAGES } from './normalize';
import { domainRow } from './routes';

type DomainRow = repo.DomainRow;
type SettingsRow = repo.SettingsRow;

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The {domain} of the path: a positive id, or a full name turned into lower-case punycode; anything else is a 400. */
export function domainParam(raw: string): { id: number } | { name: string } {
  const id = rowIdIn(raw);
  if (isRowId(id)) return { id };
  const name = raw.length <= 1000 ? asciiHost(raw) : '';
  const labels = name.split('.');
  const ok = name.length > 0 && name.length <= 253 && labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l));
  if (!ok) throw validationError({ domain: NAME_MESSAGES.invalid });
  return { name };
}

const manageable = (d: DomainRow) => (MANAGEABLE_DOMAIN_STATUSES as readonly string[]).includes(d.status);

function recordOut(zone: string, r: DnsRecordRow) {
  return {
    id: r.id,
    name: r.name,
    fqdn: r.name === '@' ? zone : `${r.name}.${zone}`,
    type: r.type,
    ttl: r.ttl,
    value: r.value,
    priority: r.priority,
    flags: r.caaFlags,
    tag: r.caaTag,
  };
}

export interface DomainManageOptions {
  env?: Record<string, string | undefined>;
}

export async function domainManageRoutes(app: FastifyInstance, opts: DomainManageOptions = {}) {
  const dns: DnsConfig = loadDnsConfig(opts.env ?? process.env);
  const db = app.db.orm;
  const { config } = app;
  const strict = config.rateLimit.enabled ? { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs } : false;
  const auth = { preHandler: app.requireUser };
  const eppKeyOf = eppKeys(config.security);
  // Codes stored in clear before they were encrypted, or sealed with a key SECURITY_SECRET_KEY replaced, are sealed
  // with it at start (and a clear one on its next reveal).
  app.addHook('onReady', async () => {
    const sealed = await sealEppCodesAgain(db, eppKeyOf).catch((err: unknown) => {
      app.log.warn({ err }, 'could not seal the EPP codes stored in clear or with an earlier key');
      return 0;
    });
    if (sealed) app.log.info({ sealed }, 'EPP codes stored in clear or with an earlier key were sealed with SECURITY_SECRET_KEY');
  });

  const detail = (d: DomainRow, s: SettingsRow) => {
    const ours = repo.usesStoreNameservers(d, dns.storeNameservers);
    return {
      ...domainRow(d),
      read_only: !manageable(d),
      registrar_lock: s.registrarLock,
      uses_store_nameservers: ours,
      store_nameservers: dns.storeNameservers,
      effective_nameservers: ours ? dns.storeNameservers : d.nameservers,
      dns_served: ours && (DNS_SERVED_STATUSES as readonly string[]).includes(d.status),
      dns_serial: s.dnsSerial,
      max_dns_records: MAX_DNS_RECORDS,
      // The most years 'Renew now' may take it (its new expiry date at most 10 years ahead; 0 when it is that far).
      renewal_max_years: maxRenewalYears(d.nextduedate, dayOf(app.clock.now())),
      // domainRow carries the lifecycle's expirydate and auto_renew; the renewal price is GET /domain/{domain}/renewal/.
    };
  };

  /** Recent re-authentication (403 REAUTH_REQUIRED), checked after ownership so another customer still gets 404. */
  async function recentlyAuthenticated(request: FastifyRequest, reply: FastifyReply) {
    await own(request);
    await app.requireRecentAuth.call(app, request, reply);
  }

  /** The caller's domain named in the path, or 404. */
  async function own(request: FastifyRequest, ex: Executor = db, forUpdate = false): Promise<DomainRow> {
    const by = domainParam((request.params as { domain: string }).domain);
    const d = await repo.findOwnDomain(ex, request.user!.id, by, forUpdate);
    if (!d) throw notFound();
    return d;
  }

  /**
   * One change to the caller's domain, in one transaction: the domain row locked (changes to one domain queue), its
   * status checked, its settings row created if needed and locked. `zoneChanged` raises the SOA serial.
   */
  function change<T>(
    request: FastifyRequest,
    fn: (tx: Executor, d: DomainRow, s: SettingsRow, now: Date) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const d = await own(request, tx, true);
      if (!manageable(d)) throw detailError(403, DOMAIN_MESSAGES.readOnly(d.status));
      const now = app.clock.now();
      const s = await repo.lockSettings(tx, d, now);
      return fn(tx, d, s, now);
    });
  }

  const requireOurNameservers = (d: DomainRow) => {
    if (!repo.usesStoreNameservers(d, dns.storeNameservers)) throw nonFieldError(DOMAIN_MESSAGES.recordsNeedOurNameservers);
  };

  const fqdn = (zone: string, name: string) => (name === '@' ? zone : `${name}.${zone}`);

  /** The record name (`@`, `www`) of a host name inside the zone, or null for one outside it. */
  const nameInZone = (zone: string, host: string) => (host === zone ? '@' : host.endsWith(`.${zone}`) ? host.slice(0, -zone.length - 1) : null);

  /**
   * CNAME exclusivity (RFC 1034 3.6.2) against the other records at the same name; duplicates; a CNAME whose chain
   * inside the zone comes back to its own name (a loop never resolves: resolvers answer SERVFAIL).
   */
  async function checkRecordFits(tx: Executor, d: DomainRow, r: DnsRecordInput, exceptId?: number) {
    if (r.type === 'CNAME') {
      let target = r.value;
      // Every hop is a CNAME alone at its name, at most one per name within the record limit: the chain ends.
      for (let hop = 0; hop <= MAX_DNS_RECORDS; hop++) {
        const at = nameInZone(d.domainname, target);
        if (at === null) break;
        if (at === r.name) throw validationError({ value: DOMAIN_MESSAGES.cnameLoop(fqdn(d.domainname, r.name)) });
        const next = (await repo.recordsAt(tx, d.id, at, exceptId)).find((o) => o.type === 'CNAME');
        if (!next) break;
        target = next.value;
      }
    }
    // A mail server is not an alias (RFC 2181 section 10.3): mail to a domain whose MX names a CNAME is refused by
    // many senders. Checked both ways within the zone.
    if (r.type === 'MX') {
      const at = nameInZone(d.domainname, r.value);
      if (at !== null && (await repo.recordsAt(tx, d.id, at, exceptId)).some((o) => o.type === 'CNAME'))
        throw validationError({ value: DOMAIN_MESSAGES.mxAtCname(r.value) });
    }
    if (r.type === 'CNAME') {
      const owner = fqdn(d.domainname, r.name);
      if ((await repo.listRecords(tx, d.id)).some((o) => o.type === 'MX' && o.id !== exceptId && o.value === owner))
        throw validationError({ name: DOMAIN_MESSAGES.cnameAtMx(owner) });
    }
    const others = await repo.recordsAt(tx, d.id, r.name, exceptId);
    // A null MX is the name's only MX (RFC 7505 section 3): 'no mail' beside a mail server says two things at once.
    const otherMx = others.filter((o) => o.type === 'MX');
    if (r.type === 'MX' && isNullMx(r.value) && otherMx.length > 0)
      throw validationError({ value: DOMAIN_MESSAGES.nullMxNotAlone(fqdn(d.domainname, r.name)) });
    if (r.type === 'MX' && otherMx.some((o) => isNullMx(o.value)))
      throw validationError({ value: DOMAIN_MESSAGES.nameHasNullMx(fqdn(d.domainname, r.name)) });
    if (r.type === 'CNAME' && others.length > 0)
      throw validationError({ name: DOMAIN_MESSAGES.cnameNotAlone(fqdn(d.domainname, r.name)) });
    if (r.type !== 'CNAME' && others.some((o) => o.type === 'CNAME'))
      throw validationError({ name: DOMAIN_MESSAGES.nameHasCname(fqdn(d.domainname, r.name)) });
    if (others.some((o) => repo.sameRecord(o, r))) throw nonFieldError(DOMAIN_MESSAGES.duplicateRecord);
    // The RRset must fit in an answer the DNS server can send (dns/responder.ts answers SERVFAIL to one that cannot).
    const rrset = [...others.filter((o) => o.type === r.type).map((o) => recordOut(d.domainname, o)), r];
    const owner = fqdn(d.domainname, r.name);
    const bytes = answerBytes(owner, rrset);
    if (bytes > MAX_RRSET_BYTES) throw validationError({ value: DOMAIN_MESSAGES.rrsetTooBig(owner, r.type, bytes) });
  }

  app.get(
    '/domain/:domain/',
    { schema: doc('domains', 'One of your domains: status, dates, nameservers, lock, protection, DNS status', 'required'), ...auth },
    async (request) => {
      const d = await own(request);
      return detail(d, await repo.settingsOf(db, d));
    },
  );

  app.patch(
    '/domain/:domain/',
    {
      schema: doc(
        'domains',
        'Change a domain\'s settings: `{"protection": true|false, "auto_renew": true|false}` (Full Domain Protection, free; auto-renew)',
        'required',
      ),
      ...auth,
    },
    async (request) => {
      const body = parseBody(domainSettingsSchema, request.body);
      return change(request, async (tx, d, s) => {
        const set = {
          ...(body.protection !== undefined ? { protection: body.protection } : {}),
          ...(body.auto_renew !== undefined ? { autoRenew: body.auto_renew } : {}),
        };
        if (Object.keys(set).length) await repo.setDomainFields(tx, d.id, set);
        return detail({ ...d, ...set }, s);
      });
    },
  );

  const nameserversOut = (d: DomainRow) => {
    const ours = repo.usesStoreNameservers(d, dns.storeNameservers);
    return {
      use_store_nameservers: ours,
      nameservers: ours ? dns.storeNameservers : d.nameservers,
      store_nameservers: dns.storeNameservers,
    };
  };

  app.get(
    '/domain/:domain/nameservers/',
    { schema: doc('domains', "A domain's nameservers: the store's or 2 to 4 custom ones", 'required'), ...auth },
    async (request) => nameserversOut(await own(request)),
  );

  const setNameservers = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parseBody(nameserversSchema, request.body);
    // Nameservers can take a domain's mail and web away: a recent sign-in or password is required (issue 17).
    await recentlyAuthenticated(request, reply);
    return change(request, async (tx, d, _s, now) => {
      // The store's own names typed as 'custom' are the store's nameservers: the zone stays served here.
      const list = repo.usesStoreNameservers({ nameservers: body.nameservers }, dns.storeNameservers) ? [] : body.nameservers;
      // (The schema gave the names in lower case without the final dot, as the store's are written.)
      repo.refuseUnworkableNameservers(list, d.domainname, dns.storeNameservers);
      await repo.setDomainFields(tx, d.id, { nameservers: list });
      // Saved to the domain in the (simulated) registry: the registry's record is the customer_domains row.
      await repo.bumpSerial(tx, d.id, now);
      return nameserversOut({ ...d, nameservers: list });
    });
  };
  const nsDoc = doc(
    'domains',
    'Use the store\'s nameservers (`{"use_store_nameservers": true}`) or 2 to 4 custom host names (`{"use_store_nameservers": false, "nameservers": [...]}`)',
    'required',
  );
  app.patch('/domain/:domain/nameservers/', { schema: nsDoc, ...auth }, setNameservers);
  app.put('/domain/:domain/nameservers/', { schema: { ...nsDoc, hide: true }, ...auth }, setNameservers);

  app.get(
    '/domain/:domain/lock/',
    { schema: doc('domains', 'The registrar lock (on by default): `{"locked": true}`', 'required'), ...auth },
    async (request) => {
      const d = await own(request);
      return { locked: (await repo.settingsOf(db, d)).registrarLock };
    },
  );

  app.patch(
    '/domain/:domain/lock/',
    { schema: doc('domains', 'Turn the registrar lock on or off: `{"locked": false}`', 'required'), ...auth },
    async (request, reply) => {
      const body = parseBody(registrarLockSchema, request.body);
      // Turning the lock off opens the way to a transfer: it needs a recent sign-in or password (issue 17).
      if (!body.locked) await recentlyAuthenticated(request, reply);
      return change(request, async (tx, d, _s, now) => {
        await repo.updateSettings(tx, d.id, { registrarLock: body.locked }, now);
        return { locked: body.locked };
      });
    },
  );

  app.post(
    '/domain/:domain/epp/',
    {
      schema: doc(
        'domains',
        'Reveal the transfer (EPP) code: `{"password": "<account password>"}`; only while the lock is off; mails the account holder a notice',
        'required',
      ),
      config: { rateLimit: strict },
      ...auth,
    },
    async (request, reply) => {
      // Without a password, a session past its recent sign-in gets the 403 every re-authenticated action gives (the page
      // turns it into the password prompt, issue 17); a recent one is still asked for the password (issue 15).
      const given = (request.body as { password?: unknown } | null)?.password;
      if (typeof given !== 'string' || given === '') await recentlyAuthenticated(request, reply);
      const body = parseBody(eppRevealSchema, request.body);
      return change(request, async (tx, d, s, now) => {
        if (s.registrarLock) throw nonFieldError(DOMAIN_MESSAGES.eppWhileLocked);
        // The account password again (issue 15); a correct one also counts as a recent re-authentication (issue 17).
        const [user] = await tx.select().from(users).where(eq(users.id, request.user!.id));
        // Counted per account outside this transaction (password-guesses.ts): a wrong one rolls it back, not the count.
        if (!user) throw notFound();
        await app.passwordGuesses.confirm(user, body.password, 'password', DOMAIN_MESSAGES.wrongPassword);
        await markAuthenticated({ db: { orm: tx }, clock: app.clock }, request.user!.sessionId);
        let code: string | null = null;
        if (s.eppCode) {
          try {
            code = openEppCode(eppKeyOf, d.id, s.eppCode);
          } catch (err) {
            // Sealed with another SECURITY_SECRET_KEY (or altered): the registry issues a new code, as a registrar would.
            request.log.warn({ err, domain: d.domainname }, 'stored EPP code does not open: issuing a new one');
          }
        }
        if (!code || !isSealed(s.eppCode ?? '')) {
          code ??= repo.newEppCode();
          // Stored encrypted only (epp-codes.ts); a code stored in clear before is sealed here.
          await repo.updateSettings(tx, d.id, { eppCode: sealEppCode(eppKeyOf, d.id, code) }, now);
        }
        const pageUrl = `${config.storefrontUrl}/dashboard/domains/${d.domainname}`;
        await app.mail.send(
          transferCodeRequestedMail(
            config.productName,
            { email: user.email, username: user.username, firstName: user.firstName },
            { domain: d.domainname, when: now, ip: request.ip, pageUrl },
          ),
          tx,
        );
        return { epp_code: code };
      });
    },
  );

  app.get(
    '/domain/:domain/records/',
    { schema: doc('domains', "A domain's DNS records (A, AAAA, CNAME, MX, TXT, CAA)", 'required'), ...auth },
    async (request) => {
      const d = await own(request);
      return (await repo.listRecords(db, d.id)).map((r) => recordOut(d.domainname, r));
    },
  );

  /** The record rules for a domain, its messages naming it as its owner writes it (an IDN in Unicode). */
  const recordSchemaOf = (domainname: string) => dnsRecordSchema(domainname, domainToUnicode(domainname) || domainname);

  app.post(
    '/domain/:domain/records/',
    {
      schema: doc(
        'domains',
        'Add a DNS record: `{name, type, ttl, value, priority (MX), flags and tag (CAA)}`; at most 100 a domain; only with the store\'s nameservers',
        'required',
      ),
      ...auth,
    },
    async (request, reply) => {
      const row = await change(request, async (tx, d, _s, now) => {
        requireOurNameservers(d);
        const r = parseBody(recordSchemaOf(d.domainname), request.body);
        if ((await repo.countRecords(tx, d.id)) >= MAX_DNS_RECORDS) throw nonFieldError(DOMAIN_MESSAGES.tooManyRecords);
        await checkRecordFits(tx, d, r);
        const created = await repo.insertRecord(tx, d.id, r, now);
        await repo.shareTtl(tx, d.id, r);
        await repo.bumpSerial(tx, d.id, now);
        return recordOut(d.domainname, created);
      });
      return reply.code(201).send(row);
    },
  );

  const recordId = (request: FastifyRequest) => {
    const raw = (request.params as { id: string }).id;
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound();
    return id;
  };

  app.patch(
    '/domain/:domain/records/:id/',
    { schema: doc('domains', 'Change a DNS record (fields as when adding; missing ones keep their value)', 'required'), ...auth },
    async (request) => {
      const id = recordId(request);
      return change(request, async (tx, d, _s, now) => {
        const current = await repo.findRecord(tx, d.id, id);
        if (!current) throw notFound();
        requireOurNameservers(d);
        const given = request.body;
        if (given === null || typeof given !== 'object' || Array.isArray(given)) parseBody(recordSchemaOf(d.domainname), given);
        const stored = recordOut(d.domainname, current);
        const merged = {
          ...stored,
          // The stored name given back as the full name it is: read as typed, 'www.example.com' under example.com
          // (a record at www.example.com.example.com) lost the zone a second time and moved to 'www'.
          name: `${stored.fqdn}.`,
          ...(given as Record<string, unknown>),
        };
        const r = parseBody(recordSchemaOf(d.domainname), merged);
        // A TXT value not given keeps its stored text: read again, one saved before quoted values were taken as
        // zone-file strings ('"v=spf1 -all"', quotes and all) changed when only the TTL was.
        if (r.type === 'TXT' && current.type === 'TXT' && !('value' in (given as object))) r.value = current.value;
        await checkRecordFits(tx, d, r, id);
        const updated = await repo.replaceRecord(tx, id, r, now);
        await repo.shareTtl(tx, d.id, r);
        await repo.bumpSerial(tx, d.id, now);
        return recordOut(d.domainname, updated);
      });
    },
  );

  app.delete(
    '/domain/:domain/records/:id/',
    { schema: doc('domains', 'Delete a DNS record', 'required'), ...auth },
    async (request, reply) => {
      const id = recordId(request);
      await change(request, async (tx, d, _s, now) => {
        const current = await repo.findRecord(tx, d.id, id);
        if (!current) throw notFound();
        requireOurNameservers(d);
        await repo.deleteRecord(tx, id);
        await repo.bumpSerial(tx, d.id, now);
      });
      return reply.code(204).send();
    },
  );
}
