// Response shapes of api/WIRE.md, parsed once at the edge. Lenient where the wire may send null or a numeric string.
import * as v from 'valibot';

const id = v.union([v.number(), v.string()]);
const text = v.nullish(v.string());
const amount = v.union([v.number(), v.string()]);
const list = <S extends v.GenericSchema>(item: S) => v.array(item);

export const meSchema = v.object({
  data: v.object({ id, username: v.string(), email: text, first_name: text }),
});
export type Me = v.InferOutput<typeof meSchema>['data'];

export const walletBalanceSchema = list(v.object({ balance: amount, currency: v.object({ code: v.string() }) }));
export type WalletBalance = v.InferOutput<typeof walletBalanceSchema>;

export const walletHistorySchema = v.object({
  currency: v.string(),
  balance: amount,
  entries: list(v.object({ id, created_at: text, kind: v.string(), description: text, amount, invoicenum: text })),
});
export type WalletHistory = v.InferOutput<typeof walletHistorySchema>;

export const currencySchema = v.object({ code: v.string(), name: v.string() });
export const currenciesSchema = list(currencySchema);
export type Currency = v.InferOutput<typeof currencySchema>;

export const depositSchema = v.object({
  message: text,
  data: v.object({ authorization_url: v.string() }),
});
export type DepositAnswer = v.InferOutput<typeof depositSchema>;

export const ticketSchema = v.object({
  id,
  title: v.string(),
  description: text,
  status: text,
  priority: text,
  created_at: text,
  assigned_to: v.nullish(v.union([v.string(), v.number()])),
});
export const ticketsSchema = list(ticketSchema);
export type Ticket = v.InferOutput<typeof ticketSchema>;

export const createdSchema = v.object({ message: text });

export const replySchema = v.object({
  id,
  user: v.nullish(id),
  username: text,
  message: v.string(),
  created_at: text,
});
export const repliesSchema = list(replySchema);
export type Reply = v.InferOutput<typeof replySchema>;

export const invoiceSchema = v.object({
  id: v.optional(id),
  invoicenum: v.nullish(id),
  paymentmethod: text,
  notes: text,
  duedate: text,
  total: v.nullish(amount),
  currencycode: text,
  created_at: text,
  status: text,
});
export const invoiceListSchema = v.object({
  invoices: v.object({
    totalresults: amount,
    invoices: v.optional(v.object({ invoice: v.optional(list(invoiceSchema), []) }), { invoice: [] }),
  }),
});
export type Invoice = v.InferOutput<typeof invoiceSchema>;
export type InvoiceList = { total: number; invoices: Invoice[] };

export const userServiceSchema = v.object({
  id: v.optional(id),
  name: text,
  billingcycle: text,
  domain: text,
  regdate: text,
  serverhostname: text,
  status: text,
  // Lifecycle (issue 14): next due date and auto-renew.
  nextduedate: text,
  auto_renew: v.optional(v.boolean()),
});
export const userServicesSchema = list(userServiceSchema);
export type UserService = v.InferOutput<typeof userServiceSchema>;

export const userDomainSchema = v.object({
  id: v.optional(id),
  domainname: text,
  domainname_unicode: v.optional(v.string()),
  paymentmethodname: text,
  regperiod: v.nullish(v.union([v.string(), v.number()])),
  status: text,
  nextduedate: text,
  // Lifecycle (issue 14): the expiry date and auto-renew.
  expirydate: text,
  auto_renew: v.optional(v.boolean()),
});
export const userDomainsSchema = list(userDomainSchema);
export type UserDomain = v.InferOutput<typeof userDomainSchema>;

// ---- Account security (issue 17) ----
export const messageSchema = v.object({ message: v.string() });

export const passkeySchema = v.object({
  id: v.number(),
  name: v.string(),
  created_at: v.nullable(v.string()),
  last_used_at: v.nullable(v.string()),
});
export type Passkey = v.InferOutput<typeof passkeySchema>;

