import { screen, waitFor } from '@testing-library/react';
import { loadPage } from '../leave-page';
import { CODE_NOT_ACCEPTED } from './second-factor';
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
  // The reason in the toast (once on the page); the field marked, with the focus back to be typed again.
  expect(await screen.findByText('Signin Failed: Invalid authentication code.')).toBeInTheDocument();
  const field = screen.getByLabelText('Authentication Code');
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  expect(field).toHaveAccessibleDescription(new RegExp(CODE_NOT_ACCEPTED.replace(/[.:]/g, '\\$&')));
  expect(screen.getAllByText(/Invalid authentication code/)).toHaveLength(1);
  await waitFor(() => expect(field).toHaveFocus());
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

describe('the passkey step refused by the browser', () => {
  const OPTIONS = { challenge: 'Y2hhbGxlbmdlLWJ5dGVz', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred', timeout: 60000 };
  const NOT_USED = 'Your passkey was not used: it may not be on this device, or the request was cancelled.';
  let get: jest.Mock;

  // jsdom has no WebAuthn: the browser's part is stood in for at navigator.credentials.get, where a real browser
  // answers a cancelled or timed-out prompt, or a device without a passkey for this site, with a NotAllowedError.
  beforeEach(() => {
    get = jest.fn();
    Object.defineProperty(globalThis, 'PublicKeyCredential', { configurable: true, writable: true, value: function PublicKeyCredential() {} });
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
  });
  afterEach(() => {
    delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    delete (navigator as { credentials?: unknown }).credentials;
  });

  it('says so, and offers the authenticator app and a recovery code, instead of "Something went wrong"', async () => {
    get.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const calls = mockApi({ 'POST /core/login/passkey-options/': json(200, OPTIONS) });
    const { user } = renderAt('/auth/second-factor?methods=passkey,totp,recovery_code');
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${NOT_USED} Try again, or use your authenticator app or a recovery code.`,
    );
    expect(screen.queryByText(/Signin Failed/)).toBeNull();
    expect(get).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.path)).toEqual(['/core/login/passkey-options/']);
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeEnabled();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('without an authenticator app, offers a recovery code only; trying again clears it', async () => {
    get.mockRejectedValueOnce(new DOMException('No credentials.', 'NotAllowedError'));
    mockApi({ 'POST /core/login/passkey-options/': json(200, OPTIONS) });
    const { user } = renderAt('/auth/second-factor?methods=passkey,recovery_code');
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${NOT_USED} Try again, or use a recovery code.`);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/authenticator app/);
    // The browser asking again (its prompt still open).
    get.mockReturnValueOnce(new Promise(() => {}));
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(screen.queryByText(/Your passkey was not used/)).toBeNull();
  });

  it('other failures keep their texts', async () => {
    get.mockRejectedValue(new Error('WebAuthn broke'));
    mockApi({ 'POST /core/login/passkey-options/': json(400, { detail: 'This login attempt has expired. Log in again.' }) });
    const { user } = renderAt('/auth/second-factor?methods=passkey,totp,recovery_code');
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByText('Signin Failed: This login attempt has expired. Log in again.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();

    mockApi({ 'POST /core/login/passkey-options/': json(200, OPTIONS) });
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByText('Signin Failed: Something went wrong')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Your passkey was not used/)).toBeNull();
  });
});
