// What each staff role is shown (the API's access table, api/src/staff/access.ts), and what stands in while a page
// loads (issue 20.7: skeletons shaped like what comes, not spinners).
import { act, screen, waitFor, within } from '@testing-library/react';
import { STAFF_ACCESS } from '../../api/src/staff/access';
import { fakeApi, logIn, renderRoutes } from '../../shared/testing/fake-api';
import { ACCESS, type Area } from './components/access';
import { routes } from './routes';

const me = (role: string) => ({ body: { data: { id: 1, username: role, role } } });
const overview = {
  body: {
    date: '2026-03-02',
    open_tickets: [{ priority: 'high', count: 2 }],
    unpaid_invoices: [],
    overdue_invoices: [],
    revenue_today: [],
    domains_expiring: [],
  },
};
const customer = {
  body: {
    id: 5,
    username: 'ada',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Obi',
    role: 'customer',
    date_joined: '2026-01-01T00:00:00Z',
    phone_number: '',
    wallet: { balances: [{ currency: 'USD', balance: 12 }], entries: [] },
    domains: [],
    services: [],
    invoices: [{ id: 8, invoicenum: 'INV-8', status: 'Paid', currency: 'USD', total: 10, due_date: '2026-02-01' }],
    tickets: [{ id: 3, title: 'Mail is down', status: 'Open', priority: 'high', updated_at: '' }],
  },
};

/** A request that answers only when the test says so. */
function later() {
  let answer!: (reply: { status?: number; body: unknown }) => void;
  const reply = new Promise<{ status?: number; body: unknown }>((resolve) => (answer = resolve));
  return { reply: () => reply, answer };
}

/** The API routes each page and action of the console calls (api/src/staff/access.ts has their roles). */
const CALLS: Record<Area, string[]> = {
  overview: ['GET /staff/overview/'],
  tickets: ['GET /staff/tickets/', 'GET /staff/tickets/:id/', 'PATCH /staff/tickets/:id/', 'POST /staff/tickets/:id/replies/'],
  customers: ['GET /staff/customers/', 'GET /staff/customers/:id/'],
  adjustWallet: ['POST /staff/customers/:id/wallet-adjustments/'],
  invoices: ['GET /staff/invoices/', 'GET /staff/invoices/:id/', 'POST /staff/invoices/:id/refunds/', 'POST /staff/invoices/:id/mark-paid/'],
  markRefunded: ['POST /staff/payments/:reference/refunded/'],
  cancelService: ['POST /staff/services/:id/cancel/'],
  catalogue: ['GET /staff/catalogue/', 'PUT /staff/catalogue/tld-prices/', 'PUT /staff/catalogue/plans/:id/', 'PUT /staff/catalogue/settings/'],
  content: ['GET /staff/content/posts/', 'POST /staff/content/posts/', 'GET /staff/content/pages/', 'PUT /staff/content/company/'],
  audit: ['GET /staff/audit/'],
  accounts: ['GET /staff/accounts/', 'POST /staff/accounts/', 'PATCH /staff/accounts/:id/'],
};

const tabs = () => within(screen.getByRole('navigation', { name: 'Staff' })).getAllByRole('link').map((a) => a.textContent);

let n = 0;
beforeEach(() => logIn(`roles-token-${++n}`)); // the role is asked once per session