export const securitySchema = v.object({
  data: v.object({
    totp: v.object({ enabled: v.boolean(), enabled_at: v.nullable(v.string()) }),
    passkeys: v.array(passkeySchema),
    recovery_codes_left: v.number(),
    second_factor: v.boolean(),
    recent_auth_until: v.nullable(v.string()),
  }),
});
export type SecurityOverview = v.InferOutput<typeof securitySchema>['data'];

export const totpSetupSchema = v.object({ secret: v.string(), otpauth_url: v.string(), qr_svg: v.string() });
export type TotpSetup = v.InferOutput<typeof totpSetupSchema>;

export const recoveryCodesSchema = v.object({ message: v.optional(v.string(), ''), recovery_codes: v.array(v.string()) });

export const addPasskeySchema = v.object({ message: v.string(), data: passkeySchema, recovery_codes: v.array(v.string()) });

/** WebAuthn options as the API sends them (the browser library reads them as they are). */
export const webauthnOptionsSchema = v.looseObject({ challenge: v.string() });

export const sessionRowSchema = v.object({
  id: v.number(),
  device: v.string(),
  ip: v.string(),
  signed_in: v.nullable(v.string()),
  last_seen: v.nullable(v.string()),
  current: v.boolean(),
});
export type SessionRow = v.InferOutput<typeof sessionRowSchema>;
export const sessionsSchema = v.object({ data: v.array(sessionRowSchema) });
export const invoiceDetailSchema = v.object({
  ...invoiceSchema.entries,
  id,
  subtotal: v.nullish(amount),
  tax: v.nullish(amount),
  vat_percent: v.nullish(amount),
  datepaid: text,
  overdue: v.optional(v.boolean(), false),
  service_suspended: v.optional(v.boolean(), false),
  /** What of it went back to the wallet: an item that could not be delivered, a refund with its credit note. */
  refunds: v.optional(list(v.object({ amount, description: v.string(), created_at: text })), []),
  items: list(
    v.object({
      id,
      description: text,
      domain: text,
      amount,
      kind: text,
      details: text,
    }),
  ),
});
export type InvoiceDetail = v.InferOutput<typeof invoiceDetailSchema>;

export const payAnswerSchema = v.object({
  message: text,
  data: v.optional(v.object({ status: text, authorization_url: v.optional(v.string()), invoicenum: v.nullish(id) })),
});
export type PayAnswer = v.InferOutput<typeof payAnswerSchema>;

export const autoRenewSchema = v.object({ id, auto_renew: v.boolean() });

export const noticesSchema = v.object({
  overdue_invoices: list(v.object({ id, invoicenum: v.string(), duedate: text, total: amount, currency: v.string() })),
  domains: list(
    v.object({ domainname: v.string(), status: v.string(), expirydate: text, invoicenum: v.nullish(v.string()), invoice_id: v.nullish(id) }),
  ),
  services: v.optional(list(v.object({ id, name: v.string(), domain: text, invoicenum: v.nullish(v.string()) })), []),
});
export type Notices = v.InferOutput<typeof noticesSchema>;
export const paymentOutcomeSchema = v.object({
  purpose: v.picklist(['deposit', 'checkout']),
  status: v.picklist(['pending', 'success', 'failed']),
  amount,
  currency: v.string(),
  invoicenum: text,
  invoice_status: v.optional(v.nullable(v.string()), null),
  /** A checkout's payment that reached an invoice already paid (or changed) went to the wallet instead. */
  credited_to_wallet: v.optional(v.boolean(), false),
  /** Parts of a paid invoice credited back to the wallet (an item that could not be delivered, a refund). */
  refunds: v.optional(list(v.object({ amount, description: v.string() })), []),
  /** The invoice renews a domain or service the customer has, rather than an order. */
  renewal: v.optional(v.boolean(), false),
});
export type PaymentOutcome = v.InferOutput<typeof paymentOutcomeSchema>;
