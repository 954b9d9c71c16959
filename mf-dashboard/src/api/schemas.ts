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
});
export const userServicesSchema = list(userServiceSchema);
export type UserService = v.InferOutput<typeof userServiceSchema>;

export const userDomainSchema = v.object({
  id: v.optional(id),
  domainname: text,
  paymentmethodname: text,
  regperiod: v.nullish(v.union([v.string(), v.number()])),
  status: text,
  nextduedate: text,
});
export const userDomainsSchema = list(userDomainSchema);
export type UserDomain = v.InferOutput<typeof userDomainSchema>;

export const paymentOutcomeSchema = v.object({
  purpose: v.picklist(['deposit', 'checkout']),
  status: v.picklist(['pending', 'success', 'failed']),
  amount,
  currency: v.string(),
  invoicenum: text,
});
export type PaymentOutcome = v.InferOutput<typeof paymentOutcomeSchema>;
