import { screen, waitFor } from '@testing-library/react';
import { getCreatedUser, setCreatedUser } from 'shared/session';
import { currentLocation, json, mockApi, pendingReply, renderAt, resetStores } from '../test-utils';

beforeEach(resetStores);
afterEach(() => jest.restoreAllMocks());

const ACTIVATED = { message: 'Account activated successfully.', access: 'acc-9', refresh: 'ref-9' };

async function activate(code: string) {
  const { user } = renderAt('/auth/activate-account');
  if (code) await user.type(screen.getByLabelText('Activation Code'), code);
  await user.click(screen.getByRole('button', { name: 'Activate Account' }));
}

describe('with the user created by signup', () => {
  beforeEach(() => setCreatedUser('ada_obi'));

  it('asks only for the code, and links to /resend-code/', () => {
    mockApi({});
    renderAt('/auth/activate-account');
    expect(screen.getByRole('heading', { level: 1, name: 'Activate your account' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByLabelText('Activation Code')]);
    expect(screen.getByRole('link', { name: 'Resend code' })).toHaveAttribute('href', '/resend-code/');
  });

  it.each([
    ['', 'Activation code cannot be less than 6 characters'],
    ['12345', 'Activation code cannot be less than 6 characters'],
    ['123456789012345678901', 'Activation code cannot be more than 20 characters'],
  ])('code %p: %s (spec 5)', async (code, message) => {
    const calls = mockApi({});
    await activate(code);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('activates: sends username and code, stores the session, forgets the created user, shows the server message, goes to /dashboard', async () => {
    const calls = mockApi({ 'POST /core/activation/': json(200, ACTIVATED) });
    await activate('12345678901234567890');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(calls).toEqual([{ method: 'POST', path: '/core/activation/', body: { username: 'ada_obi', activation_code: '12345678901234567890' } }]);
    expect(JSON.parse(localStorage.getItem('session')!)).toEqual({ access: 'acc-9', refresh: 'ref-9' });
    expect(getCreatedUser()).toBeNull();
    expect(screen.getByText('Account activated successfully.')).toBeInTheDocument();
  });

  it('disables the field and shows the overlay during the call', async () => {
    const pending = pendingReply(() => json(200, ACTIVATED));
    mockApi({ 'POST /core/activation/': pending.reply });
    await activate('123456');
    expect(await screen.findByText('Please wait…')).toBeInTheDocument();
    expect(screen.getByLabelText('Activation Code')).toBeDisabled();
    pending.release();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it.each([
    ['the first response value when it is text', { detail: 'Invalid or expired activation code. Check the code in your mail, or ask for a new one.' }, 'Invalid or expired activation code. Check the code in your mail, or ask for a new one.'],
    ['a first value that is a DRF list of text', { activation_code: ['Activation code cannot be less than 6 characters'] }, 'Activation code cannot be less than 6 characters'],
    ['else its error', { code: 17, error: 'Activation is paused.' }, 'Activation is paused.'],
    ['else the data message', { code: 17, data: { message: 'Code already used.' } }, 'Code already used.'],
    ['else the nested error', { code: 17, data: { error: 'Account locked.' } }, 'Account locked.'],
    ["else 'Something went wrong'", { code: 17 }, 'Something went wrong'],
  ])('a failure toasts %s, stores nothing and stays', async (_what, body, message) => {
    mockApi({ 'POST /core/activation/': json(400, body) });
    await activate('123456');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(localStorage.getItem('session')).toBeNull();
    expect(getCreatedUser()).toEqual({ username: 'ada_obi' });
    expect(currentLocation()).toBe('/auth/activate-account');
  });

  it("says 'Something went wrong' when the API cannot be reached", async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await activate('123456');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('says when to try again on 429', async () => {
    mockApi({ 'POST /core/activation/': json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '12' }) });
    await activate('123456');
    expect(await screen.findByText('Too many attempts. Please try again in 12 seconds.')).toBeInTheDocument();
  });
});

describe('without a created user (another browser)', () => {
  it('asks for the username too and requires it', async () => {
    const calls = mockApi({ 'POST /core/activation/': json(200, ACTIVATED) });
    const { user } = renderAt('/auth/activate-account');
    await user.type(screen.getByLabelText('Activation Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Activate Account' }));
    expect(screen.getByText('An username is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Username'), 'ada_obi');
    await user.click(screen.getByRole('button', { name: 'Activate Account' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(calls[0]?.body).toEqual({ username: 'ada_obi', activation_code: '123456' });
  });
});
