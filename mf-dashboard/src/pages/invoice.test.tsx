import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { payNavigation, Toast } from 'shared/ui';
import { fakeApi, me, renderPage as renderAt } from '../../../shared/testing/fake-api';
import { DashboardPage } from './dashboard';
import { DomainsPage } from './domains';
import { InvoicePage } from './invoice';
import { InvoicesPage } from './invoices';

jest.setTimeout(30000);

const unpaid = {
  id: 12,
  invoicenum: 'INV-000012',
  paymentmethod: 'Wallet',
  notes: 'Renewal of lagos-bakery.com',
  duedate: '2027-03-03',
  total: 16.11,
  subtotal: 14.99,
  tax: 1.12,
  vat_percent: 7.5,
  currencycode: 'USD',
  created_at: '2027-02-17T10:00:00Z',
  datepaid: null,
  status: 'Unpaid',
  overdue: true,
  items: [{ id: 1, description: 'Domain renewal: lagos-bakery.com', domain: 'lagos-bakery.com', amount: 14.99, kind: 'domain_renewal', details: 'lagos-bakery.com renewal, 1 year' }],
};

function openInvoice(path = '/dashboard/invoices/INV-000012') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/invoices/:invoicenum', element: <><InvoicePage /><Toast /></> },
      { path: '*', element: <p>Now at another page</p> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

it('shows one invoice: lines, VAT, total, status; Pay uses the Select Payment Method dialog and pays from the wallet', async () => {
  let paid = false;
  const { calls } = fakeApi({
    'GET api/invoices/INV-000012': () => ({ body: paid ? { ...unpaid, status: 'Paid', overdue: false, datepaid: '2027-02-20T10:00:00Z' } : unpaid }),
    'POST api/invoices/12/pay': () => {
      paid = true;
      return { body: { message: 'Payment successful. Your order is now active.', data: { status: 'Paid', invoicenum: 'INV-000012' } } };
    },
  });
  const user = userEvent.setup();
  openInvoice();
  expect(await screen.findByRole('heading', { name: 'Invoice INV-000012' })).toBeInTheDocument();
  expect(await screen.findByText('This invoice is overdue. Pay it to keep your service.')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: /Domain renewal: lagos-bakery.com/ })).toBeInTheDocument();
  expect(screen.getByRole('rowheader', { name: 'VAT (7.5 %)' })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /Total \$16\.11/ })).toBeInTheDocument();
  expect(screen.getByText('Unpaid')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  const dialog = screen.getByRole('dialog', { name: 'Select Payment Method' });
  expect(within(dialog).getByText('Amount due: $16.11 including VAT')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('radio', { name: 'Wallet' }));
  await user.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
  expect(await screen.findByText('Payment successful. Your order is now active.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ payment_kind: 'wallet' });
  await waitFor(() => expect(screen.getByText('Paid')).toBeInTheDocument());
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});

it('a paid invoice says what was credited back to the wallet, with its credit note', async () => {
  fakeApi({
    'GET api/invoices/INV-000012': {
      body: {
        ...unpaid,
        status: 'Paid',
        overdue: false,
        datepaid: '2027-02-20T10:00:00Z',
        refunds: [{ amount: 5, description: 'Refund, credit note CN-INV-000012-1', credit_note: 'CN-INV-000012-1', created_at: '2027-03-01T09:00:00Z' }],
      },
    },
  });
  openInvoice();
  const refunds = await screen.findByRole('region', { name: 'Credited back to your wallet' });
  expect(within(refunds).getByRole('listitem')).toHaveTextContent('1st Mar, 2027 · Refund, credit note CN-INV-000012-1: $5.00');
  expect(screen.getByText('Paid')).toBeInTheDocument();
});

it('the overdue invoice of a suspended service says paying reactivates it', async () => {
  fakeApi({ 'GET api/invoices/INV-000012': { body: { ...unpaid, service_suspended: true } } });
  openInvoice();
  expect(
    await screen.findByText('This invoice is overdue and the service it renews is suspended. Pay it to reactivate your service.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('This invoice is overdue. Pay it to keep your service.')).not.toBeInTheDocument();
});

it('a cancelled invoice says why, and links the invoice that replaced it (a reminder mail may lead here)', async () => {
  const cancelled = { ...unpaid, status: 'Cancelled', overdue: false, notes: 'Renewal of lagos-bakery.com (replaced by INV-000160: renewal for 2 years requested)' };
  fakeApi({ 'GET api/invoices/INV-000012': { body: cancelled } });
  const view = openInvoice();
  const notice = (await screen.findByText(/This invoice was cancelled/)).closest('p')!;
  expect(notice).toHaveTextContent('This invoice was cancelled: it was replaced by INV-000160 (renewal for 2 years requested). Nothing is due on it.');
  expect(within(notice).getByRole('link', { name: 'INV-000160' })).toHaveAttribute('href', '/dashboard/invoices/INV-000160');
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  view.unmount();
  fakeApi({ 'GET api/invoices/INV-000012': { body: { ...cancelled, notes: 'Renewal of hosting (service terminated: unpaid)' } } });
  openInvoice();
  expect(await screen.findByText('This invoice was cancelled (service terminated: unpaid). Nothing is due on it.')).toBeInTheDocument();
});

it('shows the server error in the dialog; a gateway payment goes to the payment page', async () => {
  fakeApi({
    'GET api/invoices/INV-000012': { body: unpaid },
    'POST api/invoices/12/pay': (call) =>
      (call.body as { payment_kind: string }).payment_kind === 'wallet'
        ? { status: 400, body: { error: 'Your wallet balance (USD 0.00) does not cover the total (USD 16.11).' } }
        : { body: { message: 'Complete the payment on the payment page.', data: { status: 'Unpaid', authorization_url: 'http://api.test/sandbox/pay/chk_1' } } },
  });
  const go = jest.spyOn(payNavigation, 'go').mockImplementation(() => {});
  const user = userEvent.setup();
  openInvoice();
  await user.click(await screen.findByRole('button', { name: 'Pay' }));
  const dialog = screen.getByRole('dialog', { name: 'Select Payment Method' });
  await user.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('does not cover the total');
  await user.click(within(dialog).getByRole('radio', { name: 'Pay with Fiat' }));
  await user.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
  await waitFor(() => expect(go).toHaveBeenCalledWith('http://api.test/sandbox/pay/chk_1'));
});

it('invoice rows open the invoice page', async () => {
  fakeApi({
    'GET api/user_invoice_list': { body: { invoices: { totalresults: 1, invoices: { invoice: [unpaid] } } } },
  });
  const user = userEvent.setup();
  const { router } = renderAt('/dashboard/invoices', <InvoicesPage />);
  // The whole row opens it (keyboard too); its number is also a link.
  await user.click(await screen.findByRole('cell', { name: 'Renewal of lagos-bakery.com' }));
  expect(router.state.location.pathname).toBe('/dashboard/invoices/INV-000012');
});

it('the dashboard shows a notice for a domain in Grace and an overdue invoice, with links to pay', async () => {
  fakeApi({
    'GET core/me': { body: me },
    'GET api/lifecycle/notices': {
      body: {
        overdue_invoices: [
          { id: 12, invoicenum: 'INV-000012', duedate: '2027-03-03', total: 16.11, currency: 'USD' },
          { id: 13, invoicenum: 'INV-000013', duedate: '2027-03-03', total: 5, currency: 'USD' },
        ],
        domains: [{ domainname: 'lagos-bakery.com', status: 'Grace', expirydate: '2027-03-03', invoicenum: 'INV-000012', invoice_id: 12 }],
      },
    },
  });
  renderAt('/dashboard', <DashboardPage />);
  const notice = await screen.findByText('Action needed: unpaid renewals.');
  const box = notice.closest('[role="status"]') as HTMLElement;
  expect(box).toHaveTextContent('lagos-bakery.com is in Grace since it expired on 3rd Mar, 2027.');
  expect(within(box).getByRole('link', { name: 'Pay invoice INV-000012' })).toHaveAttribute('href', '/dashboard/invoices/INV-000012');
  expect(within(box).getByRole('link', { name: 'Pay invoice INV-000013' })).toBeInTheDocument();
  expect(within(box).getAllByRole('link')).toHaveLength(2);
});

it('the dashboard says a suspended hosting service is suspended, with the invoice that reactivates it', async () => {
  fakeApi({
    'GET core/me': { body: me },
    'GET api/lifecycle/notices': {
      body: {
        overdue_invoices: [{ id: 13, invoicenum: 'INV-000013', duedate: '2027-03-03', total: 6.44, currency: 'USD' }],
        domains: [],
        services: [{ id: 3, name: 'Shared Hosting - Business', domain: 'lagos-bakery.com', status: 'Suspended', invoicenum: 'INV-000013', invoice_id: 13 }],
      },
    },
  });
  renderAt('/dashboard', <DashboardPage />);
  const box = (await screen.findByText('Action needed: unpaid renewals.')).closest('[role="status"]') as HTMLElement;
  expect(box).toHaveTextContent('Shared Hosting - Business (lagos-bakery.com) is suspended.');
  expect(within(box).getByRole('link', { name: 'Pay invoice INV-000013 to reactivate it' })).toHaveAttribute('href', '/dashboard/invoices/INV-000013');
  // The overdue invoice is not listed a second time.
  expect(within(box).getAllByRole('link')).toHaveLength(1);
});

it('auto-renew can be turned off from the domains table', async () => {
  const { calls } = fakeApi({
    'GET domain': { body: [{ id: 4, domainname: 'mysite.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Active', nextduedate: '2027-03-03', expirydate: '2027-03-03', auto_renew: true }] },
    'PUT domain/4/auto-renew': (call) => ({ body: { id: 4, auto_renew: (call.body as { auto_renew: boolean }).auto_renew } }),
  });
  const user = userEvent.setup();
  renderAt('/dashboard/domains', <DomainsPage />);
  const row = await screen.findByRole('row', { name: /mysite\.com/ });
  const toggle = within(row).getByRole('switch', { name: 'Auto-renew' });
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  await user.click(toggle);
  await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  expect(toggle).toHaveTextContent('Off');
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ auto_renew: false });
});
