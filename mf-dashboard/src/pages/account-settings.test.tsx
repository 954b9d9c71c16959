import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyStore } from 'shared/currency';
import { fakeApi, me, renderAt } from '../test-utils';
import { AccountSettingsPage } from './account-settings';
import { AccountSettingsPaymentsPage } from './account-settings-payments';

const currencies = { body: [{ code: 'USD', name: 'US Dollar' }, { code: 'NGN', name: 'Naira' }] };

beforeEach(() => currencyStore.setState({ code: 'USD' }));

it('Payments: lists name - code options and saves the chosen currency under "currency"', async () => {
  fakeApi({ 'GET payment/currencies': currencies });
  const user = userEvent.setup();
  renderAt('/account-settings/payments', <AccountSettingsPaymentsPage />);
  const select = await screen.findByLabelText('Currency');
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['US Dollar - USD', 'Naira - NGN']);
  expect(select).toHaveValue('USD');
  await user.selectOptions(select, 'NGN');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Currency saved')).toBeInTheDocument();
  expect(localStorage.getItem('currency')).toBe('NGN');
  expect(currencyStore.getState().code).toBe('NGN');
});

it('shows the Profile and Payments tabs as links', async () => {
  fakeApi({ 'GET payment/currencies': currencies });
  renderAt('/account-settings/payments', <AccountSettingsPaymentsPage />);
  const tabs = screen.getByRole('navigation', { name: 'Account settings' });
  expect(within(tabs).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/account-settings');
  expect(within(tabs).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
  await screen.findByLabelText('Currency');
});

it('Profile: email with a non-functional Change, a password form that only logs, the reset link and Delete Account', async () => {
  const { calls } = fakeApi({ 'GET core/me': { body: me } });
  const log = jest.spyOn(console, 'log').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt('/account-settings', <AccountSettingsPage />);
  expect(await screen.findByText('demo@example.com')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change' })).toBeDisabled();

  const current = screen.getByLabelText('Current Password');
  const next = screen.getByLabelText('New Password');
  expect(current).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show passwords' }));
  expect(current).toHaveAttribute('type', 'text');
  expect(next).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide passwords' })).toHaveAttribute('aria-pressed', 'true');

  await user.type(current, 'old-secret-1');
  await user.type(next, 'new-secret-1');
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  await waitFor(() => expect(log).toHaveBeenCalled());
  expect(JSON.stringify(log.mock.calls)).not.toContain('secret');
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/auth/forgot-password');
  expect(screen.getByRole('heading', { name: 'Delete Account' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
});
