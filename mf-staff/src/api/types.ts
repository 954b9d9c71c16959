// What the staff API answers (api/src/staff/*.ts). Amounts are major units.
export interface Overview {
  date: string;
  open_tickets: { priority: string; count: number }[];
  unpaid_invoices: { currency: string; count: number; total: number }[];
  overdue_invoices: { currency: string; count: number; total: number }[];
  revenue_today: { currency: string; count: number; total: number }[];
  /** Refunds of invoices to wallets made today (missing from an API older than this console). */
  refunds_today?: { currency: string; count: number; total: number }[];
  domains_expiring: { id: number; domainname: string; user: number; expires: string }[];
  /**
   * Payments of the last 90 days the gateway took but that credited no one (the reason says why): refund them there.
   * Missing from an API older than this console (a remote may be deployed first).
   */
  payments_to_refund?: { reference: string; user: number; username: string; amount: number; currency: string; reason: string; settled_at: string }[];
}
export interface StaffTicket {
  id: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  created_at: string;
  updated_at: string;
  assigned_to: number | null;
  assigned_to_username: string | null;
  user: number;
  username: string;
}
export interface TicketReply {
  id: number;
  user: number;
  username: string;
  is_staff: boolean;
  message: string;
  created_at: string;
}
export interface StaffMember {
  id: number;
  username: string;
  role: string;
  /** A disabled account cannot be given a ticket. */
  disabled?: boolean;
}
export interface Customer {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  date_joined: string;
}
export interface CustomerDetail extends Customer {
  phone_number: string;
  wallet: {
    balances: { currency: string; balance: number }[];
    entries: { id: number; currency: string; amount: number; kind: string; invoice: number | null; description: string; created_at: string }[];
  };
  domains: { id: number; domainname: string; status: string; nextduedate: string }[];
  services: { id: number; name: string; domain: string; status: string; nextduedate: string }[];
  invoices: { id: number; invoicenum: string; status: string; currency: string; total: number; due_date: string }[];
  tickets: { id: number; title: string; status: string; priority: string; updated_at: string }[];
  /** The latest 50 gateway payments (missing from an API older than this console). */
  payments?: CustomerPayment[];
}
export interface CustomerPayment {
  reference: string;
  purpose: 'deposit' | 'checkout';
  provider: string;
  invoice: number | null;
  invoicenum: string | null;
  amount: number;
  currency: string;
  status: 'pending' | 'success' | 'failed';
  failure_reason: string | null;
  created_at: string;
  settled_at: string | null;
  refunded_at: string | null;
  refund_reference: string | null;
}
export interface StaffInvoice {
  id: number;
  invoicenum: string;
  user: number;
  username: string;
  status: string;
  currency: string;
  subtotal?: number;
  vat?: number;
  total: number;
  refunded: number;
  refundable: number;
  payment_kind?: string;
  /** In words ('Wallet', 'Pay with Fiat', 'Bank transfer'); '' while nothing has paid a renewal invoice. */
  payment_method?: string;
  bank_reference: string | null;
  due_date: string;
  created_at: string;
  paid_at: string | null;
}
export interface StaffInvoiceDetail extends StaffInvoice {
  items: { id: number; name: string; domain: string | null; amount: number }[];
  refunds: { id: number; credit_note: string; amount: number; reason: string; created_at: string }[];
}
export interface Catalogue {
  currencies: string[];
  tlds: { tld: string; prices: { currency: string; register: number; renewal: number; transfer: number }[] }[];
  plans: { id: number; name: string; price: number; currency: string }[];
  usd_ngn_rate: string | null;
  vat_percent: string;
}
export interface Post {
  id: number;
  slug: string;
  title: string;
  content: string;
  author: string;
  published: boolean;
  created_at: string;
  updated_at: string | null;
  /** What the console read: sent back with a save, so a save over someone else's newer one is refused (409). */
  version?: string;
}
export interface AuditEntry {
  id: number;
  actor: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string;
  created_at: string;
}

export type StaffRole = 'support' | 'billing' | 'admin';

export interface StaffAccount {
  id: number;
  username: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  last_login: string | null;
  date_joined: string;
}
