// The renewal part of a domain's page: auto-renew, 'Renew now' priced by the server, paying the renewal invoice with the
// shared payment dialog (wallet: the new expiry date is shown; gateway: off to the payment page), and read-only domains.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RENEWAL_MESSAGES } from 'shared/schemas';
import { payNavigation, Toast } from 'shared/ui';
import { fakeApi, type Call } from '../../../shared/testing/fake-api';
import { DomainPage } from './domain';

jest.setTimeout(30000);

const detail = (over: Record<string, unknown> = {}) => ({
  id: 3,
  domainname: 'acme.com',
  domainname_unicode: 'acme.com',
  status: 'Active',
  registrationdate: '2026-03-03',
  nextduedate: '2027-03-03',
  expirydate: '2027-03-03',
  auto_renew: true,
  regperiod: 1,
  protection: false,
  registrar_lock: true,
  read_only: false,
  uses_store_nameservers: true,
  nameservers: [],
  store_nameservers: ['ns1.hosthub.test', 'ns2.hosthub.test'],
  effective_nameservers: ['ns1.hosthub.test', 'ns2.hosthub.test'],
  dns_served: true,
  dns_serial: 2026030300,
  max_dns_records: 100,
  ...over,
});

/** The server's quote: 12.00 a year, 7.5 % VAT, 80.00 restore fee in Redemption. */
const quote = (years: number, over: Record<string, unknown> = {}) => {
  const restore = over.status === 'Redemption' ? 80 : 0;
  const subtotal = 12 * years + restore;
  const vat = Math.round(subtotal * 7.5) / 100;
  return {
    domainname: 'acme.com',
    status: 'Active',
    years,
    currency: 'USD',
    price_per_year: 12,
    renewal: 12 * years,
    restore_fee: restore,
    subtotal,
    vat_percent: 7.5,
    vat,
    total: Math.round((subtotal + vat) * 100) / 100,
    expirydate: '2027-03-03',
    new_expirydate: `${2027 + years}-03-03`,
    open_invoice: null,
    ...over,
  };
};

function open() {
  const router = createMemoryRouter([{ path: '/dashboard/domains/:domain', element: <><DomainPage /><Toast /></> }], {
    initialEntries: ['/dashboard/domains/acme.com'],
  });
  return render(<RouterProvider router={router} />);
}
const find = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
const overview = async () => (await screen.findByRole('heading', { name: 'Overview' })).closest('section')!;

it('auto-renew: the switch saves at once and goes back when refused', async () => {
  let refuse = false;
  const { calls } = fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': { body: [] },
    'GET domain/acme.com/renewal': (call) => ({ body: quote(Number(new URLSearchParams(call.search).get('years'))) }),
    'PUT domain/3/auto-renew': (call) =>
      refuse ? { status: 404, body: { detail: 'Not found.' } } : { body: { id: 3, auto_renew: (call.body as { auto_renew: boolean }).auto_renew } },
  });
  const user = userEvent.setup();
  open();
  const toggle = within(await overview()).getByRole('switch', { name: /Auto-renew/ });
  expect(toggle).toBeChecked();
  await user.click(toggle);
  await waitFor(() => expect(find(calls, 'PUT', 'domain/3/auto-renew').map((c) => c.body)).toEqual([{ auto_renew: false }]));
  expect(await screen.findByText('Auto-renew off for acme.com.')).toBeInTheDocument();
  expect(toggle).not.toBeChecked();
  refuse = true;
  await user.click(toggle);
  expect(await within(await overview()).findByRole('alert')).toHaveTextContent('Not found.');
  expect(toggle).not.toBeChecked();
});

