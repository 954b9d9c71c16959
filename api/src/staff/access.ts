// Who may call which staff route: the one access table (issue 16). The staff plugin refuses to register a route that
// has no rule here, and the role-matrix test (access.test.ts) calls every route below as every role.
export const ROLES = ['customer', 'support', 'billing', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type StaffRole = Exclude<Role, 'customer'>;

const ALL: StaffRole[] = ['support', 'billing', 'admin'];
const SUPPORT: StaffRole[] = ['support', 'admin'];
/** Staff who handle tickets: the console's ticket routes, assignees, and staff on the customers' ticket routes. */
export const TICKET_ROLES: readonly StaffRole[] = SUPPORT;
/** An assignee must also be enabled: a disabled account (staff/accounts.ts) cannot sign in to answer. */
export const DISABLED_ASSIGNEE = 'This staff account is disabled: choose another.';
const BILLING: StaffRole[] = ['billing', 'admin'];
const ADMIN: StaffRole[] = ['admin'];

/** `METHOD path` (Fastify's path syntax) → the roles that may call it. Everyone else gets 404. */
export const STAFF_ACCESS: Record<string, readonly StaffRole[]> = {
  'GET /staff/overview/': ALL,
  'GET /staff/members/': ALL,
  // Tickets: support (and admin).
  'GET /staff/tickets/': SUPPORT,
  'GET /staff/tickets/:id/': SUPPORT,
  'PATCH /staff/tickets/:id/': SUPPORT,
  'POST /staff/tickets/:id/replies/': SUPPORT,
  // Customers: every staff role reads; billing adjusts wallets.
  'GET /staff/customers/': ALL,
  'GET /staff/customers/:id/': ALL,
  'POST /staff/customers/:id/wallet-adjustments/': BILLING,
  // Invoices: billing.
  'GET /staff/invoices/': BILLING,
  'GET /staff/invoices/:id/': BILLING,
  'POST /staff/invoices/:id/refunds/': BILLING,
  'POST /staff/invoices/:id/mark-paid/': BILLING,
  // A customer's hosting service: billing ends it (staff/services.ts).
  'POST /staff/services/:id/cancel/': BILLING,
  // Payments the gateway kept: billing says when it refunded one there.
  'POST /staff/payments/:reference/refunded/': BILLING,
  // Catalogue and content: admin.
  'GET /staff/catalogue/': ADMIN,
  'PUT /staff/catalogue/tld-prices/': ADMIN,
  'PUT /staff/catalogue/plans/:id/': ADMIN,
  'PUT /staff/catalogue/settings/': ADMIN,
  'GET /staff/content/posts/': ADMIN,
  'POST /staff/content/posts/': ADMIN,
  'PATCH /staff/content/posts/:id/': ADMIN,
  'GET /staff/content/pages/': ADMIN,
  'PUT /staff/content/policies/:kind/': ADMIN,
  'PUT /staff/content/company/': ADMIN,
  'POST /staff/content/faqs/': ADMIN,
  'PATCH /staff/content/faqs/:id/': ADMIN,
  // The audit log: admin reads it; nobody edits it.
  'GET /staff/audit/': ADMIN,
  // Staff accounts: admin.
  'GET /staff/accounts/': ADMIN,
  'POST /staff/accounts/': ADMIN,
  'PATCH /staff/accounts/:id/': ADMIN,
};

export const ruleKey = (method: string, url: string) => `${method.toUpperCase()} ${url.endsWith('/') ? url : `${url}/`}`;

/** The roles allowed on a route, or undefined when the table has no rule for it. */
export function rolesFor(method: string, url: string): readonly StaffRole[] | undefined {
  return STAFF_ACCESS[ruleKey(method, url)];
}
