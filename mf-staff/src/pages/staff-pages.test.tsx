// Staff accounts and the audit log's pages, through the admin's eyes (a fake API; the real rules are tested in api/).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, logIn, renderRoutes, type Call } from '../../../shared/testing/fake-api';
import { REAUTH_REQUIRED } from 'shared/schemas';
import { routes } from '../routes';

const admin = { body: { data: { id: 1, username: 'admin', role: 'admin' } } };
const account = (id: number, username: string, role: string, disabled = false) => ({
  id,
  username,
  email: `${username}@hosthub.test`,
  role,
  disabled,
  last_login: null,
  date_joined: '2026-03-01T10:00:00Z',
});

// Typing into several fields is slow on a shared machine.
jest.setTimeout(30_000);

let n = 0;
beforeEach(() => logIn(`token-${++n}`)); // the role is asked once per session

describe('tickets', () => {
  it('the queue can show the tickets waiting longest first', async () => {
    const api = fakeApi({ 'GET core/me': admin, 'GET staff/tickets': { body: [] } });
    renderRoutes(routes, '/staff/tickets');
    expect(await screen.findByText('No tickets match.')).toBeInTheDocument();
    expect(api.find('GET', 'staff/tickets')[0]!.search).toBe('?status=open');
    expect(screen.getByLabelText('Order')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Waiting longest first');
    await waitFor(() => expect(api.find('GET', 'staff/tickets')).toHaveLength(2));
    expect(api.find('GET', 'staff/tickets')[1]!.search).toBe('?status=open&order=oldest');
  });

  it('a full page offers More tickets, which goes on after its last ticket; First tickets and a changed filter start again', async () => {
    const ticket = (id: number) => ({ id, title: `T${id}`, username: 'ada', priority: 'low', status: 'Open', assigned_to: null, assigned_to_username: null, updated_at: `2026-03-02T10:00:00.${String(id).padStart(3, '0')}Z` });
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/tickets': (call: Call) => ({ body: call.query.get('after') ? [ticket(1)] : Array.from({ length: 500 }, (_, i) => ticket(501 - i)) }),
    });
    const { router } = renderRoutes(routes, '/staff/tickets?order=oldest');
    await userEvent.click(await screen.findByRole('link', { name: 'More tickets' }));
    expect(await screen.findByRole('link', { name: '#1 T1' })).toBeInTheDocument();
    expect(api.find('GET', 'staff/tickets').at(-1)!.search).toBe(`?status=open&order=oldest&${new URLSearchParams({ after: '2026-03-02T10:00:00.002Z~2' })}`);
    expect(screen.queryByRole('link', { name: 'More tickets' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'First tickets' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order=oldest'));
    await userEvent.click(await screen.findByRole('link', { name: 'More tickets' }));
    await waitFor(() => expect(router.state.location.search).toContain('after='));
    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'High');
    await waitFor(() => expect(router.state.location.search).toBe('?order=oldest&priority=high'));
  });
});

describe('wallet adjustments', () => {
  it('one Idempotency-Key per adjustment: the same values sent again keep it, other values or the next after a success get a new one', async () => {
    const customer = { id: 5, username: 'ada', email: 'ada@example.com', first_name: 'Ada', last_name: 'Obi', role: 'customer', date_joined: '2026-01-01T00:00:00Z', phone_number: '', wallet: { balances: [], entries: [] }, domains: [], services: [], invoices: [], tickets: [], payments: [] };
    // The answers, in turn: lost (a server error, say) three times, then through, then lost again.
    const outcomes = [502, 502, 502, 201, 502];
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/customers/5': { body: customer },
      'POST staff/customers/5/wallet-adjustments': () =>
        outcomes.shift() === 201 ? { status: 201, body: { message: 'Wallet credited.', data: { currency: 'USD', balance: 20 } } } : { status: 502, body: { detail: 'Bad gateway.' } },
    });
    renderRoutes(routes, '/staff/customers/5');
    const form = await screen.findByRole('form', { name: 'Wallet adjustment' });
    const amount = () => within(form).getByLabelText('Amount');
    await userEvent.type(amount(), '20');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Goodwill');
    const send = async () => {
      const before = api.find('POST', 'staff/customers/5/wallet-adjustments').length;
      await userEvent.click(within(form).getByRole('button', { name: 'Adjust wallet' }));
      await waitFor(() => expect(api.find('POST', 'staff/customers/5/wallet-adjustments')).toHaveLength(before + 1));
      await waitFor(() => expect(within(form).getByRole('button', { name: 'Adjust wallet' })).toBeEnabled());
      return api.find('POST', 'staff/customers/5/wallet-adjustments')[before]!.headers.get('Idempotency-Key');
    };
    const first = await send();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await send()).toBe(first);
    // Edited, then back to the values sent: still that adjustment.
    await userEvent.type(amount(), '{Backspace}');
    await userEvent.type(amount(), '0');
    expect(await send()).toBe(first);
    // Other values: another adjustment (this one goes through, and the form empties).
    await userEvent.type(amount(), '{Backspace}5');
    const other = await send();
    expect(other).not.toBe(first);
    await waitFor(() => expect(amount()).toHaveValue(''));
    // The same values as the one that went through: a new adjustment, not a repeat of it.
    await userEvent.type(amount(), '25');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Goodwill');
    const next = await send();
    expect([next === first, next === other]).toEqual([false, false]);
  });

  it('a lost adjustment keeps its key after others were tried and after leaving its page, and never lends it (or what was typed) to another customer', async () => {
    const customer = (id: number) => ({ id, username: `c${id}`, email: `c${id}@example.com`, first_name: 'Ada', last_name: 'Obi', role: 'customer', date_joined: '2026-01-01T00:00:00Z', phone_number: '', wallet: { balances: [], entries: [] }, domains: [], services: [], invoices: [], tickets: [], payments: [] });
    const lost = () => ({ status: 502, body: { detail: 'Bad gateway.' } });
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/customers/5': { body: customer(5) },
      'GET staff/customers/6': { body: customer(6) },
      'POST staff/customers/5/wallet-adjustments': lost,
      'POST staff/customers/6/wallet-adjustments': lost,
    });
    const { router } = renderRoutes(routes, '/staff/customers/5');
    const keys: string[] = [];
    const send = async (id: number, amount: string) => {
      const form = await screen.findByRole('form', { name: 'Wallet adjustment' });
      await userEvent.clear(within(form).getByLabelText('Amount'));
      await userEvent.type(within(form).getByLabelText('Amount'), amount);
      await userEvent.clear(within(form).getByLabelText('Reason'));
      await userEvent.type(within(form).getByLabelText('Reason'), 'Goodwill');
      const url = `staff/customers/${id}/wallet-adjustments`;
      const before = api.find('POST', url).length;
      await userEvent.click(within(form).getByRole('button', { name: 'Adjust wallet' }));
      await waitFor(() => expect(api.find('POST', url)).toHaveLength(before + 1));
      await waitFor(() => expect(within(form).getByRole('button', { name: 'Adjust wallet' })).toBeEnabled());
      keys.push(api.find('POST', url)[before]!.headers.get('Idempotency-Key')!);
    };
    await send(5, '40'); // A: no answer (amounts no other test sends: the keys live as long as the console)
    await send(5, '50'); // B: no answer
    await send(5, '40'); // A again: the same adjustment
    expect(keys[2]).toBe(keys[0]);
    expect(keys[1]).not.toBe(keys[0]);
    // The same values for another customer (the page stays mounted): another adjustment.
    await act(() => router.navigate('/staff/customers/6'));
    expect(await screen.findByRole('heading', { name: 'c6' })).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Wallet adjustment' })).getByLabelText('Amount')).toHaveValue(''); // nothing typed for c5
    await send(6, '40');
    expect(keys.slice(0, 3)).not.toContain(keys[3]);
    // Back to the first customer: A is still the adjustment that may have gone through.
    await act(() => router.navigate('/staff/customers/5'));
    expect(await screen.findByRole('heading', { name: 'c5' })).toBeInTheDocument();
    await send(5, '40');
    expect(keys[4]).toBe(keys[0]);
  });
});