it('Renew now: the price comes from the server for the years chosen; the wallet pays and the new expiry date shows', async () => {
  let expiry = '2027-03-03';
  const { calls } = fakeApi({
    'GET domain/acme.com': () => ({ body: detail({ nextduedate: expiry, expirydate: expiry }) }),
    'GET domain/acme.com/records': { body: [] },
    'GET domain/acme.com/renewal': (call) => ({ body: quote(Number(new URLSearchParams(call.search).get('years'))) }),
    'POST domain/acme.com/renew': (call) => {
      const years = (call.body as { years: number }).years;
      return {
        status: 201,
        body: {
          message: 'Invoice INV-000077 created.',
          data: { invoice_id: 77, invoicenum: 'INV-000077', status: 'Unpaid', years, total: quote(years).total, currency: 'USD', expirydate: expiry, new_expirydate: `${2027 + years}-03-03` },
        },
      };
    },
    'POST api/invoices/77/pay': () => {
      expiry = '2029-03-03';
      return { body: { message: 'Payment successful. Your order is now active.', data: { status: 'Paid', invoicenum: 'INV-000077' } } };
    },
  });
  const user = userEvent.setup();
  open();
  const box = await overview();
  expect((await within(box).findByText('Price per year', {}, { timeout: 5000 })).nextSibling).toHaveTextContent('$12.00');
  expect(within(box).getByText('Expiry date').nextSibling).toHaveTextContent('3rd Mar, 2027');

  await user.selectOptions(within(box).getByLabelText('Renewal period'), '2 years');
  await waitFor(() => expect(within(box).getByText('Total').nextSibling).toHaveTextContent('$25.80'));
  expect(within(box).getByText('New expiry date').nextSibling).toHaveTextContent('3rd Mar, 2029');
  expect(find(calls, 'GET', 'domain/acme.com/renewal').map((c) => new URLSearchParams(c.search).get('years'))).toEqual(['1', '2']);

  // 'Renew now' is the button's text alone (its region is named by aria-label, the box headed 'Renewal' once).
  expect(screen.getByText('Renew now')).toBe(within(box).getByRole('button', { name: 'Renew now' }));
  expect(screen.getAllByRole('heading', { name: 'Renewal' })).toHaveLength(1);
  expect(within(box).getByRole('region', { name: 'Renew now' })).toContainElement(within(box).getByRole('button', { name: 'Renew now' }));
  await user.click(within(box).getByRole('button', { name: 'Renew now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' });
  expect(within(dialog).getByText('Amount due: $25.80 including VAT (invoice INV-000077)')).toBeInTheDocument();
  expect(find(calls, 'POST', 'domain/acme.com/renew').map((c) => c.body)).toEqual([{ years: 2 }]);
  await user.click(within(dialog).getByRole('radio', { name: 'Wallet' }));
  await user.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
  expect(await screen.findByText('Renewed: acme.com now expires on 3rd Mar, 2029.')).toBeInTheDocument();
  expect(find(calls, 'POST', 'api/invoices/77/pay').map((c) => c.body)).toEqual([{ payment_kind: 'wallet' }]);
  await waitFor(() => expect(within(box).getByText('Expiry date').nextSibling).toHaveTextContent('3rd Mar, 2029'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('a gateway payment goes to the payment page; closing the dialog leaves the invoice waiting, linked', async () => {
  let opened = false;
  fakeApi({
    'GET domain/acme.com': { body: detail({ status: 'Redemption' }) },
    'GET domain/acme.com/records': { body: [] },
    'GET domain/acme.com/renewal': (call) => ({
      body: quote(Number(new URLSearchParams(call.search).get('years')), {
        status: 'Redemption',
        open_invoice: opened ? { invoice_id: 78, invoicenum: 'INV-000078', years: 1, total: 98.9, currency: 'USD' } : null,
      }),
    }),
    'POST domain/acme.com/renew': () => {
      opened = true;
      return {
        status: 201,
        body: { message: 'ok', data: { invoice_id: 78, invoicenum: 'INV-000078', status: 'Unpaid', years: 1, total: 98.9, currency: 'USD', expirydate: '2027-03-03', new_expirydate: '2028-03-03' } },
      };
    },
    'POST api/invoices/78/pay': { body: { message: 'Complete the payment on the payment page.', data: { status: 'Unpaid', authorization_url: 'http://api.test/sandbox/pay/chk_9' } } },
  });
  const go = jest.spyOn(payNavigation, 'go').mockImplementation(() => {});
  const user = userEvent.setup();
  open();
  const box = await overview();
  expect(await within(box).findByText('Restore fee (Redemption)')).toBeInTheDocument();
  expect(within(box).getByText('Restore fee (Redemption)').nextSibling).toHaveTextContent('$80.00');
  await user.click(within(box).getByRole('button', { name: 'Renew now' }));
  let dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' });
  await user.click(within(dialog).getByRole('button', { name: /Close/ }));
  const link = await within(box).findByRole('link', { name: 'INV-000078' });
  expect(link).toHaveAttribute('href', '/dashboard/invoices/INV-000078');
  await user.click(within(box).getByRole('button', { name: 'Renew now' }));
  dialog = await screen.findByRole('dialog', { name: 'Select Payment Method' });
  await user.click(within(dialog).getByRole('radio', { name: 'Pay with Fiat' }));
  await user.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
  await waitFor(() => expect(go).toHaveBeenCalledWith('http://api.test/sandbox/pay/chk_9'));
});

it('the server refusing the renewal speaks under the button; a Released domain offers no renewal', async () => {
  fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': { body: [] },
    'GET domain/acme.com/renewal': (call) => ({ body: quote(Number(new URLSearchParams(call.search).get('years'))) }),
    'POST domain/acme.com/renew': { status: 409, body: { detail: RENEWAL_MESSAGES.busy } },
  });
  const user = userEvent.setup();
  const view = open();
  const box = await overview();
  await within(box).findByText('Price per year', {}, { timeout: 5000 });
  await user.click(within(box).getByRole('button', { name: 'Renew now' }));
  expect(await within(box).findByRole('alert')).toHaveTextContent(RENEWAL_MESSAGES.busy);
  view.unmount();

  fakeApi({
    'GET domain/acme.com': { body: detail({ status: 'Released', read_only: true }) },
    'GET domain/acme.com/records': { body: [] },
  });
  open();
  const released = await overview();
  expect(within(released).getByText(RENEWAL_MESSAGES.notRenewable('Released'))).toBeInTheDocument();
  expect(within(released).getByRole('link', { name: 'Search for acme.com' })).toHaveAttribute('href', '/search?query=acme.com');
  expect(within(released).queryByRole('button', { name: 'Renew now' })).not.toBeInTheDocument();
  expect(within(released).queryByRole('switch', { name: /Auto-renew/ })).not.toBeInTheDocument();
});

it('no period that would take the domain more than 10 years ahead is offered; none at all when it is that far already', async () => {
  fakeApi({
    'GET domain/acme.com': { body: detail({ nextduedate: '2034-03-03', expirydate: '2034-03-03', renewal_max_years: 3 }) },
    'GET domain/acme.com/records': { body: [] },
    'GET domain/acme.com/renewal': (call) => ({ body: quote(Number(new URLSearchParams(call.search).get('years'))) }),
  });
  const view = open();
  const box = await overview();
  await within(box).findByText('Price per year', {}, { timeout: 5000 });
  const period = within(box).getByLabelText('Renewal period');
  expect(within(period).getAllByRole('option').map((o) => o.textContent)).toEqual(['1 year', '2 years', '3 years']);
  expect(period).toHaveAccessibleDescription('At most 3 years: a domain can be registered at most 10 years ahead.');
  view.unmount();

  const { calls } = fakeApi({
    'GET domain/acme.com': { body: detail({ nextduedate: '2036-03-03', expirydate: '2036-03-03', renewal_max_years: 0 }) },
    'GET domain/acme.com/records': { body: [] },
  });
  open();
  const far = await overview();
  expect(within(far).getByText(RENEWAL_MESSAGES.tooFarAhead(0))).toBeInTheDocument();
  expect(within(far).queryByRole('button', { name: 'Renew now' })).not.toBeInTheDocument();
  expect(within(far).queryByLabelText('Renewal period')).not.toBeInTheDocument();
  // Auto-renew stays: it applies when the expiry date comes near again.
  expect(within(far).getByRole('switch', { name: /Auto-renew/ })).toBeInTheDocument();
  // No price is asked for a renewal that cannot be made.
  expect(calls.filter((c) => c.path === 'domain/acme.com/renewal')).toEqual([]);
});
