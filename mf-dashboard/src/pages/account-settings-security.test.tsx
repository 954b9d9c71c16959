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
  // The button went with its row: focus is on the Sessions heading (not <body>, nor this device's Sign out).
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Sessions' })).toHaveFocus());
});

it('signing out one of several sessions takes focus to the next one’s Sign out', async () => {
  const three = { body: { data: [...sessions.body.data, { ...sessions.body.data[1]!, id: 7, device: 'Firefox on Linux' }] } };
  let gone = false;
  fakeApi({
    'GET core/security': overview([]),
    'GET core/sessions': () => (gone ? { body: { data: three.body.data.filter((s) => s.id !== 6) } } : three),
    'DELETE core/sessions/6': () => {
      gone = true;
      return { body: {} };
    },
  });
  const user = userEvent.setup();
  renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
  const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
  await user.click(within(list).getByRole('button', { name: /^Sign out Safari on iOS/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: /^Sign out Firefox on Linux/ })).toHaveFocus());
});

describe('focus, when the pressed button goes away', () => {
  const totpOn = {
    body: {
      data: {
        totp: { enabled: true, enabled_at: '2026-11-22T10:00:00Z' },
        passkeys: [],
        recovery_codes_left: 10,
        second_factor: true,
        recent_auth_until: null,
      },
    },
  };

  it('setting up the authenticator app: to the set-up form, to the codes, then to "Turn off authenticator app"', async () => {
    let on = false;
    fakeApi({
      'GET core/security': () => (on ? totpOn : overview([])),
      'GET core/sessions': sessions,
      'POST core/totp/setup': { body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
      'DELETE core/totp': () => {
        on = false;
        return { body: {} };
      },
      'POST core/totp/confirm': () => {
        on = true;
        return { body: { message: 'Authenticator app turned on.', recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] } };
      },
    });
    const user = userEvent.setup();
    renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    // The start of the new form: read on, the key; Tab, the code field.
    await waitFor(() => expect(screen.getByText(/^Scan the QR code with your authenticator app/)).toHaveFocus());
    await user.tab();
    expect(screen.getByLabelText('Authentication Code')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText('Authentication Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on authenticator app' }));
    const region = await screen.findByRole('region', { name: 'Your recovery codes' });
    await waitFor(() => expect(region).toHaveFocus());
    expect(within(region).getByText('aaaa-bbbb')).toBeInTheDocument();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Download codes' })).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'I have saved them' })).toHaveFocus();

    await screen.findByRole('button', { name: 'Turn off authenticator app' }); // the reload after turning it on
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn off authenticator app' })).toHaveFocus());

    // Turning it off takes its button away: focus to the part's heading.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Authenticator app' })).toHaveFocus());
  }, 20_000);

  it('a passkey removed: focus to the Passkeys heading, not to the page', async () => {
    fakeApi({
      'GET core/security': overview([laptop]),
      'GET core/sessions': sessions,
      'DELETE core/passkeys/1': { body: {} },
    });
    const user = userEvent.setup();
    renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
    await user.click(await screen.findByRole('button', { name: `Remove ${laptop.name}` }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus());
  });

  it('new recovery codes: to the codes, then back to "Generate new recovery codes"', async () => {
    fakeApi({
      'GET core/security': overview([laptop]),
      'GET core/sessions': sessions,
      'POST core/recovery-codes': { body: { recovery_codes: ['eeee-ffff'] } },
    });
    const user = userEvent.setup();
    renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
    const region = await screen.findByRole('region', { name: 'Your recovery codes' });
    await waitFor(() => expect(region).toHaveFocus());
    await user.click(within(region).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate new recovery codes' })).toHaveFocus());
  }, 20_000);

  it("renaming a passkey: to the name field; Cancel, and a saved name, back to that passkey's Rename", async () => {
    let name = 'Laptop';
    const { calls } = fakeApi({
      'GET core/security': () => overview([{ ...laptop, name }, { ...laptop, id: 2, name: 'Phone' }]),
      'GET core/sessions': sessions,
      'PATCH core/passkeys/1': (call) => {
        name = (call.body as { name: string }).name;
        return { body: { message: 'Passkey renamed.' } };
      },
    });
    const user = userEvent.setup();
    renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    await waitFor(() => expect(screen.getByLabelText('New name for Laptop')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Laptop' })).toHaveFocus());

    await user.keyboard('{Enter}');
    const field = await screen.findByLabelText('New name for Laptop');
    await waitFor(() => expect(field).toHaveFocus());
    await user.clear(field);
    await user.type(field, 'Work laptop{Enter}');
    const rename = await screen.findByRole('button', { name: 'Rename Work laptop' });
    await waitFor(() => expect(rename).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([['core/passkeys/1', { name: 'Work laptop' }]]);
  }, 20_000);

  it('an empty "Add a passkey" with a rename form open focuses its own name field, not the rename form\'s', async () => {
    const { calls } = fakeApi({ 'GET core/security': overview([laptop]), 'GET core/sessions': sessions });
    const user = userEvent.setup();
    renderAt('/account-settings/security', <AccountSettingsSecurityPage />);
    await user.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    await screen.findByLabelText('New name for Laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(screen.getByLabelText('Passkey name')).toHaveFocus();
    expect(screen.getByLabelText('Passkey name')).toHaveAccessibleDescription(/A name is required/);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  }, 20_000);
});
