import { screen, waitFor } from '@testing-library/react';
import { json, mockApi, pendingReply, renderAt, resetStores } from '../test-utils';

beforeEach(resetStores);
afterEach(() => jest.restoreAllMocks());

it('requires a username, trimmed (spec 5)', async () => {
  const calls = mockApi({});
  const { user } = renderAt('/auth/forgot-password');
  await user.click(screen.getByRole('button', { name: 'Send Mail' }));
  expect(screen.getByText('A username is required')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Username'), '   ');
  await user.click(screen.getByRole('button', { name: 'Send Mail' }));
  expect(screen.getByText('A username is required')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

it('sends the username and says the mail is on its way', async () => {
  const calls = mockApi({ 'POST /core/request-password-reset/': json(200, { message: 'Password reset email sent successfully.' }) });
  const { user } = renderAt('/auth/forgot-password');
  await user.type(screen.getByLabelText('Username'), ' demo ');
  await user.click(screen.getByRole('button', { name: 'Send Mail' }));
  // The toast says it once; the page's own note does not repeat the sentence.
  expect(await screen.findAllByText(/Password reset email sent successfully\./)).toHaveLength(1);
  expect(screen.getByText('Check your mail and follow the link in it to set a new password.')).toBeInTheDocument();
  expect(calls).toEqual([{ method: 'POST', path: '/core/request-password-reset/', body: { username: 'demo' } }]);
});

it('disables the field and shows the overlay during the call', async () => {
  const pending = pendingReply(() => json(200, { message: 'ok' }));
  mockApi({ 'POST /core/request-password-reset/': pending.reply });
  const { user } = renderAt('/auth/forgot-password');
  await user.type(screen.getByLabelText('Username'), 'demo');
  await user.click(screen.getByRole('button', { name: 'Send Mail' }));
  expect(await screen.findByText('Please wait…')).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toBeDisabled();
  pending.release();
  await waitFor(() => expect(screen.getByLabelText('Username')).toBeEnabled());
});

it.each([
  ['the non_field_errors value', json(400, { non_field_errors: ['Account is locked.'] }), 'Password reset Failed: Account is locked.'],
  ['the list of field errors', json(400, { username: ['A username is required'] }), 'Password reset Failed: username: A username is required'],
  ['the detail', json(503, { detail: 'We could not send the mail right now. Please try again in a few minutes.' }), 'Password reset Failed: We could not send the mail right now. Please try again in a few minutes.'],
  ['when to try again on 429', json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '5' }), 'Password reset Failed: Too many attempts. Please try again in 5 seconds.'],
])('a failure toasts %s', async (_what, response, message) => {
  mockApi({ 'POST /core/request-password-reset/': response });
  const { user } = renderAt('/auth/forgot-password');
  await user.type(screen.getByLabelText('Username'), 'demo');
  await user.click(screen.getByRole('button', { name: 'Send Mail' }));
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.queryByText(/follow the link/)).toBeNull();
});

it('links back to login', () => {
  mockApi({});
  renderAt('/auth/forgot-password');
  expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/auth');
});
