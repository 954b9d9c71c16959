import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyStore } from 'shared/currency';
import { showToast, toastStore } from 'shared/toast';
import { depositNavigation } from '../components/deposit-dialog';
import { fakeApi, me, renderPage as renderAt } from '../../../shared/testing/fake-api';
import { DashboardPage, NOTICE_WAIT_MS } from './dashboard';

afterEach(() => currencyStore.setState({ code: 'USD' }));

const base = {
  'GET core/me': { body: me },
  'GET payment/wallet-balance': { body: [{ balance: 1234.5, currency: { code: 'USD' } }] },
  'GET payment/currencies': { body: [{ code: 'NGN', name: 'Naira' }, { code: 'USD', name: 'US Dollar' }] },
  'GET ticket/tickets': { body: [{ id: 1, title: 'A', description: 'd', status: 'open', priority: 'low', created_at: '2024-03-03', assigned_to: null }] },
  'GET api/user_services': {
    body: [
      { id: 1, name: 'Starter', billingcycle: 'Annually', domain: 'a.com', regdate: '2024-03-03', serverhostname: 'h', status: 'Active' },
      { id: 2, name: 'Pro', billingcycle: 'Annually', domain: 'b.com', regdate: '2024-03-03', serverhostname: 'h', status: 'Pending' },
      { id: 3, name: 'Max', billingcycle: 'Monthly', domain: 'c.com', regdate: '2024-03-03', serverhostname: 'h', status: 'Active' },
    ],
  },
  'GET domain': { body: [{ id: 1, domainname: 'a.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Active', nextduedate: '2025-03-03' }] },
  'GET api/user_invoice_list': { body: { invoices: { totalresults: 42, invoices: { invoice: [] } } } },
};

const tile = (name: string) => screen.getByRole('group', { name });

