import { screen } from '@testing-library/react';
import { loadPage } from '../leave-page';
import { json, mockApi, renderAt, resetStores } from '../test-utils';

jest.mock('../leave-page', () => ({ loadPage: jest.fn() }));

beforeEach(() => {
  resetStores();
  jest.mocked(loadPage).mockClear();
});
afterEach(() => jest.restoreAllMocks());

const SESSION = { access: 'acc-2', refresh: 'ref-2', message: 'Logged in successfully.' };

it('the password step of an account with a second factor goes to the second-factor page, keeping the redirect', async () => {
  mockApi({
    'POST /core/login/': json(200, { message: 'Password accepted. Confirm the sign-in with your passkey, your authenticator app or a recovery code.', second_factor: ['totp', 'recovery_code'] }),
  });
  const { user } = renderAt('/auth?redirect=/dashboard/tickets');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'a-good-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(jest.mocked(loadPage)).toHaveBeenCalledWith('/auth/second-factor?redirect=%2Fdashboard%2Ftickets&methods=totp,recovery_code');
});

it('an authenticator code: wrong one says why, right one stores the session and goes on', async () => {
  let tries = 0;
  const calls = mockApi({
    'POST /core/login/second-factor/': () =>
      ++tries === 1 ? json(400, { non_field_errors: ['Invalid authentication code.'] }) : json(200, SESSION),
  });
  const { user } = renderAt('/auth/second-factor?methods=totp,recovery_code&redirect=/dashboard/tickets');
  expect(screen.queryByRole('button', { name: 'Use your passkey' })).toBeNull();
  await user.type(screen.getByLabelText('Authentication Code'), '12345');
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  expect(screen.getByText('Enter the 6 digits your app shows.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Authentication Code'), '6');
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  expect(await screen.findByText('Signin Failed: Invalid authentication code.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Verify Code' }));
  await screen.findByText('Logged in successfully.');
  expect(calls.map((c) => c.body)).toEqual([{ method: 'totp', code: '123456' }, { method: 'totp', code: '123456' }]);
  expect(JSON.parse(localStorage.getItem('session')!)).toEqual({ access: 'acc-2', refresh: 'ref-2' });
  expect(jest.mocked(loadPage)).toHaveBeenCalledWith('/dashboard/tickets');
});

it('a recovery code instead', async () => {
  const calls = mockApi({ 'POST /core/login/second-factor/': json(200, SESSION) });
  const { user } = renderAt('/auth/second-factor?methods=passkey,totp,recovery_code');
  expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
  await user.type(screen.getByLabelText('Recovery Code'), 'abcde-fghjk');
  await user.click(screen.getByRole('button', { name: 'Use Recovery Code' }));
  await screen.findByText('Logged in successfully.');
  expect(calls[0]!.body).toEqual({ method: 'recovery_code', code: 'abcde-fghjk' });
  expect(jest.mocked(loadPage)).toHaveBeenCalledWith('/dashboard');
});
