import { screen, waitFor } from '@testing-library/react';
import { loadPage } from '../leave-page';
import { json, mockApi, pendingReply, renderAt, resetStores } from '../test-utils';

jest.mock('../leave-page', () => ({ loadPage: jest.fn() }));

beforeEach(() => {
  resetStores();
  jest.mocked(loadPage).mockClear();
});
afterEach(() => jest.restoreAllMocks());

const fill = async (user: ReturnType<typeof renderAt>['user'], username: string, password: string) => {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
};

describe('login form validation (spec 5)', () => {
  it('shows the required messages on submit and sends nothing', async () => {
    const calls = mockApi({});
    const { user } = renderAt('/auth');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('An username is required')).toBeInTheDocument();
    expect(screen.getByText('A password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('checks a field when it loses focus, not before', async () => {
    mockApi({});
    const { user } = renderAt('/auth');
    await user.click(screen.getByLabelText('Username'));
    expect(screen.queryByText('An username is required')).toBeNull();
    await user.tab();
    expect(screen.getByText('An username is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('An username is required');
  });

  it('treats a username of spaces as missing', async () => {
    mockApi({});
    const { user } = renderAt('/auth');
    await fill(user, '   ', 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('An username is required')).toBeInTheDocument();
  });

  it('wants a password of at least 8 characters', async () => {
    mockApi({});
    const { user } = renderAt('/auth');
    await fill(user, 'demo', '1234567');
    await user.tab();
    expect(screen.getByText('Password length must be at least 8.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '8');
    expect(screen.queryByText('Password length must be at least 8.')).toBeNull();
  });
});

describe('logging in', () => {
  it('sends the trimmed username, toasts and loads submit-code carrying the redirect', async () => {
    const calls = mockApi({ 'POST /core/login/': json(200, { message: 'Login pin generated successfully.' }) });
    const { user } = renderAt('/auth?redirect=/dashboard/tickets');
    await fill(user, '  demo ', 'demo-pass-2024');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/auth/submit-code?redirect=%2Fdashboard%2Ftickets'));
    expect(calls).toEqual([{ method: 'POST', path: '/core/login/', body: { username: 'demo', password: 'demo-pass-2024' } }]);
    expect(screen.getByText('Login pin generated successfully.')).toBeInTheDocument();
  });

  it('goes to submit-code without a redirect when there was none', async () => {
    mockApi({ 'POST /core/login/': json(200, { message: 'ok' }) });
    const { user } = renderAt('/auth');
    await fill(user, 'demo', 'demo-pass-2024');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/auth/submit-code'));
  });

  it('disables the inputs and shows the loading overlay during the call', async () => {
    const pending = pendingReply(() => json(200, { message: 'ok' }));
    mockApi({ 'POST /core/login/': pending.reply });
    const { user } = renderAt('/auth');
    await fill(user, 'demo', 'demo-pass-2024');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please wait…')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    pending.release();
    await waitFor(() => expect(screen.queryByText('Please wait…')).toBeNull());
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });
});

describe('login failure toasts (spec 8)', () => {
  it.each([
    ['the non_field_errors value', json(400, { non_field_errors: ['Unable to log in with provided credentials.'] }), 'Signin Failed: Unable to log in with provided credentials.'],
    ['the list of field errors', json(400, { username: ['An username is required'], password: ['Password length must be at least 8.'] }), 'Signin Failed: username: An username is required, password: Password length must be at least 8.'],
    ['when to try again on 429', json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '42' }), 'Signin Failed: Too many attempts. Please try again in 42 seconds.'],
    ['a detail answer', json(503, { detail: 'We could not send the mail right now. Please try again in a few minutes.' }), 'Signin Failed: We could not send the mail right now. Please try again in a few minutes.'],
  ])('shows %s', async (_what, response, message) => {
    mockApi({ 'POST /core/login/': response });
    const { user } = renderAt('/auth');
    await fill(user, 'demo', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(loadPage).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });

  it('says something went wrong when the API cannot be reached', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderAt('/auth');
    await fill(user, 'demo', 'demo-pass-2024');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Signin Failed: Something went wrong')).toBeInTheDocument();
  });
});

it('links to forgot password and sign up, on the auth layout', () => {
  mockApi({});
  renderAt('/auth/anything-else');
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
  expect(screen.getAllByRole('main')).toHaveLength(1);
  expect(screen.getByTestId('auth-layout')).toBeInTheDocument();
});