describe('the console follows the access table', () => {
  it('billing: no Tickets tab and no link to tickets; the wallet form is there', async () => {
    const api = fakeApi({ 'GET core/me': me('billing'), 'GET staff/overview': overview, 'GET staff/customers/5': customer });
    const { router } = renderRoutes(routes, '/staff');
    expect(await screen.findByText('high: 2')).toBeInTheDocument();
    expect(tabs()).toEqual(['Overview', 'Customers', 'Invoices']);
    expect(screen.queryByRole('link', { name: 'high: 2' })).not.toBeInTheDocument();
    await act(() => router.navigate('/staff/customers/5'));
    expect(await screen.findByRole('button', { name: 'Adjust wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tickets' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INV-8' })).toHaveAttribute('href', '/staff/invoices/8');
    expect(screen.queryByRole('link', { name: '#3 Mail is down' })).not.toBeInTheDocument();
    expect(screen.getByText('#3 Mail is down')).toBeInTheDocument();
    // Opening a page it may not use (its address typed in) is still the 404 page, and nothing is asked for it.
    await act(() => router.navigate('/staff/tickets'));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(api.find('GET', 'staff/tickets')).toHaveLength(0);
  });

  it("support: no Catalogue (nor other admin or billing) tab, no 'Adjust wallet' form, no link to invoices", async () => {
    fakeApi({ 'GET core/me': me('support'), 'GET staff/overview': overview, 'GET staff/customers/5': customer });
    const { router } = renderRoutes(routes, '/staff');
    expect(await screen.findByRole('link', { name: 'high: 2' })).toHaveAttribute('href', '/staff/tickets?status=open&priority=high');
    expect(tabs()).toEqual(['Overview', 'Tickets', 'Customers']);
    await act(() => router.navigate('/staff/customers/5'));
    expect(await screen.findByText(/^Balance:/)).toHaveTextContent('Balance: $12.00');
    expect(screen.queryByRole('form', { name: 'Wallet adjustment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjust wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'INV-8' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#3 Mail is down' })).toHaveAttribute('href', '/staff/tickets/3');
  });

  it("admin: every tab and the 'Adjust wallet' form; the console's access table is the API's", async () => {
    // Each page's and action's roles are those of the API routes it calls.
    for (const [area, keys] of Object.entries(CALLS) as [Area, string[]][]) {
      for (const key of keys) expect([key, [...(STAFF_ACCESS[key] ?? [])].sort()]).toEqual([key, [...ACCESS[area]].sort()]);
    }
    fakeApi({ 'GET core/me': me('admin'), 'GET staff/overview': overview, 'GET staff/customers/5': customer });
    const { router } = renderRoutes(routes, '/staff');
    expect(await screen.findByRole('link', { name: 'high: 2' })).toBeInTheDocument();
    expect(tabs()).toEqual(['Overview', 'Tickets', 'Customers', 'Invoices', 'Catalogue', 'Content', 'Audit log', 'Staff accounts']);
    await act(() => router.navigate('/staff/customers/5'));
    expect(await screen.findByRole('button', { name: 'Adjust wallet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INV-8' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#3 Mail is down' })).toBeInTheDocument();
  });
});

describe('loading states are skeletons shaped like what comes', () => {
  it('a list page shows a table skeleton with its columns, not a spinner, until its rows arrive', async () => {
    const tickets = later();
    fakeApi({ 'GET core/me': me('support'), 'GET staff/tickets': tickets.reply });
    renderRoutes(routes, '/staff/tickets');
    expect(await screen.findByRole('heading', { name: 'Tickets' })).toBeInTheDocument();
    const skeleton = screen.getByText('Loading tickets…').closest('[data-testid="skeleton"]')!;
    expect(skeleton).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    // A header row and rows of six cells: Ticket, Customer, Priority, Status, Assigned to, Updated.
    const rows = skeleton.querySelectorAll('.row');
    expect(rows.length).toBeGreaterThan(1);
    rows.forEach((row) => expect(row.querySelectorAll('.cell')).toHaveLength(6));
    tickets.answer({ body: [] });
    expect(await screen.findByText('No tickets match.')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument();
  });

  it('the overview shows card skeletons, not a spinner', async () => {
    const counts = later();
    fakeApi({ 'GET core/me': me('admin'), 'GET staff/overview': counts.reply });
    renderRoutes(routes, '/staff');
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    const skeleton = screen.getByText('Loading overview…').closest('[data-testid="skeleton"]')!;
    expect(skeleton.querySelectorAll('.card').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    counts.answer(overview);
    expect(await screen.findByText('high: 2')).toBeInTheDocument();
  });

  it('while the role loads, the page stands in grey (its frame and a table of its columns), not an empty page', async () => {
    const role = later();
    fakeApi({ 'GET core/me': role.reply, 'GET staff/invoices': { body: [] } });
    renderRoutes(routes, '/staff/invoices');
    const skeleton = await screen.findByTestId('skeleton');
    expect(skeleton).toHaveTextContent('Loading the staff console…');
    expect(skeleton.closest('main')).toHaveAttribute('aria-busy', 'true');
    expect(skeleton.querySelector('.row')!.querySelectorAll('.cell')).toHaveLength(6);
    role.answer(me('billing'));
    expect(await screen.findByText('No invoices match.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the staff console…')).not.toBeInTheDocument());
    expect(document.querySelector('main[aria-busy]')).toBeNull();
  });

  it("a page's id from the address stays one path segment of its API call: a link cannot steer the call elsewhere", async () => {
    const { calls } = fakeApi({ 'GET core/me': me('support') });
    renderRoutes(routes, '/staff/customers/..%2F..%2Fcore%2Fme%3F');
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('staff/customers/'))).toBe(true));
    const call = calls.find((c) => c.path.startsWith('staff/customers/'))!;
    expect(call.path).toBe('staff/customers/..%2F..%2Fcore%2Fme%3F');
    expect(calls.filter((c) => c.path === 'core/me')).toHaveLength(1); // the role's own read, nothing more
  });

  it('lists invoices with their due dates written as the storefront writes dates', async () => {
    const row = { id: 12, invoicenum: 'INV-12', user: 7, username: 'ada', status: 'Unpaid', total: 13.96, refunded: 0, currency: 'USD', due_date: '2027-11-29' };
    fakeApi({ 'GET core/me': me('billing'), 'GET staff/invoices': { body: [row] } });
    renderRoutes(routes, '/staff/invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('INV-12adaUnpaid$13.96—29th Nov, 2027');
  });
});