describe('staff accounts', () => {
  it('an admin creates a support account: the form sends it, a field error shows at its field, the list reloads', async () => {
    let list = [account(1, 'admin', 'admin')];
    let tries = 0;
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/accounts': () => ({ body: list }),
      'POST staff/accounts': (call: Call) => {
        if (++tries === 1) return { status: 400, body: { username: ['A user with that username already exists.'] } };
        list = [...list, account(2, (call.body as { username: string }).username, 'support')];
        return { status: 201, body: { data: list[1] } };
      },
    });
    renderRoutes(routes, '/staff/accounts');
    expect(await screen.findByRole('table', { name: 'Staff accounts' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New staff account' });
    await userEvent.type(within(form).getByLabelText('Username'), 'ada');
    await userEvent.type(within(form).getByLabelText('Email'), 'ada@hosthub.test');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'support');
    await userEvent.type(within(form).getByLabelText('First password'), 'first-pass-2024');
    await userEvent.click(within(form).getByRole('button', { name: 'Create staff account' }));
    expect(await within(form).findByText('A user with that username already exists.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Username'));
    await userEvent.type(within(form).getByLabelText('Username'), 'ada2');
    await userEvent.click(within(form).getByRole('button', { name: 'Create staff account' }));
    expect(await screen.findByRole('cell', { name: 'ada2' })).toBeInTheDocument();
    expect(api.find('POST', 'staff/accounts')[1]!.body).toEqual({ username: 'ada2', email: 'ada@hosthub.test', role: 'support', password: 'first-pass-2024' });
    expect(within(form).getByLabelText('Username')).toHaveValue('');
  });

  it('a change the API wants a recent password for asks for it, then goes through; cancelling changes nothing and says nothing', async () => {
    let list = [account(1, 'admin', 'admin'), account(2, 'tunde', 'support')];
    let confirmed = false;
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/accounts': () => ({ body: list }),
      'PATCH staff/accounts/2': (call: Call) => {
        if (!confirmed) return { status: 403, body: { detail: REAUTH_REQUIRED } };
        list = list.map((a) => (a.id === 2 ? { ...a, ...(call.body as object) } : a));
        return { body: { data: list[1] } };
      },
      'POST core/reauth': (call: Call) => {
        if ((call.body as { password: string }).password !== 'admin-pass-2024') return { status: 400, body: { password: ['Your password is not correct.'] } };
        confirmed = true;
        return { body: { message: 'Confirmed.' } };
      },
    });
    renderRoutes(routes, '/staff/accounts');
    // Cancelled: no change, no error.
    await userEvent.click(await screen.findByRole('button', { name: 'Disable tunde' }));
    let dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(dialog).getByText(REAUTH_REQUIRED)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable tunde' })).toBeInTheDocument();
    // Confirmed (after a wrong password): the change is sent again and made.
    await userEvent.click(screen.getByRole('button', { name: 'Disable tunde' }));
    dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Password' }));
    expect(await within(dialog).findByText('Your password is not correct.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'admin-pass-2024');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Password' }));
    expect(await screen.findByRole('button', { name: 'Enable tunde' })).toBeInTheDocument();
    expect(api.find('PATCH', 'staff/accounts/2').map((c) => c.body)).toEqual([{ disabled: true }, { disabled: true }, { disabled: true }]);
  });

  it('changes a role and disables an account; the API\'s refusal (own account) is shown', async () => {
    let list = [account(1, 'admin', 'admin'), account(2, 'tunde', 'support')];
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/accounts': () => ({ body: list }),
      'PATCH staff/accounts/2': (call: Call) => {
        list = list.map((a) => (a.id === 2 ? { ...a, ...(call.body as object) } : a));
        return { body: { data: list[1] } };
      },
      'PATCH staff/accounts/1': () => ({ status: 400, body: { disabled: ['You cannot disable your own account.'] } }),
    });
    renderRoutes(routes, '/staff/accounts');
    await userEvent.selectOptions(await screen.findByLabelText('Role of tunde'), 'billing');
    const row = screen.getByRole('cell', { name: 'tunde' }).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(within(screen.getByRole('cell', { name: 'tunde' }).closest('tr')!).getByRole('cell', { name: 'billing' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Disable tunde' }));
    expect(await screen.findByRole('button', { name: 'Enable tunde' })).toBeInTheDocument();
    expect(api.find('PATCH', 'staff/accounts/2').map((c) => c.body)).toEqual([{ role: 'billing' }, { disabled: true }]);
    await userEvent.click(screen.getByRole('button', { name: 'Disable admin' }));
    expect(await screen.findByText('You cannot disable your own account.')).toBeInTheDocument();
  });

  it('is not there for support', async () => {
    const api = fakeApi({ 'GET core/me': { body: { data: { id: 3, username: 'support', role: 'support' } } } });
    renderRoutes(routes, '/staff/accounts');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(api.find('GET', 'staff/accounts')).toHaveLength(0);
  });
});

