// /dashboard/wallet: the wallet's history in one currency, newest first, signed amounts, invoice links, and another
// currency on demand; the dashboard's Credit Balance card links to it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderPage } from '../../../shared/testing/fake-api';
import { WalletPage } from './wallet';

const currencies = { body: [{ code: 'USD', name: 'US Dollar' }, { code: 'NGN', name: 'Nigerian Naira' }] };
const usd = {
  currency: 'USD',
  balance: 36.04,
  entries: [
    { id: 3, created_at: '2026-11-29T10:00:00Z', kind: 'payment', description: 'Payment of INV-000283', amount: -13.96, invoicenum: 'INV-000283' },
    { id: 2, created_at: '2026-11-28T10:00:00Z', kind: 'adjustment', description: 'Credit by staff', amount: 20, invoicenum: null },
    { id: 1, created_at: '2026-11-27T10:00:00Z', kind: 'deposit', description: 'Deposit dep-1', amount: 30, invoicenum: null },
  ],
};

it('lists the entries newest first with signed amounts and invoice links, the balance above; another currency on demand', async () => {
  const api = fakeApi({
    'GET payment/currencies': currencies,
    'GET payment/wallet-history': (req: { query: URLSearchParams }) =>
      req.query.get('currency') === 'NGN' ? { body: { currency: 'NGN', balance: 0, entries: [] } } : { body: usd },
  });
  renderPage('/dashboard/wallet', <WalletPage />);
  const table = await screen.findByRole('table', { name: 'Wallet history (USD)' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
    ['29th Nov, 2026', 'Payment', 'Payment of INV-000283', 'INV-000283', '-$13.96'],
    ['28th Nov, 2026', 'Adjustment', 'Credit by staff', '-', '+$20.00'],
    ['27th Nov, 2026', 'Deposit', 'Deposit dep-1', '-', '+$30.00'],
  ]);
  expect(within(rows[0]!).getByRole('link', { name: 'INV-000283' })).toHaveAttribute('href', '/dashboard/invoices/INV-000283');
  expect(screen.getByRole('group', { name: 'Balance' })).toHaveTextContent('$36.04');
  await userEvent.selectOptions(await screen.findByLabelText('Currency'), 'NGN');
  expect(await screen.findByText('No wallet activity in NGN yet.')).toBeInTheDocument();
  await waitFor(() => expect(api.find('GET', 'payment/wallet-history').map((r) => r.query.get('currency'))).toEqual(['USD', 'NGN']));
});

it('keeps the chosen currency in the address: opened with ?currency=NGN it shows NGN, and a choice is written there', async () => {
  const api = fakeApi({
    'GET payment/currencies': currencies,
    'GET payment/wallet-history': (req: { query: URLSearchParams }) =>
      req.query.get('currency') === 'NGN' ? { body: { currency: 'NGN', balance: 1500, entries: [] } } : { body: usd },
  });
  const { router } = renderPage('/dashboard/wallet?currency=NGN', <WalletPage />);
  expect(await screen.findByText('No wallet activity in NGN yet.')).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Balance' })).toHaveTextContent('₦1,500.00');
  expect(await screen.findByLabelText('Currency')).toHaveValue('NGN');
  await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
  await screen.findByRole('table', { name: 'Wallet history (USD)' });
  expect(router.state.location.search).toBe('');
  await userEvent.selectOptions(screen.getByLabelText('Currency'), 'NGN');
  await waitFor(() => expect(router.state.location.search).toBe('?currency=NGN'));
  expect(api.find('GET', 'payment/wallet-history').map((r) => r.query.get('currency'))).toEqual(['NGN', 'USD', 'NGN']);
});
