// Account security journeys (issue 17) in Chromium against the built storefront and the real API. Each test signs
// up its own customer, so the seeded demo user other specs rely on is never touched.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { E2E } from '../env';
import { apiLogin, createCustomer, expect, expectNoA11yViolations, readMail, test, useSession } from '../fixtures';

const LOGIN_CODE = /login code is: (\S+)/;
const since = () => new Date(Date.now() - 1000).toISOString();

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logout(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

// A code works once (its time step must be later than the last one used), and the server takes the step after the
// current one too (a phone's clock drift): the next step's code signs in without waiting half a minute for it.
const nextStepCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

test('change the password on the Profile tab, then sign in with the new one (the old one is refused)', async ({ page }) => {
  const c = await createCustomer('pw');
  await useSession(page, c.session);
  await page.goto('/account-settings');
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password').fill('fresh-password-42'); // one field answers to it (the spec's 'new password')
  await page.getByLabel('Confirm Password').fill('fresh-password-42');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

  await page.getByLabel('Current Password').fill(c.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully. Every other session was signed out.')).toBeVisible();
  await readMail(c.email, /(password of your HostHub account was changed)/);

  await logout(page);
  await passwordStep(page, c.username, c.password);
  await expect(page.getByText('Signin Failed: Unable to log in with provided credentials.')).toBeVisible();
  const t0 = since();
  await passwordStep(page, c.username, 'fresh-password-42');
  await expect(page).toHaveURL(/\/auth\/submit-code/);
  await page.getByLabel('Login Code').fill(await readMail(c.email, LOGIN_CODE, t0));
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('turn on an authenticator app, sign out, sign in with password and a TOTP code', async ({ page }) => {
  test.setTimeout(90_000);
  const c = await createCustomer('tp');
  await useSession(page, c.session);
  await page.goto('/account-settings/security');
  await expect(page.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await page.getByLabel('Authentication Code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on authenticator app' }).click();
  await expect(page.getByText('Authenticator app is on')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  await logout(page);
  const t0 = since();
  await passwordStep(page, c.username, c.password);
  await expect(page).toHaveURL(/\/auth\/second-factor/);
  await expect(page.getByRole('heading', { level: 1, name: "Confirm it's you" })).toBeVisible();
  // A wrong code first: refused with the reason.
  await page.getByLabel('Authentication Code').fill('000000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Signin Failed: Invalid authentication code.')).toBeVisible();
  await page.getByLabel('Authentication Code').fill(nextStepCode(totp));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // No login code was mailed for this login.
  await expect(readMail(c.email, LOGIN_CODE, t0)).rejects.toThrow(/No mail/);
});

test('register a passkey with the virtual authenticator and sign in with it', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const c = await createCustomer('pk');
  await useSession(page, c.session);
  await page.goto('/account-settings/security');
  await page.getByLabel('Passkey name').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Test laptop')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  await logout(page);
  await passwordStep(page, c.username, c.password);
  await expect(page).toHaveURL(/\/auth\/second-factor/);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Logged in successfully.')).toBeVisible();
});

test('sign another session out from the list: its token is refused from then on', async ({ page, request }) => {
  const c = await createCustomer('ss');
  const other = await apiLogin(c.username, c.password, c.email);
  const me = (access: string) => request.get(`${E2E.api}/core/me/`, { headers: { Authorization: `Token ${access}` } });
  expect((await me(other.access)).status()).toBe(200);

  await useSession(page, c.session);
  await page.goto('/account-settings/security');
  const list = page.getByRole('list', { name: 'Signed-in sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toBeVisible();
  await list.getByRole('listitem').filter({ hasNotText: 'This device' }).getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText('Session signed out.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await me(other.access)).status()).toBe(401);
  expect((await me(c.session.access)).status()).toBe(200);
});

test('Download my data gives the account as JSON', async ({ page }) => {
  const c = await createCustomer('ex');
  await useSession(page, c.session);
  await page.goto('/account-settings');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toBe('hosthub-my-data.json');
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown> & { profile: Record<string, unknown> };
  expect(data.profile).toEqual(expect.objectContaining({ username: c.username, email: c.email, first_name: 'Ada', city: 'Lagos' }));
  for (const key of ['domains', 'services', 'invoices', 'tickets', 'wallet_entries']) expect(Array.isArray(data[key])).toBe(true);
});

test('change the e-mail address with the mailed link', async ({ page }) => {
  const c = await createCustomer('em');
  const next = `new-${c.email}`;
  await useSession(page, c.session);
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email address' });
  await dialog.getByLabel('New Email Address').fill(next);
  await dialog.getByLabel('Password').fill(c.password);
  await dialog.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(page.getByText(`We have sent a confirmation link to ${next}. Your email address changes when you open it.`)).toBeVisible();
  await expect(page.getByText(c.email, { exact: true })).toBeVisible();
  const link = await readMail(next, /(\/auth\/confirm-email\/\S+)/);
  await page.goto(link);
  await expect(page.getByText(`Your email address has been changed. You now use ${next}.`)).toBeVisible();
  await page.goto('/account-settings');
  await expect(page.getByText(next, { exact: true })).toBeVisible();
});

test('delete an account: typed username and password; its login is refused afterwards', async ({ page }) => {
  const c = await createCustomer('dl');
  await useSession(page, c.session);
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await dialog.getByLabel('Password').fill(c.password);
  await dialog.getByLabel(`Type your username (${c.username}) to confirm`).fill('someone-else');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Type your username exactly as it is shown to confirm.')).toBeVisible();
  await dialog.getByLabel(`Type your username (${c.username}) to confirm`).fill(c.username);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await readMail(c.email, /(was deleted as you asked)/);

  await passwordStep(page, c.username, c.password);
  await expect(page.getByText('Signin Failed: Unable to log in with provided credentials.')).toBeVisible();
});