describe('audit log pages', () => {
  const entry = (id: number) => ({
    id,
    actor: 'admin',
    actor_role: 'admin',
    action: 'staff.create',
    target_type: 'staff',
    target_id: String(id),
    before: null,
    after: { n: id },
    reason: '',
    created_at: '2026-03-01T10:00:00Z',
  });

  it('keeps the filters and the page in the address: a filter starts at the newest, Older and Newest page by id', async () => {
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/audit': (call: Call) => {
        const before = Number(call.query.get('before') ?? 1000);
        return { body: Array.from({ length: before > 500 ? 100 : 3 }, (_, i) => entry(before - 1 - i)) };
      },
    });
    const { router } = renderRoutes(routes, '/staff/audit?actor=admin');
    expect(await screen.findByRole('table', { name: /Audit log/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Staff member')).toHaveValue('admin');
    expect(api.find('GET', 'staff/audit')[0]!.search).toBe('?actor=admin');
    expect(screen.queryByRole('link', { name: 'Newest entries' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Older entries' }));
    await waitFor(() => expect(router.state.location.search).toBe('?actor=admin&before=900'));
    await waitFor(() => expect(api.find('GET', 'staff/audit').at(-1)!.search).toBe('?actor=admin&before=900'));
    expect(await screen.findByRole('cell', { name: 'staff.create staff 899' })).toBeInTheDocument();
    // The next page: 100 more; then one of 3, which has no older page.
    await userEvent.click(await screen.findByRole('link', { name: 'Older entries' }));
    await waitFor(() => expect(router.state.location.search).toBe('?actor=admin&before=800'));
    await userEvent.type(screen.getByLabelText('Action starts with'), 'staff.');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?actor=admin&action=staff.'));
    router.navigate('/staff/audit?before=300');
    await waitFor(() => expect(api.find('GET', 'staff/audit').at(-1)!.search).toBe('?before=300'));
    expect(await screen.findByRole('link', { name: 'Newest entries' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Older entries' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Staff member')).toHaveValue('');
  });
  it('shows a change as field lines that wrap, cuts a long text with its length, and dates as the storefront writes them', async () => {
    const policy = 'P'.repeat(5000);
    fakeApi({
      'GET core/me': admin,
      'GET staff/audit': () => ({
        body: [{ ...entry(7), action: 'content.policy', before: { title: 'Privacy', content: policy }, after: { title: 'Privacy', content: 'Short.' }, reason: 'typo' }],
      }),
    });
    renderRoutes(routes, '/staff/audit');
    const table = await screen.findByRole('table', { name: /Audit log/ });
    const lines = (cell: HTMLElement) =>
      within(cell).getAllByRole('term').map((term, i) => `${term.textContent} ${within(cell).getAllByRole('definition')[i]!.textContent}`);
    const [when, , , before, after] = within(table).getAllByRole('cell');
    expect(lines(before!)).toEqual(['title: Privacy', `content: ${'P'.repeat(160)}… (5000 characters)`]);
    expect(lines(after!)).toEqual(['title: Privacy', 'content: Short.']);
    // Local time: the date part is the storefront's ('1st Mar, 2026'), the time is 24-hour.
    expect(when!.textContent).toMatch(/^1st Mar, 2026, \d{2}:\d{2}$/);
  });
});

describe('overview', () => {
  it('says what its counts are (invoices), and its tab title is not "Staff · Staff"', async () => {
    fakeApi({
      'GET core/me': admin,
      'GET staff/overview': {
        body: {
          date: '2026-03-02',
          open_tickets: [{ priority: 'high', count: 2 }],
          unpaid_invoices: [{ currency: 'USD', count: 1, total: 17.18 }],
          overdue_invoices: [],
          revenue_today: [{ currency: 'USD', count: 6, total: 83.76 }],
          refunds_today: [{ currency: 'USD', count: 1, total: 12.99 }],
          domains_expiring: [],
          payments_to_refund: [],
        },
      },
    });
    renderRoutes(routes, '/staff');
    expect(await screen.findByText('1 invoice · $17.18')).toBeInTheDocument();
    expect(screen.getByText('6 invoices · $83.76')).toBeInTheDocument();
    // What went back today stands beside the day's revenue.
    const revenue = screen.getByRole('heading', { name: "Today's revenue" }).parentElement!;
    expect(within(revenue).getByRole('heading', { name: 'Refunded today' })).toBeInTheDocument();
    expect(within(revenue).getByText('1 refund · $12.99')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Staff | HostHub'));
  });

  it('lists the payments to refund at the gateway, with their customer and why', async () => {
    fakeApi({
      'GET core/me': admin,
      'GET staff/overview': {
        body: {
          date: '2026-03-02',
          open_tickets: [],
          unpaid_invoices: [],
          overdue_invoices: [],
          revenue_today: [],
          domains_expiring: [],
          payments_to_refund: [
            { reference: 'dep_abc', user: 3, username: 'ada', amount: 70, currency: 'USD', reason: 'gateway reported USD 69.00, expected USD 70.00', settled_at: '2026-03-01T10:00:00Z' },
          ],
        },
      },
    });
    renderRoutes(routes, '/staff');
    const card = (await screen.findByRole('heading', { name: 'Payments to refund at the gateway' })).parentElement!;
    expect(within(card).getByRole('listitem')).toHaveTextContent('dep_abc · $70.00 · ada · 1st Mar, 2026: gateway reported USD 69.00, expected USD 70.00');
    expect(within(card).getByRole('link', { name: 'ada' })).toHaveAttribute('href', '/staff/customers/3');
  });
});

describe('an address that names no customer', () => {
  it("says 'No such customer.' (a staff account's id among them), not a failure to retry", async () => {
    fakeApi({ 'GET core/me': admin, 'GET staff/customers/2': { status: 404, body: { detail: 'No such customer.' } } });
    renderRoutes(routes, '/staff/customers/2');
    expect(await screen.findByText('No such customer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to customers' })).toHaveAttribute('href', '/staff/customers');
  });
});

describe("a customer's services", () => {
  const customer = (status: string) => ({
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Obi',
    phone_number: '',
    date_joined: '2026-03-01T10:00:00Z',
    wallet: { balances: [], entries: [] },
    domains: [],
    services: [{ id: 31, name: 'Starter', domain: 'ada.com', status, nextduedate: '2027-03-01' }],
    invoices: [],
    tickets: [],
  });

  it('billing cancels one with a reason (the server\'s error at the field first); the page reloads with it Cancelled', async () => {
    let status = 'Active';
    const api = fakeApi({
      'GET core/me': { body: { data: { id: 4, username: 'bola', role: 'billing' } } },
      'GET staff/customers/7': () => ({ body: customer(status) }),
      'POST staff/services/31/cancel': (call: Call) => {
        if (!(call.body as { reason: string }).reason.trim()) return { status: 400, body: { reason: ['Enter a reason (3 to 500 characters).'] } };
        status = 'Cancelled';
        return { body: { message: 'Service cancelled.', data: { id: 31, status: 'Cancelled', auto_renew: false, invoices_cancelled: [] } } };
      },
    });
    renderRoutes(routes, '/staff/customers/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel service: Starter (ada.com)' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel service' });
    expect(dialog).toHaveTextContent('Starter (ada.com) ends now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel service' }));
    expect(await within(dialog).findByText('Enter a reason (3 to 500 characters).')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Customer asked to leave');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('POST', 'staff/services/31/cancel').at(-1)!.body).toEqual({ reason: 'Customer asked to leave' });
    const table = screen.getByRole('table', { name: 'Services' });
    expect(await within(table).findByText('Cancelled')).toBeInTheDocument();
    expect(within(table).getByText('1st Mar, 2027')).toBeInTheDocument(); // Next due
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it("lists the customer's gateway payments with what became of each; the invoice links are billing's", async () => {
    const payments = [
      { reference: 'chk_2', purpose: 'checkout', provider: 'sandbox', invoice: 12, invoicenum: 'INV-12', amount: 17.18, currency: 'USD', status: 'success', failure_reason: null, created_at: '2026-03-02T10:00:00Z', settled_at: '2026-03-02T10:01:00Z', refunded_at: null, refund_reference: null },
      { reference: 'dep_1', purpose: 'deposit', provider: 'sandbox', invoice: null, invoicenum: null, amount: 70, currency: 'USD', status: 'failed', failure_reason: 'gateway reported USD 69.00, expected USD 70.00', created_at: '2026-03-01T10:00:00Z', settled_at: '2026-03-01T10:01:00Z', refunded_at: '2026-03-02T09:00:00Z', refund_reference: 're_9' },
    ];
    fakeApi({ 'GET core/me': { body: { data: { id: 4, username: 'bola', role: 'billing' } } }, 'GET staff/customers/7': { body: { ...customer('Active'), payments } } });
    renderRoutes(routes, '/staff/customers/7');
    const table = await screen.findByRole('table', { name: 'Payments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('2nd Mar, 2026chk_2INV-12$17.18Paid'); // dates as the storefront writes them
    expect(within(rows[0]!).getByRole('link', { name: 'INV-12' })).toHaveAttribute('href', '/staff/invoices/12');
    expect(rows[1]).toHaveTextContent('Wallet deposit');
    expect(rows[1]).toHaveTextContent('Failed: gateway reported USD 69.00, expected USD 70.00 · refunded at the gateway (re_9)');
  });

  it('support reads the services but is not offered the action (the API refuses it to support)', async () => {
    fakeApi({ 'GET core/me': { body: { data: { id: 2, username: 'tunde', role: 'support' } } }, 'GET staff/customers/7': { body: customer('Active') } });
    renderRoutes(routes, '/staff/customers/7');
    const table = await screen.findByRole('table', { name: 'Services' });
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('payments to refund at the gateway', () => {
  const overviewWith = (payments_to_refund: unknown[]) => ({
    body: { date: '2026-03-02', open_tickets: [], unpaid_invoices: [], overdue_invoices: [], revenue_today: [], domains_expiring: [], payments_to_refund },
  });
  const kept = { reference: 'dep_abc', user: 3, username: 'ada', amount: 70, currency: 'USD', reason: 'gateway reported USD 69.00, expected USD 70.00', settled_at: '2026-03-01T10:00:00Z' };

  it('billing marks one refunded with the gateway\'s reference (the server\'s error at the field first); it leaves the list', async () => {
    let marked = false;
    const api = fakeApi({
      'GET core/me': { body: { data: { id: 4, username: 'bola', role: 'billing' } } },
      'GET staff/overview': () => overviewWith(marked ? [] : [kept]),
      'POST staff/payments/dep_abc/refunded': (call: Call) => {
        const ref = (call.body as { refund_reference: string }).refund_reference;
        if (!ref.trim()) return { status: 400, body: { refund_reference: ["Enter the gateway's refund reference."] } };
        marked = true;
        return { body: { message: 'Marked refunded at the gateway.', data: { reference: 'dep_abc', refund_reference: ref, refunded_at: '2026-03-02T10:00:00Z' } } };
      },
    });
    renderRoutes(routes, '/staff');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark refunded: dep_abc' }));
    const dialog = screen.getByRole('dialog', { name: 'Refunded at the gateway' });
    expect(dialog).toHaveTextContent('dep_abc · $70.00 · ada.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(await within(dialog).findByText("Enter the gateway's refund reference.")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Gateway refund reference'), 're_123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('POST', 'staff/payments/dep_abc/refunded').at(-1)!.body).toEqual({ refund_reference: 're_123' });
    const card = (await screen.findByRole('heading', { name: 'Payments to refund at the gateway' })).parentElement!;
    await waitFor(() => expect(within(card).queryByRole('listitem')).not.toBeInTheDocument());
    expect(within(card).getByText('None')).toBeInTheDocument();
  });

  it('support sees them but is not offered the action (the API refuses it to support)', async () => {
    fakeApi({ 'GET core/me': { body: { data: { id: 2, username: 'tunde', role: 'support' } } }, 'GET staff/overview': overviewWith([kept]) });
    renderRoutes(routes, '/staff');
    const card = (await screen.findByRole('heading', { name: 'Payments to refund at the gateway' })).parentElement!;
    expect(await within(card).findByRole('listitem')).toHaveTextContent('dep_abc');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('ticket', () => {
  it('offers only enabled support and admin accounts as assignees; a disabled one only while it is the assignee', async () => {
    const ticket = (assigned_to: number | null) => ({
      id: 7, user: 3, username: 'ada', title: 'Site down', description: 'Help.', status: 'Open', priority: 'high',
      assigned_to, created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z', replies: [],
    });
    let current: number | null = null;
    fakeApi({
      'GET core/me': admin,
      'GET staff/tickets/7': () => ({ body: ticket(current) }),
      'GET staff/members': {
        body: [
          { id: 1, username: 'admin', role: 'admin', disabled: false },
          { id: 2, username: 'tunde', role: 'support', disabled: true },
          { id: 4, username: 'bola', role: 'billing', disabled: false },
        ],
      },
    });
    const { unmount } = renderRoutes(routes, '/staff/tickets/7');
    const select = await screen.findByLabelText('Assigned to');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nobody', 'admin (admin)']);
    unmount();
    current = 2;
    renderRoutes(routes, '/staff/tickets/7');
    const again = await screen.findByLabelText('Assigned to');
    expect(within(again).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nobody', 'admin (admin)', 'tunde (support, disabled)']);
    expect(again).toHaveValue('2');
  });

  it('a choice made with the mouse saves at once; arrow keys save only where they rest, keeping focus on the select', async () => {
    let priority = 'low';
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/tickets/7': () => ({
        body: { id: 7, user: 3, username: 'ada', title: 'Site down', description: 'Help.', status: 'Open', priority, assigned_to: null, created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z', replies: [] },
      }),
      'GET staff/members': { body: [{ id: 1, username: 'admin', role: 'admin', disabled: false }] },
      'PATCH staff/tickets/7': (call: Call) => {
        priority = (call.body as { priority?: string }).priority ?? priority;
        return { body: { message: 'Ticket updated.' } };
      },
    });
    renderRoutes(routes, '/staff/tickets/7');
    const select = await screen.findByLabelText('Priority');
    await userEvent.selectOptions(select, 'medium');
    await waitFor(() => expect(api.find('PATCH', 'staff/tickets/7')).toHaveLength(1));
    expect(api.find('PATCH', 'staff/tickets/7')[0]!.body).toEqual({ priority: 'medium' });
    await waitFor(() => expect(select).toHaveValue('medium'));

    // The keyboard, as Chromium does on a closed select: each arrow press changes the value at once.
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'high' } });
    fireEvent.keyDown(select, { key: 'ArrowUp' });
    fireEvent.change(select, { target: { value: 'low' } });
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(api.find('PATCH', 'staff/tickets/7')).toHaveLength(2));
    expect(api.find('PATCH', 'staff/tickets/7')[1]!.body).toEqual({ priority: 'low' });
    expect(select).not.toBeDisabled();
    expect(select).toHaveFocus();
  });
});

describe('content', () => {
  it('a saved or published post keeps the keyboard on the button pressed, though its form is drawn again', async () => {
    let post = { id: 5, slug: 'news', title: 'News', content: '<p>Old</p>', author: 'admin', published: false, created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z', version: 'v1' };
    fakeApi({
      'GET core/me': admin,
      'GET staff/content/posts': () => ({ body: [post] }),
      'GET staff/content/pages': { body: { policies: [], faqs: [], company: null, versions: { policies: {}, faqs: {}, company: null } } },
      'PATCH staff/content/posts/5': (call) => {
        post = { ...post, ...(call.body as object), updated_at: new Date().toISOString(), version: `${post.version}+` };
        return { body: { message: 'Saved.' } };
      },
    });
    renderRoutes(routes, '/staff/content');
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('form', { name: 'Edit News' })).getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Edit News' })).getByRole('button', { name: 'Save post' })).toHaveFocus());
    await user.click(within(screen.getByRole('form', { name: 'Edit News' })).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Edit News' })).getByRole('button', { name: 'Unpublish' })).toHaveFocus());
  });

  it('a save over what someone else saved meanwhile is refused: the reason stays on the form, with the text typed', async () => {
    const post = { id: 5, slug: 'news', title: 'News', content: '<p>Old</p>', author: 'admin', published: true, created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z', version: 'v-read' };
    const conflict = 'Someone else saved this post after you opened it. Your text is still in the form: copy it, reload the page to see their version, then make your change again.';
    let policyVersion = 1;
    const api = fakeApi({
      'GET core/me': admin,
      'GET staff/content/posts': { body: [post] },
      'GET staff/content/pages': () => ({
        body: { policies: [{ kind: 'privacy', body: '<p>P</p>' }], faqs: [], company: null, versions: { policies: { privacy: `p-${policyVersion}` }, faqs: {}, company: null } },
      }),
      'PATCH staff/content/posts/5': { status: 409, body: { detail: conflict } },
      'PUT staff/content/policies/privacy': () => {
        policyVersion += 1;
        return { body: { message: 'Policy saved.' } };
      },
    });
    renderRoutes(routes, '/staff/content');
    const form = await screen.findByRole('form', { name: 'Edit News' });
    const content = within(form).getByLabelText('Content (HTML)');
    await userEvent.clear(content);
    await userEvent.type(content, '<p>Mine</p>');
    await userEvent.click(within(form).getByRole('button', { name: 'Save post' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(conflict);
    expect(api.find('PATCH', 'staff/content/posts/5')[0]!.body).toEqual({ title: 'News', content: '<p>Mine</p>', version: 'v-read' });
    expect(content).toHaveValue('<p>Mine</p>');

    // A policy sends the version it read, then (the pages read again after its save) the new one.
    const policy = screen.getByRole('form', { name: 'Privacy Policy' });
    await userEvent.click(within(policy).getByRole('button', { name: 'Save Privacy Policy' }));
    await waitFor(() => expect(api.find('PUT', 'staff/content/policies/privacy')).toHaveLength(1));
    await screen.findByText('Policy saved.');
    await waitFor(() => expect(api.find('GET', 'staff/content/pages')).toHaveLength(2));
    await userEvent.click(within(await screen.findByRole('form', { name: 'Privacy Policy' })).getByRole('button', { name: 'Save Privacy Policy' }));
    await waitFor(() => expect(api.find('PUT', 'staff/content/policies/privacy')).toHaveLength(2));
    expect(api.find('PUT', 'staff/content/policies/privacy').map((c) => (c.body as { version: string }).version)).toEqual(['p-1', 'p-2']);
  });
});

describe('invoice', () => {
  it("adds up as the customer's invoice does: lines, subtotal, VAT, total, refunded; dates and how it was paid", async () => {
    const billing = { body: { data: { id: 3, username: 'billing', role: 'billing' } } };
    fakeApi({
      'GET core/me': billing,
      'GET staff/invoices/1': {
        body: {
          id: 1, invoicenum: 'INV-000001', user: 9, username: 'ada', status: 'Paid', currency: 'USD',
          subtotal: 18.98, vat: 1.42, total: 20.4, refunded: 5.99, refundable: 14.41, payment_kind: 'fiat_payment_gateway',
          bank_reference: 'GTB-44512', due_date: '2026-03-10', created_at: '2026-03-03T10:00:00Z', paid_at: '2026-03-04T09:30:00Z',
          items: [
            { id: 1, name: 'Domain registration: ada.com', domain: 'ada.com', amount: 12.99 },
            { id: 2, name: 'Shared Hosting - Business', domain: 'ada.com', amount: 5.99 },
          ],
          refunds: [],
        },
      },
    });
    renderRoutes(routes, '/staff/invoices/1');
    const lines = await screen.findByRole('table', { name: 'Lines of INV-000001' });
    const rows = within(lines).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      'ItemAmount',
      'Domain registration: ada.com$12.99',
      'Shared Hosting - Business: ada.com$5.99',
      'Subtotal$18.98',
      'VAT$1.42',
      'Total$20.40',
      'Refunded$5.99',
    ]);
    expect(screen.getByText('Bank transfer GTB-44512')).toBeInTheDocument();
    expect(screen.getByText('10th Mar, 2026')).toBeInTheDocument();
  });

  it("names how it was paid in the API's words, and none while nothing has paid it", async () => {
    const billing = { body: { data: { id: 3, username: 'billing', role: 'billing' } } };
    const invoice = {
      id: 2, invoicenum: 'INV-000002', user: 9, username: 'ada', currency: 'USD', subtotal: 10, vat: 0.75, total: 10.75, refunded: 0,
      refundable: 0, payment_kind: 'wallet', bank_reference: null, due_date: '2027-03-10', created_at: '2027-02-24T10:00:00Z',
      items: [{ id: 3, name: 'Renewal of ada.com', domain: 'ada.com', amount: 10 }], refunds: [],
    };
    fakeApi({ 'GET core/me': billing, 'GET staff/invoices/2': { body: { ...invoice, status: 'Unpaid', payment_method: '', paid_at: null } } });
    const first = renderRoutes(routes, '/staff/invoices/2');
    expect(await screen.findByText('None yet')).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET core/me': billing, 'GET staff/invoices/2': { body: { ...invoice, status: 'Paid', payment_method: 'Wallet', paid_at: '2027-02-25T09:00:00Z' } } });
    renderRoutes(routes, '/staff/invoices/2');
    expect(await screen.findByText('Wallet')).toBeInTheDocument();
    expect(screen.queryByText('None yet')).toBeNull();
  });

  it('a refund of all that was left takes its form away and gives the keyboard to the invoice heading', async () => {
    const billing = { body: { data: { id: 3, username: 'billing', role: 'billing' } } };
    const invoice = {
      id: 2, invoicenum: 'INV-000002', user: 9, username: 'ada', currency: 'USD', subtotal: 10, vat: 0.75, total: 10.75, refunded: 0,
      refundable: 10.75, payment_kind: 'wallet', payment_method: 'Wallet', bank_reference: null, due_date: '2027-03-10',
      created_at: '2027-02-24T10:00:00Z', paid_at: '2027-02-25T09:00:00Z', status: 'Paid',
      items: [{ id: 3, name: 'Renewal of ada.com', domain: 'ada.com', amount: 10 }], refunds: [],
    };
    let refundedAll = false;
    fakeApi({
      'GET core/me': billing,
      'GET staff/invoices/2': () => ({ body: refundedAll ? { ...invoice, refunded: 10.75, refundable: 0 } : invoice }),
      'POST staff/invoices/2/refunds': () => {
        refundedAll = true;
        return { body: { message: 'Refunded.' } };
      },
    });
    renderRoutes(routes, '/staff/invoices/2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Refund amount'), '10.75');
    await user.type(screen.getByLabelText('Reason'), 'Duplicate order');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Refund' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'INV-000002 · Paid' })).toHaveFocus());
  });
});
