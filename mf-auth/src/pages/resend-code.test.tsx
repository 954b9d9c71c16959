import { screen, waitFor } from '@testing-library/react';
import { getCreatedUser, setCreatedUser } from 'shared/session';
import { currentLocation, json, mockApi, renderAt, resetStores } from '../test-utils';

beforeEach(resetStores);
afterEach(() => jest.restoreAllMocks());

const SENT = 'If the account exists and is not active yet, a new activation code has been sent.';

it('prefills the username of the created user and sends the code again', async () => {
  setCreatedUser('ada_obi');
  const calls = mockApi({ 'POST /core/resend-activation-code/': json(200, { message: SENT }) });
  const { user } = renderAt('/resend-code/');
  expect(screen.getByLabelText('Username')).toHaveValue('ada_obi');
  await user.click(screen.getByRole('button', { name: 'Resend Code' }));
  await waitFor(() => expect(currentLocation()).toBe('/auth/activate-account'));
  expect(calls).toEqual([{ method: 'POST', path: '/core/resend-activation-code/', body: { username: 'ada_obi' } }]);
  expect(screen.getByText(SENT)).toBeInTheDocument();
});

it('requires a username and remembers the one typed for the activation step', async () => {
  const calls = mockApi({ 'POST /core/resend-activation-code/': json(200, { message: SENT }) });
  const { user } = renderAt('/resend-code');
  expect(screen.getByLabelText('Username')).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Resend Code' }));
  expect(screen.getByText('A username is required')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
  await user.type(screen.getByLabelText('Username'), 'bola');
  await user.click(screen.getByRole('button', { name: 'Resend Code' }));
  await waitFor(() => expect(currentLocation()).toBe('/auth/activate-account'));
  expect(getCreatedUser()).toEqual({ username: 'bola' });
});

it('says when to try again on 429', async () => {
  mockApi({ 'POST /core/resend-activation-code/': json(429, { detail: 'Request was throttled.' }, { 'Retry-After': '20' }) });
  const { user } = renderAt('/resend-code');
  await user.type(screen.getByLabelText('Username'), 'bola');
  await user.click(screen.getByRole('button', { name: 'Resend Code' }));
  expect(await screen.findByText('Too many attempts. Please try again in 20 seconds.')).toBeInTheDocument();
  expect(currentLocation()).toBe('/resend-code');
});
