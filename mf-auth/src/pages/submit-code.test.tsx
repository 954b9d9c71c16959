import { screen, waitFor } from '@testing-library/react';
import { loadPage } from '../leave-page';
import { json, mockApi, pendingReply, renderAt, resetStores } from '../test-utils';

jest.mock('../leave-page', () => ({ loadPage: jest.fn() }));

beforeEach(() => {
  resetStores();
  jest.mocked(loadPage).mockClear();
});
afterEach(() => jest.restoreAllMocks());

const SESSION = { access: 'acc-1', refresh: 'ref-1', message: 'Logged in successfully.' };

async function submitCode(path: string, code = '123456') {
  const calls = mockApi({ 'POST /core/submit-login-code/': json(200, SESSION) });
  const { user } = renderAt(path);
  await user.type(screen.getByLabelText('Login Code'), code);
  await user.click(screen.getByRole('button', { name: 'Submit Code' }));
  return calls;
}

it('requires the code (spec 5) and sends nothing without it', async () => {
  const calls = mockApi({});
  const { user } = renderAt('/auth/submit-code');
  await user.click(screen.getByRole('button', { name: 'Submit Code' }));
  expect(screen.getByText('A code is required')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Login Code'), '   ');
  await user.tab();
  expect(screen.getByText('A code is required')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

it('stores the session, toasts and loads the redirect target', async () => {
  const calls = await submitCode('/auth/submit-code?redirect=%2Fdashboard%2Ftickets', '654321');
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/dashboard/tickets'));
  expect(calls).toEqual([{ method: 'POST', path: '/core/submit-login-code/', body: { login_code: '654321' } }]);
  expect(JSON.parse(localStorage.getItem('session')!)).toEqual({ access: 'acc-1', refresh: 'ref-1' });
  expect(screen.getByText('Logged in successfully.')).toBeInTheDocument();
});

it.each([
  ['missing', '/auth/submit-code', '/dashboard'],
  ['null', '/auth/submit-code?redirect=null', '/dashboard'],
  ['undefined', '/auth/submit-code?redirect=undefined', '/dashboard'],
  ['/login', '/auth/submit-code?redirect=%2Flogin', '/dashboard'],
  ['a path with a query', '/auth/submit-code?redirect=%2Fcart%3Fcurrency%3DNGN', '/cart?currency=NGN'],
  ['another site (open redirect)', '/auth/submit-code?redirect=https%3A%2F%2Fevil.example%2Flogin', '/dashboard'],
  ['a protocol-relative URL', '/auth/submit-code?redirect=%2F%2Fevil.example', '/dashboard'],
  ['a backslash trick', '/auth/submit-code?redirect=%2F%5Cevil.example', '/dashboard'],
  ['javascript:', '/auth/submit-code?redirect=javascript%3Aalert(1)', '/dashboard'],
])('redirect %s: goes to the right place', async (_what, path, target) => {
  await submitCode(path);
  await waitFor(() => expect(loadPage).toHaveBeenCalledTimes(1));
  expect(loadPage).toHaveBeenCalledWith(target);
});

it.each([
  ['the non_field_errors value', json(400, { non_field_errors: ['Invalid login code.'] }), 'Signin Failed: Invalid login code.'],
  ['the list of field errors', json(400, { login_code: ['A code is required'] }), 'Signin Failed: login_code: A code is required'],
  ['when to try again on 429', json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '1' }), 'Signin Failed: Too many attempts. Please try again in 1 second.'],
])('a failure shows %s, stores nothing and stays', async (_what, response, message) => {
  mockApi({ 'POST /core/submit-login-code/': response });
  const { user } = renderAt('/auth/submit-code?redirect=/cart');
  await user.type(screen.getByLabelText('Login Code'), '000000');
  await user.click(screen.getByRole('button', { name: 'Submit Code' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(localStorage.getItem('session')).toBeNull();
  expect(loadPage).not.toHaveBeenCalled();
});

it('disables the field and shows the overlay during the call', async () => {
  const pending = pendingReply(() => json(200, SESSION));
  mockApi({ 'POST /core/submit-login-code/': pending.reply });
  const { user } = renderAt('/auth/submit-code');
  await user.type(screen.getByLabelText('Login Code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Submit Code' }));
  expect(await screen.findByText('Please wait…')).toBeInTheDocument();
  expect(screen.getByLabelText('Login Code')).toBeDisabled();
  pending.release();
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/dashboard'));
});

it('links to forgot password and back to /login', () => {
  mockApi({});
  renderAt('/auth/submit-code');
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
});
