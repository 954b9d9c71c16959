// Response shapes of one domain's page (GET /domain/{domain}/ and its sub-resources; api/WIRE.md), parsed at the edge.
import * as v from 'valibot';

const text = v.nullish(v.string());

export const domainDetailSchema = v.object({
  id: v.union([v.number(), v.string()]),
  domainname: v.string(),
  domainname_unicode: v.optional(v.string()),
  status: v.string(),
  registrationdate: text,
  nextduedate: text,
  regperiod: v.nullish(v.union([v.string(), v.number()])),
  protection: v.boolean(),
  registrar_lock: v.boolean(),
  read_only: v.boolean(),
  uses_store_nameservers: v.boolean(),
  nameservers: v.array(v.string()),
  store_nameservers: v.array(v.string()),
  effective_nameservers: v.array(v.string()),
  dns_served: v.boolean(),
  dns_serial: v.number(),
  max_dns_records: v.number(),
});
export type DomainDetail = v.InferOutput<typeof domainDetailSchema>;

export const nameserversAnswerSchema = v.object({
  use_store_nameservers: v.boolean(),
  nameservers: v.array(v.string()),
  store_nameservers: v.array(v.string()),
});
export type NameserversAnswer = v.InferOutput<typeof nameserversAnswerSchema>;

export const lockAnswerSchema = v.object({ locked: v.boolean() });
export const eppAnswerSchema = v.object({ epp_code: v.string() });

export const dnsRecordSchema = v.object({
  id: v.number(),
  name: v.string(),
  fqdn: v.string(),
  type: v.string(),
  ttl: v.number(),
  value: v.string(),
  priority: v.nullish(v.number()),
  flags: v.nullish(v.number()),
  tag: text,
});
export const dnsRecordsSchema = v.array(dnsRecordSchema);
export type DnsRecord = v.InferOutput<typeof dnsRecordSchema>;

/** The path segment of a domain: the name, encoded (an IDN may arrive in Unicode). */
export const domainPath = (domain: string) => `domain/${encodeURIComponent(domain)}/`;
