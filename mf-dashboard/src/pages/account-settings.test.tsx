import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyStore } from 'shared/currency';
import { fakeApi, me, renderPage as renderAt } from '../../../shared/testing/fake-api';
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

it('Profile: Update Password sends current, new and confirmation; a wrong current password shows under its field', async () => {
  const { calls } = fakeApi({
    'GET core/me': { body: me },
    'POST core/change-password': (call) =>
      (call.body as { current_password: string }).current_password === 'old-secret-1'
        ? { body: { message: 'Password updated successfully. Every other session was signed out.' } }
        : { status: 400, body: { current_password: ['Your current password is incorrect.'] } },
  });
  const user = userEvent.setup();
  renderAt('/account-settings', <AccountSettingsPage />);
  expect(await screen.findByText('demo@example.com')).toBeInTheDocument();

  const current = screen.getByLabelText('Current Password');
  expect(current).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show passwords' }));
  expect(current).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide passwords' })).toHaveAttribute('aria-pressed', 'true');

  // The spec's 'new password' names one field (a journey's getByLabel('New Password') matches labels containing it).
  expect(screen.getAllByLabelText(/new password/i)).toHaveLength(1);
  // The spec's rules in the browser: length, then matching confirmation.
  await user.type(screen.getByLabelText('New Password'), 'short');
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  expect(await screen.findAllByText('Password length must be at least 8.')).toHaveLength(2);
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

  await user.type(current, 'wrong-secret');
  await user.clear(screen.getByLabelText('New Password'));
  await user.type(screen.getByLabelText('New Password'), 'new-secret-1');
  await user.type(screen.getByLabelText('Confirm Password'), 'new-secret-1');
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Current Password'));
  await user.type(screen.getByLabelText('Current Password'), 'old-secret-1');
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
  expect(await screen.findByText('Password updated successfully. Every other session was signed out.')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ current_password: 'old-secret-1', new_password: 'new-secret-1', re_new_password: 'new-secret-1' });
  expect(screen.getByLabelText('Current Password')).toHaveValue('');
  // The fields emptied, the keyboard is still on the button pressed.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Update Password' })).toHaveFocus());
  expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/auth/forgot-password');
});

it('Profile: Change asks for the new address and the password, confirms it is you, then asks for the link', async () => {
  const { calls } = fakeApi({
    'GET core/me': { body: me },
    'POST core/reauth': { body: { message: 'Thank you, it is you.' } },
    'POST core/change-email': { body: { message: 'We have sent a confirmation link to new@example.com. Your email address changes when you open it.' } },
  });
  const user = userEvent.setup();
  renderAt('/account-settings', <AccountSettingsPage />);
  // The button is there (disabled) while the profile loads: a click then does nothing, so wait until it is enabled.
  const change = await screen.findByRole('button', { name: 'Change' });
  await waitFor(() => expect(change).toBeEnabled());
  await user.click(change);
  const dialog = await screen.findByRole('dialog', { name: 'Change email address' });
  await user.type(within(dialog).getByLabelText('New Email Address'), 'new@example.com');
  await user.type(within(dialog).getByLabelText('Password'), 'my-password');
  await user.click(within(dialog).getByRole('button', { name: 'Send Confirmation Link' }));
  expect(await screen.findByText(/We have sent a confirmation link to new@example.com/)).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
    ['core/reauth', { password: 'my-password' }],
    ['core/change-email', { email: 'new@example.com', password: 'my-password' }],
  ]);
  // The address shown stays the old one until the link is opened.
  expect(screen.getByText('demo@example.com')).toBeInTheDocument();
});

it('Profile: Delete Account shows the refusal while services are active', async () => {
  fakeApi({
    'GET core/me': { body: me },
    'POST core/reauth': { body: { message: 'Thank you, it is you.' } },
    'POST core/delete-account': { status: 409, body: { detail: 'Your account still has active paid services (a.com). Cancel them or let them expire, then delete the account.' } },
  });
  const user = userEvent.setup();
  renderAt('/account-settings', <AccountSettingsPage />);
  expect(await screen.findByRole('heading', { name: 'Delete Account' })).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
  await user.type(within(dialog).getByLabelText('Password'), 'my-password');
  await user.type(within(dialog).getByLabelText('Type your username (demo) to confirm'), 'demo');
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('active paid services (a.com)');
  expect(localStorage.getItem('session')).toBeNull();
});
