// Response shapes of one domain's page (GET /domain/{domain}/ and its sub-resources; api/WIRE.md), parsed at the edge.
import * as v from 'valibot';
import { RENEWAL_YEARS_MAX } from 'shared/schemas';

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
  /** The most years 'Renew now' may take: its new expiry date at most 10 years ahead (0: that far already). */
  renewal_max_years: v.optional(v.number(), RENEWAL_YEARS_MAX),
  // The lifecycle's fields (domainRow): the expiry date is the next due date.
  expirydate: v.optional(text),
  auto_renew: v.optional(v.boolean()),
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

const money = v.number();

/** GET domain/{domain}/renewal/?years=N: what renewing for N years costs, priced by the server. */
export const renewalQuoteSchema = v.object({
  domainname: v.string(),
  status: v.string(),
  years: v.number(),
  currency: v.string(),
  price_per_year: money,
  renewal: money,
  restore_fee: money,
  subtotal: money,
  vat_percent: v.number(),
  vat: money,
  total: money,
  expirydate: v.string(),
  new_expirydate: v.string(),
  open_invoice: v.nullable(
    v.object({ invoice_id: v.number(), invoicenum: v.string(), years: v.number(), total: money, currency: v.string() }),
  ),
});
export type RenewalQuote = v.InferOutput<typeof renewalQuoteSchema>;

/** POST domain/{domain}/renew/: the renewal invoice to pay. */
export const renewAnswerSchema = v.object({
  message: v.string(),
  data: v.object({
    invoice_id: v.number(),
    invoicenum: v.string(),
    status: v.string(),
    years: v.number(),
    total: money,
    currency: v.string(),
    expirydate: v.string(),
    new_expirydate: v.string(),
  }),
});
export type RenewAnswer = v.InferOutput<typeof renewAnswerSchema>;

/** The path segment of a domain: the name, encoded (an IDN may arrive in Unicode). */
export const domainPath = (domain: string) => `domain/${encodeURIComponent(domain)}/`;