it('hides the balance as stars until the eye toggle shows it, and hides it again', async () => {
  fakeApi(base);
  const user = userEvent.setup();
  renderAt('/dashboard', <DashboardPage />);
  const toggle = await screen.findByRole('button', { name: 'Show balance' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByText('****')).toBeInTheDocument();
  expect(screen.queryByText('$1,234.50')).not.toBeInTheDocument();
  await user.click(toggle);
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  const hide = screen.getByRole('button', { name: 'Hide balance' });
  expect(hide).toHaveAttribute('aria-pressed', 'true');
  await user.click(hide);
  expect(screen.getByText('****')).toBeInTheDocument();
  expect(screen.queryByText('$1,234.50')).not.toBeInTheDocument();
  // The card leads to the wallet's history.
  expect(screen.getByRole('link', { name: 'Wallet history' })).toHaveAttribute('href', '/dashboard/wallet');
});

/** The dashboard in `code`, with these wallet balances, its balance shown. */
async function balanceShown(code: string, balances: [number, string][]) {
  currencyStore.setState({ code });
  fakeApi({ ...base, 'GET payment/wallet-balance': { body: balances.map(([balance, c]) => ({ balance, currency: { code: c } })) } });
  const user = userEvent.setup();
  renderAt('/dashboard', <DashboardPage />);
  await user.click(await screen.findByRole('button', { name: 'Show balance' }));
  return user;
}

it('shows, with the balance, what the wallet holds in another currency (a refund or a credit in it)', async () => {
  const user = await balanceShown('NGN', [
    [9881.61, 'NGN'],
    [50, 'USD'],
  ]);
  expect(await screen.findByText('₦9,881.61')).toBeInTheDocument();
  expect(screen.getByText('Also in your wallet: $50.00')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Hide balance' }));
  expect(screen.queryByText(/Also in your wallet/)).not.toBeInTheDocument();
});

it("heads with the display currency's balance, whichever currency was used last (a staff credit in naira)", async () => {
  await balanceShown('USD', [
    [15000, 'NGN'],
    [499.55, 'USD'],
  ]);
  expect(await screen.findByText('$499.55')).toBeInTheDocument();
  expect(screen.getByText('Also in your wallet: ₦15,000.00')).toBeInTheDocument();
});

it('names no other currency when the others hold nothing', async () => {
  fakeApi({ ...base, 'GET payment/wallet-balance': { body: [{ balance: 5, currency: { code: 'USD' } }, { balance: 0, currency: { code: 'NGN' } }] } });
  const user = userEvent.setup();
  renderAt('/dashboard', <DashboardPage />);
  await user.click(await screen.findByRole('button', { name: 'Show balance' }));
  expect(await screen.findByText('$5.00')).toBeInTheDocument();
  expect(screen.queryByText(/Also in your wallet/)).not.toBeInTheDocument();
});

it('shows the count tiles, the invoice count from totalresults, active plans, the greeting and the ticket prompt', async () => {
  fakeApi(base);
  renderAt('/dashboard', <DashboardPage />);
  await waitFor(() => expect(within(tile('Invoices')).getByText('42')).toBeInTheDocument());
  expect(within(tile('Tickets')).getByText('1')).toBeInTheDocument();
  expect(within(tile('Services')).getByText('3')).toBeInTheDocument();
  expect(within(tile('Domains')).getByText('1')).toBeInTheDocument();
  expect(within(tile('Active Hosting Plans')).getByText('2')).toBeInTheDocument();
  expect(await screen.findByText('Hi demo')).toBeInTheDocument();
  expect(screen.getByText('You have not opened any ticket recently.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open a ticket' })).toHaveAttribute('href', '/dashboard/tickets');
});

it('deposits: integer amount and the first currency by default, success toast, then the payment page', async () => {
  const { calls } = fakeApi({
    ...base,
    'POST payment/deposit/initiate-payment': {
      status: 201,
      body: { message: 'Payment initiated.', data: { authorization_url: 'http://api.test/sandbox/pay/ref1', reference: 'ref1' } },
    },
  });
  const go = jest.spyOn(depositNavigation, 'go').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt('/dashboard', <DashboardPage />);
  await user.click(await screen.findByRole('button', { name: 'Top Up' }));
  const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
  const amount = within(dialog).getByLabelText('Amount');
  expect(amount).toHaveAttribute('type', 'number');
  expect(amount).toHaveAttribute('placeholder', '20000');
  await waitFor(() => expect(within(dialog).getByLabelText('Currency')).toHaveValue('NGN'));
  await user.type(amount, '1500.75');
  await user.click(within(dialog).getByRole('button', { name: 'Process Deposit' }));
  await waitFor(() => expect(go).toHaveBeenCalledWith('http://api.test/sandbox/pay/ref1'));
  const post = calls.find((c) => c.method === 'POST');
  expect(post).toMatchObject({ path: 'payment/deposit/initiate-payment', body: { amount: 1500, currency: 'NGN' } });
  expect(screen.getByText('Payment initiated.')).toBeInTheDocument();
});

it('deposits in the chosen currency and shows the server error when the deposit fails', async () => {
  const { calls } = fakeApi({
    ...base,
    'POST payment/deposit/initiate-payment': { status: 400, body: { error: 'Payment provider unavailable.' } },
  });
  const go = jest.spyOn(depositNavigation, 'go').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt('/dashboard', <DashboardPage />);
  await user.click(await screen.findByRole('button', { name: 'Top Up' }));
  const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
  await waitFor(() => expect(within(dialog).getByLabelText('Currency')).toHaveValue('NGN'));
  await user.selectOptions(within(dialog).getByLabelText('Currency'), 'USD');
  await user.type(within(dialog).getByLabelText('Amount'), '20');
  await user.click(within(dialog).getByRole('button', { name: 'Process Deposit' }));
  expect(await screen.findByText('Payment provider unavailable.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 20, currency: 'USD' });
  expect(go).not.toHaveBeenCalled();
});

it('asks for an amount when empty; otherwise sends it as an integer with no minimum and shows the server\'s amount error at the field', async () => {
  const { calls } = fakeApi({
    ...base,
    'POST payment/deposit/initiate-payment': { status: 400, body: { amount: ['Enter an amount of at least 1.'] } },
  });
  const go = jest.spyOn(depositNavigation, 'go').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt('/dashboard', <DashboardPage />);
  await user.click(await screen.findByRole('button', { name: 'Top Up' }));
  const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
  await waitFor(() => expect(within(dialog).getByLabelText('Currency')).toHaveValue('NGN'));
  await user.click(within(dialog).getByRole('button', { name: 'Process Deposit' }));
  expect(await within(dialog).findByText('Enter an amount.')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  const amount = within(dialog).getByLabelText('Amount');
  await user.type(amount, '0.5');
  await user.click(within(dialog).getByRole('button', { name: 'Process Deposit' }));
  await waitFor(() => expect(amount).toHaveAccessibleDescription('Enter an amount of at least 1.'));
  expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ amount: 0, currency: 'NGN' }]);
  expect(go).not.toHaveBeenCalled();
  expect(within(dialog).getByRole('button', { name: 'Process Deposit' })).toBeEnabled();
});

it('Transfer goes to the transfer page with the typed domain', async () => {
  fakeApi(base);
  const user = userEvent.setup();
  const { router } = renderAt('/dashboard', <DashboardPage />);
  await user.type(screen.getByLabelText('Domain'), 'my site.com');
  await user.click(screen.getByRole('button', { name: 'Transfer' }));
  expect(router.state.location.pathname).toBe('/transfer-domain');
  expect(new URLSearchParams(router.state.location.search).get('query')).toBe('my site.com');
});

it('Register goes to the search page, also with the optional domain left empty', async () => {
  fakeApi(base);
  const user = userEvent.setup();
  const { router } = renderAt('/dashboard', <DashboardPage />);
  await user.click(await screen.findByRole('button', { name: 'Register' }));
  expect(router.state.location.pathname).toBe('/search');
  expect(router.state.location.search).toBe('?query=');
});

it('greets the customer by first name, or by username when there is none', async () => {
  fakeApi(base);
  const first = renderAt('/dashboard', <DashboardPage />);
  expect(await screen.findByText('Welcome back, Ada.')).toBeInTheDocument();
  expect(screen.getByText('Hi demo')).toBeInTheDocument(); // the spec's Account Info line stays
  first.unmount();
  fakeApi({ ...base, 'GET core/me': { body: { data: { ...me.data, first_name: '' } } } });
  renderAt('/dashboard', <DashboardPage />);
  expect(await screen.findByText('Welcome back, demo.')).toBeInTheDocument();
});

it('after a deposit, says how much the API reports credited for the reference the gateway sent back', async () => {
  const { calls } = fakeApi({
    ...base,
    'GET payment/outcome': { body: { purpose: 'deposit', status: 'success', amount: 50, currency: 'USD', invoicenum: null } },
  });
  renderAt('/dashboard?reference=dep_abc', <DashboardPage />);
  expect(await screen.findByText('$50.00 was credited to your wallet.')).toBeInTheDocument();
  expect(calls.find((c) => c.path === 'payment/outcome')!.search).toBe('?reference=dep_abc');
});

it('after a declined deposit, says nothing was charged', async () => {
  fakeApi({
    ...base,
    'GET payment/outcome': { body: { purpose: 'deposit', status: 'failed', amount: 20000, currency: 'NGN', invoicenum: null } },
  });
  // The toast kept from before the trip to the payment page says to complete the payment: over once back.
  showToast('SUCCESS', 'Deposit initiated. Complete the payment on the payment page.');
  renderAt('/dashboard?reference=dep_abc', <DashboardPage />);
  expect(await screen.findByText(/^Your deposit of .*20,000\.00 was declined and nothing was charged\.$/)).toHaveAttribute('role', 'alert');
  expect(toastStore.getState().showSnackbar).toBe(false);
});

const overdue = {
  overdue_invoices: [{ id: 12, invoicenum: 'INV-000012', duedate: '2027-03-03', total: 16.11, currency: 'USD' }],
  domains: [],
  services: [],
};

it('shows the rest of the page once its notice is known, so a notice that comes late moves nothing under a click', async () => {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  fakeApi({ ...base, 'GET api/lifecycle/notices': async () => (await held, { body: overdue }) });
  renderAt('/dashboard', <DashboardPage />);
  // The other answers have come; the notice's has not: nothing below it can be seen or pressed yet.
  expect(await screen.findByText('Hi demo')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Top Up' })).not.toBeInTheDocument();
  answer();
  const notice = await screen.findByText('Action needed: unpaid renewals.');
  const topUp = await screen.findByRole('button', { name: 'Top Up' });
  // The notice comes first on the page, above the button.
  expect(notice.compareDocumentPosition(topUp) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

it('shows the rest of the page after NOTICE_WAIT_MS when the notice does not come', async () => {
  fakeApi({ ...base, 'GET api/lifecycle/notices': () => new Promise<never>(() => {}) });
  renderAt('/dashboard', <DashboardPage />);
  expect(await screen.findByRole('button', { name: 'Top Up' }, { timeout: NOTICE_WAIT_MS + 1000 })).toBeInTheDocument();
  expect(screen.queryByText('Action needed: unpaid renewals.')).not.toBeInTheDocument();
});
