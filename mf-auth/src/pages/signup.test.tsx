import { screen, waitFor, within } from '@testing-library/react';
import { getCreatedUser } from 'shared/session';
import { json, mockApi, pendingReply, renderAt, resetStores, currentLocation } from '../test-utils';

jest.setTimeout(20000);
beforeEach(resetStores);
afterEach(() => jest.restoreAllMocks());

const VALID = {
  Username: 'ada_obi',
  Email: 'ada@example.com',
  Password: 'correct-horse-9',
  'Confirm Password': 'correct-horse-9',
  'First Name': 'Ada',
  'Last Name': 'Obi',
  State: 'Lagos',
  City: 'Ikeja',
  'Post Code': '100001',
  'Phone Number': '+2348012345678',
  Address: '12 Marina Road',
};
type Label = keyof typeof VALID;

async function fillForm(user: ReturnType<typeof renderAt>['user'], overrides: Partial<Record<Label, string>> = {}) {
  for (const [label, value] of Object.entries({ ...VALID, ...overrides })) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.paste(value);
  }
}

/** The message shown under one field (its accessible description). */
const messageOf = (label: Label) => screen.getByLabelText(label).getAttribute('aria-describedby')
  ? document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby')!)?.textContent
  : undefined;

it('has all eleven fields, each with a visible label, and a link to login', () => {
  mockApi({});
  renderAt('/auth/signup');
  for (const label of Object.keys(VALID)) expect(screen.getByLabelText(label)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/');
});

it('shows every required-field message on an empty submit and sends nothing (spec 5)', async () => {
  const calls = mockApi({});
  const { user } = renderAt('/auth/signup');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(messageOf('First Name')).toBe('First Name is required');
  expect(messageOf('Last Name')).toBe('Last Name is required');
  expect(messageOf('Address')).toBe('Address is required');
  expect(messageOf('City')).toBe('City is required');
  expect(messageOf('State')).toBe('State is required');
  expect(messageOf('Post Code')).toBe('Invalid postal code format');
  expect(messageOf('Phone Number')).toBe('Invalid phone number format');
  expect(messageOf('Username')).toBe('Username cannot be less than 3 characters');
  expect(messageOf('Email')).toBe('This email is invalid.');
  expect(messageOf('Password')).toBe('Password length must be at least 8.');
  expect(messageOf('Confirm Password')).toBe('Password length must be at least 8.');
  expect(screen.getByLabelText('Username')).toHaveFocus();
  expect(calls).toHaveLength(0);
});

it.each<[Label, string, string | undefined]>([
  ['Post Code', 'ab12', 'Invalid postal code format'],
  ['Post Code', 'AB', 'Invalid postal code format'],
  ['Post Code', 'AB12345', 'Invalid postal code format'],
  ['Post Code', 'AB1', undefined],
  ['Post Code', '100001', undefined],
  ['Phone Number', '080123456', 'Invalid phone number format'],
  ['Phone Number', '+1234567890123456', 'Invalid phone number format'],
  ['Phone Number', '0801-234-5678', 'Invalid phone number format'],
  ['Phone Number', '08012345678', undefined],
  ['Phone Number', '+2348012345678', undefined],
  ['Username', 'ab', 'Username cannot be less than 3 characters'],
  ['Username', 'abcdefghijklmnop', 'Username cannot be more than 15 characters'],
  ['Username', 'abcdefghijklmno', undefined],
  ['Email', 'ada@', 'This email is invalid.'],
  ['Email', '  ada@example.com  ', undefined],
  ['Password', '1234567', 'Password length must be at least 8.'],
  ['First Name', '   ', 'First Name is required'],
])('%s %p on blur: %p', async (label, value, message) => {
  mockApi({});
  const { user } = renderAt('/auth/signup');
  await user.type(screen.getByLabelText(label), value);
  await user.tab();
  expect(messageOf(label) ?? undefined).toBe(message);
});

it("says 'Passwords don't match' under the confirmation", async () => {
  const calls = mockApi({});
  const { user } = renderAt('/auth/signup');
  await fillForm(user, { 'Confirm Password': 'correct-horse-8' });
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(messageOf('Confirm Password')).toBe("Passwords don't match");
  expect(messageOf('Password')).toBeUndefined();
  expect(calls).toHaveLength(0);
});

it('creates the account: sends the payload, keeps the username, toasts and goes to activation', async () => {
  const calls = mockApi({
    'POST /core/register/': json(201, { message: 'Account created successfully', data: { username: 'ada_obi', email: 'ada@example.com' } }),
  });
  const { user } = renderAt('/auth/signup');
  await fillForm(user, { Email: ' ada@example.com ' });
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  await waitFor(() => expect(currentLocation()).toBe('/auth/activate-account'));
  expect(calls).toEqual([
    {
      method: 'POST',
      path: '/core/register/',
      body: {
        username: 'ada_obi',
        email: 'ada@example.com',
        password: 'correct-horse-9',
        re_password: 'correct-horse-9',
        first_name: 'Ada',
        last_name: 'Obi',
        state: 'Lagos',
        city: 'Ikeja',
        post_code: '100001',
        phone_number: '+2348012345678',
        address: '12 Marina Road',
      },
    },
  ]);
  expect(getCreatedUser()).toEqual({ username: 'ada_obi' });
  expect(screen.getByText('Account created successfully')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Activate your account' })).toBeInTheDocument();
});

it('disables every input and shows the overlay during the call', async () => {
  const pending = pendingReply(() => json(201, { message: 'ok', data: { username: 'ada_obi', email: 'ada@example.com' } }));
  mockApi({ 'POST /core/register/': pending.reply });
  const { user } = renderAt('/auth/signup');
  await fillForm(user);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  expect(await screen.findByText('Please wait…')).toBeInTheDocument();
  for (const label of Object.keys(VALID)) expect(screen.getByLabelText(label)).toBeDisabled();
  pending.release();
  await waitFor(() => expect(currentLocation()).toBe('/auth/activate-account'));
});

it.each([
  ['the first value of the error data', json(400, { username: ['A user with that username already exists.'], email: ['A user with that email already exists.'] }), 'A user with that username already exists.'],
  ['a first value that is plain text', json(400, { detail: 'Signups are closed.' }), 'Signups are closed.'],
  ['the message field when the first value is not text', json(500, { errors: { code: 17 }, message: 'Registration is unavailable.' }), 'Registration is unavailable.'],
  ['when to try again on 429', json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '60' }), 'Too many attempts. Please try again in 60 seconds.'],
])('a failure toasts %s and stays', async (_what, response, message) => {
  mockApi({ 'POST /core/register/': response });
  const { user } = renderAt('/auth/signup');
  await fillForm(user);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  const toast = await screen.findByText(message);
  expect(toast).toBeInTheDocument();
  expect(within(toast.closest('[role="alert"]') as HTMLElement).getByText(message)).toBeInTheDocument();
  expect(currentLocation()).toBe('/auth/signup');
  expect(screen.getByLabelText('Username')).toHaveValue('ada_obi');
});
