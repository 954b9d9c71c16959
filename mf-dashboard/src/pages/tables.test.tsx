import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderPage as renderAt } from '../../../shared/testing/fake-api';
import { DomainsPage } from './domains';
import { InvoicesPage } from './invoices';
import { ServicesPage } from './services';

jest.setTimeout(30000);

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const cells = (rowIndex: number) =>
  within(screen.getAllByRole('row')[rowIndex + 1]!).getAllByRole('cell').map((td) => td.textContent);

describe('invoices', () => {
  it('shows the total from totalresults, the columns, money in the invoice currency (USD by default) and dashes', async () => {
    fakeApi({
      'GET api/user_invoice_list': {
        body: {
          invoices: {
            totalresults: 2,
            invoices: {
              invoice: [
                { id: 1, invoicenum: 'INV-1', paymentmethod: 'wallet', notes: 'Hosting', duedate: '2024-03-03', total: 12.5, currencycode: 'NGN', created_at: '2024-03-01T09:00:00Z', status: 'Paid' },
                { id: 2, invoicenum: 'INV-2', paymentmethod: '', notes: null, duedate: null, total: 99, currencycode: '', created_at: '2024-03-11T09:00:00Z', status: 'Unpaid' },
              ],
            },
          },
        },
      },
    });
    renderAt('/dashboard/invoices', <InvoicesPage />);
    expect(await screen.findByRole('cell', { name: 'INV-1' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Invoices' })).getByText('2')).toBeInTheDocument();
    expect(headers()).toEqual(['Invoice Number', 'Payment Method', 'Note', 'Due Date', 'Total', 'Date Created', 'Status']);
    expect(cells(0)).toEqual(['INV-1', 'wallet', 'Hosting', '3rd Mar, 2024', '₦12.50', '1st Mar, 2024', 'Paid']);
    expect(cells(1)).toEqual(['INV-2', '-', '-', '-', '$99.00', '11th Mar, 2024', 'Unpaid']);
  });

  it('shows the empty and failure states', async () => {
    fakeApi({ 'GET api/user_invoice_list': { body: { invoices: { totalresults: 0, invoices: { invoice: [] } } } } });
    const { unmount } = renderAt('/dashboard/invoices', <InvoicesPage />);
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    unmount();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET api/user_invoice_list': { status: 500, body: {} } });
    renderAt('/dashboard/invoices', <InvoicesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching your invoices.');
  });
});

describe('services', () => {
  it('shows the total, the columns, a serial number and dashes', async () => {
    fakeApi({
      'GET api/user_services': {
        body: [
          { id: 5, name: 'Starter Hosting', billingcycle: 'Annually', domain: 'mysite.com', regdate: '2024-03-02', serverhostname: 'srv1.host.test', status: 'Active' },
          { id: 9, name: 'Pro Hosting', billingcycle: 'Monthly', domain: null, regdate: '2024-04-22', serverhostname: '', status: 'Pending' },
        ],
      },
    });
    renderAt('/dashboard/services', <ServicesPage />);
    expect(await screen.findByRole('cell', { name: 'Starter Hosting' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Services' })).getByText('2')).toBeInTheDocument();
    // The spec's columns first, then the lifecycle's (issue 14): next due date, status, auto-renew.
    expect(headers()).toEqual(['S/N', 'Service Name', 'Billing Cycle', 'Domain', 'Registration Date', 'Server Hostname', 'Next Due Date', 'Status', 'Auto-renew']);
    expect(cells(0)).toEqual(['1', 'Starter Hosting', 'Annually', 'mysite.com', '2nd Mar, 2024', 'srv1.host.test', '-', 'Active', '-']);
    expect(cells(1)).toEqual(['2', 'Pro Hosting', 'Monthly', '-', '22nd Apr, 2024', '-', '-', 'Pending', '-']);
  });

  it('shows the empty state', async () => {
    fakeApi({ 'GET api/user_services': { body: [] } });
    renderAt('/dashboard/services', <ServicesPage />);
    expect(await screen.findByText('No services yet.')).toBeInTheDocument();
  });
});

describe('domains', () => {
  it('shows the total, the columns, regperiod as billing cycle and the next due date under Server Hostname', async () => {
    fakeApi({
      'GET domain': {
        body: [
          { id: 1, domainname: 'mysite.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Active', nextduedate: '2025-03-02' },
          { id: 2, domainname: 'other.ng', paymentmethodname: null, regperiod: 2, status: 'Pending', nextduedate: null },
          // Never registered (another order got the name first): the API gives it no expiry date.
          { id: 3, domainname: 'lost.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Cancelled', nextduedate: '2025-03-02', expirydate: null, auto_renew: false },
        ],
      },
    });
    renderAt('/dashboard/domains', <DomainsPage />);
    expect(await screen.findByRole('cell', { name: 'mysite.com' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Domains' })).getByText('3')).toBeInTheDocument();
    expect(headers()).toEqual(['S/N', 'Domain Name', 'Payment Method', 'Billing Cycle', 'Status', 'Server Hostname', 'Expiry Date', 'Auto-renew']);
    expect(cells(0)).toEqual(['1', 'mysite.com', 'Wallet', '1', 'Active', '2nd Mar, 2025', '2nd Mar, 2025', '-']);
    expect(cells(1)).toEqual(['2', 'other.ng', '-', '2', 'Pending', '-', '-', '-']);
    expect(cells(2).slice(0, 7)).toEqual(['3', 'lost.com', 'Wallet', '1', 'Cancelled', '2nd Mar, 2025', '-']);
  });

  it('shows the failure state with a Retry that loads again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { calls } = fakeApi({ 'GET domain': () => (fail ? { status: 503, body: {} } : { body: [] }) });
    renderAt('/dashboard/domains', <DomainsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching your domains.');
    fail = false;
    // Hold the second answer back: the retry shows the loading state, not the old failure.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const fake = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (...args) => {
      await held;
      return fake(...args);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading domains…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('No domains yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'domain')).toHaveLength(2);
  });
});
