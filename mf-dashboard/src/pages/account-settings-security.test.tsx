import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REAUTH_REQUIRED } from 'shared/schemas';
import { fakeApi, renderPage as renderAt } from '../../../shared/testing/fake-api';
import { AccountSettingsSecurityPage } from './account-settings-security';

const overview = (passkeys: unknown[]) => ({
  body: {
    data: {
      totp: { enabled: false, enabled_at: null },
      passkeys,
      recovery_codes_left: passkeys.length ? 10 : 0,
      second_factor: passkeys.length > 0,
      recent_auth_until: null,
    },
  },
});
const laptop = { id: 1, name: 'Laptop', created_at: '2026-11-20T10:00:00Z', last_used_at: null };
const sessions = {
  body: {
    data: [
      { id: 5, device: 'Chrome on Linux', ip: '127.0.0.1', signed_in: '2026-11-22T10:00:00Z', last_seen: '2026-11-22T10:05:00Z', current: true },
      { id: 6, device: 'Safari on iOS', ip: '10.0.0.2', signed_in: '2026-11-21T09:00:00Z', last_seen: '2026-11-21T09:30:00Z', current: false },
    ],
  },
};

it('removing a passkey after 10 minutes asks for the password, then removes it', async () => {
  let removed = false;
  let confirmed = false;
  const { calls } = fakeApi({
    'GET core/security': () => overview(removed ? [] : [laptop]),
    'GET core/sessions': sessions,
    'POST core/reauth': (call) => {
      if ((call.body as { password: string }).password !== 'right-password') return { status: 400, body: { password: ['Your password is incorrect.'] } };
      confirmed = true;
      return { body: { message: 'Thank you, it is you.' } };
    },
    'DELETE core/passkeys/1': () => {
      if (!confirmed) return { status: 403, body: { detail: REAUTH_REQUIRED } };
      removed = true;
      return { body: {} }; // the API answers 204; the fake's Response cannot carry a 204 with a body
    },
  });
  const user = userEvent.setup();
  renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
  await user.click(await screen.findByRole('button', { name: 'Remove Laptop' }));
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  expect(within(dialog).getByText(REAUTH_REQUIRED)).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Password' }));
  expect(await within(dialog).findByText('Your password is incorrect.')).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('Password'));
  await user.type(within(dialog).getByLabelText('Password'), 'right-password');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Password' }));
  expect(await screen.findByText(/No passkey yet/)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['core/passkeys/1', 'core/passkeys/1']);
}, 20_000);

it('turning on the authenticator app after 10 minutes asks for the password, then sends the code again', async () => {
  let confirmed = false;
  const { calls } = fakeApi({
    'GET core/security': overview([]),
    'GET core/sessions': sessions,
    'POST core/totp/setup': { body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
    'POST core/reauth': () => {
      confirmed = true;
      return { body: { message: 'Thank you, it is you.' } };
    },
    'POST core/totp/confirm': () =>
      confirmed
        ? { body: { message: 'Authenticator app turned on.', recovery_codes: ['aaaa-bbbb'] } }
        : { status: 403, body: { detail: REAUTH_REQUIRED } },
  });
  const user = userEvent.setup();
  renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
  await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
  await user.type(await screen.findByLabelText('Authentication Code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on authenticator app' }));
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  await user.type(within(dialog).getByLabelText('Password'), 'right-password');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Password' }));
  expect(await screen.findByText('aaaa-bbbb')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === 'core/totp/confirm').map((c) => c.body)).toEqual([{ code: '123456' }, { code: '123456' }]);
}, 20_000);

it('a wrong authenticator code is said at the code field, and goes when the code is typed again', async () => {
  fakeApi({
    'GET core/security': overview([]),
    'GET core/sessions': sessions,
    'POST core/totp/setup': { body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
    'POST core/totp/confirm': { status: 400, body: { detail: 'Invalid authentication code.' } },
  });
  const user = userEvent.setup();
  renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
  await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
  const code = await screen.findByLabelText('Authentication Code');
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'Turn on authenticator app' }));
  await waitFor(() => expect(code).toHaveAccessibleDescription(/Invalid authentication code\./));
  expect(code).toHaveAttribute('aria-invalid', 'true');
  await user.type(code, '1');
  expect(code).not.toHaveAccessibleDescription(/Invalid authentication code/);
}, 20_000);

it('cancelling the password prompt changes nothing', async () => {
  const { calls } = fakeApi({
    'GET core/security': overview([laptop]),
    'GET core/sessions': sessions,
    'DELETE core/passkeys/1': { status: 403, body: { detail: REAUTH_REQUIRED } },
  });
  const user = userEvent.setup();
  renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
  await user.click(await screen.findByRole('button', { name: 'Remove Laptop' }));
  await screen.findByRole('dialog', { name: "Confirm it's you" });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('Laptop')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
});

it('lists sessions with the current one marked; signs another out', async () => {
  let gone = false;
  const { calls } = fakeApi({
    'GET core/security': overview([]),
    'GET core/sessions': () => (gone ? { body: { data: [sessions.body.data[0]] } } : sessions),
    'DELETE core/sessions/6': () => {
      gone = true;
      return { body: {} }; // the API answers 204; the fake's Response cannot carry a 204 with a body
    },
  });
  const user = userEvent.setup();
  renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
  const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  expect(within(list).getByText('This device')).toBeInTheDocument();
  expect(within(list).getByText(/IP 10\.0\.0\.2/)).toBeInTheDocument();
  await user.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
  expect(await screen.findByText('Session signed out.')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'DELETE' && c.path === 'core/sessions/6')).toBe(true);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled());
});
