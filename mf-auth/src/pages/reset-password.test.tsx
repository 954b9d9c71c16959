import { screen, waitFor } from '@testing-library/react';
import { currentLocation, json, mockApi, pendingReply, renderAt, resetStores } from '../test-utils';

beforeEach(resetStores);
afterEach(() => jest.restoreAllMocks());

const PATH = '/auth/reset-password/MTI/tok-abc';
/** The calls that set a password (the page also checks its link as it opens). */
const resets = (calls: { path: string }[]) => calls.filter((c) => c.path === '/core/reset-password/');

async function submit(password: string, confirm: string) {
  const view = renderAt(PATH);
  if (password) await view.user.type(screen.getByLabelText('Password'), password);
  if (confirm) await view.user.type(screen.getByLabelText('Confirm Password'), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return view;
}

it('requires the password, and a confirmation of at least 8 (spec 5)', async () => {
  const calls = mockApi({});
  await submit('', '1234567');
  expect(screen.getByText('A password is required')).toBeInTheDocument();
  expect(screen.getByText('Password length must be at least 8.')).toBeInTheDocument();
  expect(resets(calls)).toHaveLength(0);
});

it('does not compare the two in the browser (spec 5: no match check); the server answers', async () => {
  const calls = mockApi({ 'POST /core/reset-password/': json(400, { re_new_password: ["Passwords don't match"] }) });
  await submit('new-pass-2024', 'other-pass-2024');
  expect(await screen.findByText("Signin Failed: re_new_password: Passwords don't match")).toBeInTheDocument();
  expect(resets(calls)).toHaveLength(1);
});

it('sends uid and token from the link, toasts and goes to /auth', async () => {
  const calls = mockApi({ 'POST /core/reset-password/': json(200, { message: 'Password reset successful, you can now login.' }) });
  await submit('new-pass-2024', 'new-pass-2024');
  await waitFor(() => expect(currentLocation()).toBe('/auth'));
  expect(resets(calls)).toEqual([
    { method: 'POST', path: '/core/reset-password/', body: { uid: 'MTI', token: 'tok-abc', new_password: 'new-pass-2024', re_new_password: 'new-pass-2024' } },
  ]);
  expect(screen.getByText('Password reset successful, you can now login.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
});

it('disables the fields and shows the overlay during the call', async () => {
  const pending = pendingReply(() => json(200, { message: 'ok' }));
  mockApi({ 'POST /core/reset-password/': pending.reply });
  await submit('new-pass-2024', 'new-pass-2024');
  expect(await screen.findByText('Please wait…')).toBeInTheDocument();
  expect(screen.getByLabelText('Password')).toBeDisabled();
  expect(screen.getByLabelText('Confirm Password')).toBeDisabled();
  pending.release();
  await waitFor(() => expect(currentLocation()).toBe('/auth'));
});

it.each([
  ['the detail', json(400, { detail: 'This password reset link is invalid or has expired. Please ask for a new one.' }), 'Signin Failed: This password reset link is invalid or has expired. Please ask for a new one.'],
  ['the non_field_errors value', json(400, { non_field_errors: ['Link used.'] }), 'Signin Failed: Link used.'],
  ['when to try again on 429', json(429, {}, { 'Retry-After': '30' }), 'Signin Failed: Too many attempts. Please try again in 30 seconds.'],
])('a failure toasts %s and stays', async (_what, response, message) => {
  mockApi({ 'POST /core/reset-password/': response });
  await submit('new-pass-2024', 'new-pass-2024');
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(currentLocation()).toBe(PATH);
});

it("links 'Remember your old Password' to /auth", () => {
  mockApi({});
  renderAt(PATH);
  expect(screen.getByRole('link', { name: 'Remember your old Password' })).toHaveAttribute('href', '/auth');
});

it.each([
  ['expired', 'This password reset link has expired. Please ask for a new one.'],
  ['used', 'This password reset link has already been used (or a newer one was sent). Please ask for a new one.'],
  ['invalid', 'This password reset link is not valid.'],
])('says at once that a %s link cannot be used, with a link to ask for a new one', async (state, message) => {
  const calls = mockApi({ 'POST /core/reset-password/check/': json(200, { state, message }) });
  renderAt(PATH);
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  expect(calls).toEqual([{ method: 'POST', path: '/core/reset-password/check/', body: { uid: 'MTI', token: 'tok-abc' } }]);
});

it("keeps the form under a dead link's notice: the server has the last word, and its refusal is the spec's toast", async () => {
  const detail = 'This password reset link is invalid or has expired. Please ask for a new one.';
  const calls = mockApi({
    'POST /core/reset-password/check/': json(200, { state: 'invalid', message: 'This password reset link is not valid.' }),
    'POST /core/reset-password/': json(400, { detail }),
  });
  const view = renderAt(PATH);
  expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not valid.');
  await view.user.type(screen.getByLabelText('Password'), 'new-pass-2024');
  await view.user.type(screen.getByLabelText('Confirm Password'), 'new-pass-2024');
  await view.user.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByText(`Signin Failed: ${detail}`)).toBeInTheDocument();
  expect(resets(calls)).toHaveLength(1);
  expect(currentLocation()).toBe(PATH);
});

it('keeps the form for a link that is still valid', async () => {
  mockApi({ 'POST /core/reset-password/check/': json(200, { state: 'valid' }) });
  renderAt(PATH);
  await waitFor(() => expect(screen.getByLabelText('Password')).toBeEnabled());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
