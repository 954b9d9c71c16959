// Account security through the HTTP API on a real database (issue 17): password and e-mail change, recent
// re-authentication, TOTP with the moved clock, passkeys with a software authenticator, recovery codes, sessions,
// the new-device notice, data export and account deletion, with each refusal.
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { REAUTH_REQUIRED } from 'shared/schemas';
import { loadConfig } from '../config';
import { authTokens, oneTimeCodes, users } from '../db/schema';
import { customerDomains, payments, tlds, walletAccounts, walletEntries } from '../db/schema-commerce';
import { recoveryCodes, totpSecrets, webauthnCredentials } from '../db/schema-security';
import { activeUser, appOn, auth, codeIn, createTestApp, fullLogin, json, lastMailTo, mailsTo, startLogin, type TestApp } from '../test/app';
import { SoftAuthenticator } from '../test/soft-authenticator';
import { ACCOUNT_CODE_TRIES_PER_HOUR, ACCOUNT_PASSWORD_TRIES_PER_HOUR } from '../accounts/policy';
import { TOO_MANY_WRONG_PASSWORDS } from '../accounts/password-guesses';
import { SECOND_FACTOR_MESSAGES } from './login';
import { RECENT_AUTH_MS } from './recent-auth';
import { EMAIL_CHANGE_TTL_MS, SECURITY_MESSAGES as M } from './routes';
import { MESSAGES } from '../accounts/routes';
import { sha256, verifyPassword } from '../accounts/secrets';
import { PAYMENT_EXPIRY_MS, reconcilePendingPayments } from '../payments/reconcile';
import { settle } from '../payments/settle';
import { staffEntryText } from '../payments/wallet';
import { rowsOf } from '../db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, access?: string, payload?: unknown, cookies?: Record<string, string>) =>
  t.app.inject({ method, url, headers: access ? auth(access) : {}, ...(payload !== undefined ? { payload: payload as object } : {}), ...(cookies ? { cookies } : {}) });

const MIN = 60 * 1000;
const RP = () => ({ origin: t.config.security.origins[0]!, rpId: t.config.security.rpId });
const totpNow = (secret: string, offsetMs = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + offsetMs });

/** Password step for an account with a second factor: no code is mailed, the attempt cookie comes back. */
async function passwordStep(user: { username: string; password: string; email: string }) {
  const before = (await mailsTo(t.app, user.email)).length;
  const res = await call('POST', '/core/login/', undefined, { username: user.username, password: user.password });
  expect(res.statusCode).toBe(200);
  expect(json(res).message).toBe(SECOND_FACTOR_MESSAGES.needed);
  expect((await mailsTo(t.app, user.email)).length).toBe(before);
  return { attempt: res.cookies.find((c) => c.name === 'login_attempt')!.value, methods: json(res).second_factor as string[] };
}

async function enableTotp(access: string) {
  const setup = await call('POST', '/core/totp/setup/', access);
  expect(setup.statusCode).toBe(200);
  const { secret, qr_svg, otpauth_url } = json(setup);
  expect(qr_svg).toMatch(/^<svg/);
  expect(otpauth_url).toContain(`secret=${secret}`);
  const ok = await call('POST', '/core/totp/confirm/', access, { code: totpNow(secret) });
  expect(ok.statusCode).toBe(200);
  return { secret: secret as string, recovery: json(ok).recovery_codes as string[] };
}

async function addPasskey(access: string, key = new SoftAuthenticator(), name = 'Laptop') {
  const options = json(await call('POST', '/core/passkeys/options/', access));
  const res = await call('POST', '/core/passkeys/', access, { name, response: key.register(options, RP()) });
  expect(res.statusCode).toBe(201);
  return { key, res: json(res) };
}

describe('password change', () => {
  it('refuses a wrong current password with the field error and changes nothing', async () => {
    const u = await activeUser(t.app);
    const res = await call('POST', '/core/change-password/', u.access, { current_password: 'not-my-password', new_password: 'brand-new-pass', re_new_password: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ current_password: [M.wrongCurrentPassword] });
    await fullLogin(t.app, u.username, u.password, u.email);
  });

  it('checks the spec rules: length and matching confirmation', async () => {
    const u = await activeUser(t.app);
    const res = await call('POST', '/core/change-password/', u.access, { current_password: u.password, new_password: 'short', re_new_password: 'other' });
    expect(res.statusCode).toBe(400);
    expect(json(res).new_password).toEqual(['Password length must be at least 8.']);
    const mismatch = await call('POST', '/core/change-password/', u.access, { current_password: u.password, new_password: 'long-enough-1', re_new_password: 'long-enough-2' });
    expect(json(mismatch).re_new_password).toEqual(["Passwords don't match"]);
  });

  it('changes it, signs every other session out, keeps this one, mails a notice', async () => {
    const u = await activeUser(t.app);
    const other = await fullLogin(t.app, u.username, u.password, u.email);
    const res = await call('POST', '/core/change-password/', u.access, { current_password: u.password, new_password: 'brand-new-pass', re_new_password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/core/me/', other.access)).statusCode).toBe(401);
    expect((await call('GET', '/core/me/', u.access)).statusCode).toBe(200);
    expect((await lastMailTo(t.app, u.email)).subject).toBe('Your HostHub password was changed');
    const old = await call('POST', '/core/login/', undefined, { username: u.username, password: u.password });
    expect(old.statusCode).toBe(400);
    await fullLogin(t.app, u.username, 'brand-new-pass', u.email);
  });
});

describe('recent re-authentication and e-mail change', () => {
  it('answers 403 {detail} once the sign-in is older than 10 minutes; the password renews it', async () => {
    const u = await activeUser(t.app);
    t.clock.advance(RECENT_AUTH_MS + MIN);
    const stale = await call('POST', '/core/change-email/', u.access, { email: `new-${u.email}`, password: u.password });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: REAUTH_REQUIRED });

    const wrong = await call('POST', '/core/reauth/', u.access, { password: 'wrong-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [M.wrongPassword] });
    const ok = await call('POST', '/core/reauth/', u.access, { password: u.password });
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', '/core/change-email/', u.access, { email: `new-${u.email}`, password: u.password })).statusCode).toBe(200);
    // Without a token it is a 401, as requireUser.
    expect((await call('POST', '/core/change-email/', undefined, { email: 'x@example.com', password: 'whatever1' })).statusCode).toBe(401);
  });

  it('a signed-in account gets 20 wrong passwords an hour, from any address and over every route that asks for it; the right ones are free; a reset starts again', async () => {
    const u = await activeUser(t.app);
    const other = await activeUser(t.app);
    // Right ones cost nothing.
    for (let i = 0; i < 3; i++) expect((await call('POST', '/core/reauth/', u.access, { password: u.password })).statusCode).toBe(200);
    const wrongs = [
      ['/core/reauth/', { password: 'wrong-password' }, 'password', M.wrongPassword],
      ['/core/change-password/', { current_password: 'wrong-password', new_password: 'a-new-pass-2024', re_new_password: 'a-new-pass-2024' }, 'current_password', M.wrongCurrentPassword],
      ['/core/change-email/', { email: `new-${u.email}`, password: 'wrong-password' }, 'password', M.wrongPassword],
    ] as const;
    for (let i = 0; i < ACCOUNT_PASSWORD_TRIES_PER_HOUR; i++) {
      const [url, body, field, message] = wrongs[i % wrongs.length]!;
      expect([i, (await call('POST', url, u.access, body)).json()]).toEqual([i, { [field]: [message] }]);
    }
    for (const [url, body, field] of [
      ['/core/reauth/', { password: u.password }, 'password'],
      ['/core/change-email/', { email: `new-${u.email}`, password: u.password }, 'password'],
    ] as const) {
      const locked = await call('POST', url, u.access, body);
      expect([url, locked.statusCode, locked.json()]).toEqual([url, 400, { [field]: [TOO_MANY_WRONG_PASSWORDS] }]);
    }
    // On PostgreSQL the count is in the shared table, so every node refuses alike.
    if (t.databaseUrl) {
      const [owner] = await t.db.orm.select().from(users).where(eq(users.username, u.username));
      const [row] = rowsOf<{ points: number }>(await t.db.orm.execute(sql`SELECT points FROM rate_limits WHERE key = ${`wrong-password:${owner!.id}`}`));
      expect(row?.points).toBeGreaterThanOrEqual(ACCOUNT_PASSWORD_TRIES_PER_HOUR);
    }
    // Another account is not touched; signing in is not either (its second step is a mailed code).
    expect((await call('POST', '/core/reauth/', other.access, { password: other.password })).statusCode).toBe(200);
    expect((await call('POST', '/core/login/', undefined, { username: u.username, password: u.password })).statusCode).toBe(200);
    // A reset by mailed link starts the count again: the guesses were at a password that is gone.
    expect((await call('POST', '/core/request-password-reset/', undefined, { username: u.username })).statusCode).toBe(200);
    const [, uid, token] = /reset-password\/([^/\s]+)\/([^/\s]+)/.exec((await lastMailTo(t.app, u.email)).text)!;
    const fresh = 'after-the-reset-2024';
    expect((await call('POST', '/core/reset-password/', undefined, { uid, token, new_password: fresh, re_new_password: fresh })).statusCode).toBe(200);
    const again = await fullLogin(t.app, u.username, fresh, u.email);
    expect((await call('POST', '/core/reauth/', again.access, { password: fresh })).statusCode).toBe(200);
    if (t.databaseUrl) {
      const [owner] = await t.db.orm.select().from(users).where(eq(users.username, u.username));
      // (the re-authentication just now counted one try and gave it back)
      const rows = rowsOf<{ points: number }>(await t.db.orm.execute(sql`SELECT points FROM rate_limits WHERE key = ${`wrong-password:${owner!.id}`}`));
      expect(rows.map((r) => r.points)).toEqual([0]);
    }
  });

  it('adding a second factor needs it too: a stolen, older session cannot lock the owner out with its own app or key', async () => {
    const u = await activeUser(t.app);
    const setup = json(await call('POST', '/core/totp/setup/', u.access));
    t.clock.advance(RECENT_AUTH_MS + MIN);
    for (const [url, body] of [
      ['/core/totp/setup/', undefined],
      ['/core/totp/confirm/', { code: totpNow(setup.secret) }],
      ['/core/passkeys/', { name: 'Theirs', response: {} }],
    ] as const) {
      const stale = await call('POST', url, u.access, body);
      expect([url, stale.statusCode, stale.json()]).toEqual([url, 403, { detail: REAUTH_REQUIRED }]);
    }
    expect(json(await call('GET', '/core/security/', u.access)).data.totp.enabled).toBe(false);
    expect((await call('POST', '/core/reauth/', u.access, { password: u.password })).statusCode).toBe(200);
    await enableTotp(u.access);
  });

  it('mails a link to the new address and a notice to the old; changes only when the link is opened, once', async () => {
    const u = await activeUser(t.app);
    const next = `moved-${u.email}`;
    const wrongPw = await call('POST', '/core/change-email/', u.access, { email: next, password: 'wrong-password' });
    expect(wrongPw.json()).toEqual({ password: [M.wrongPassword] });
    const same = await call('POST', '/core/change-email/', u.access, { email: u.email.toUpperCase(), password: u.password });
    expect(same.json()).toEqual({ email: [M.sameEmail] });
    const taken = await activeUser(t.app);
    expect(json(await call('POST', '/core/change-email/', u.access, { email: taken.email, password: u.password }))).toEqual({ email: [M.emailTaken] });

    const res = await call('POST', '/core/change-email/', u.access, { email: next, password: u.password });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(M.emailLinkSent(next));
    const link = await lastMailTo(t.app, next);
    const token = codeIn(link.text, /\/auth\/confirm-email\/(\S+)/);
    expect((await lastMailTo(t.app, u.email)).subject).toBe('A change of your HostHub email address was requested');
    expect(json(await call('GET', '/core/me/', u.access)).data.email).toBe(u.email);

    const confirm = await call('POST', '/core/confirm-email/', undefined, { token });
    expect(confirm.statusCode).toBe(200);
    expect(json(await call('GET', '/core/me/', u.access)).data.email).toBe(next);
    const again = await call('POST', '/core/confirm-email/', undefined, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: M.badEmailLink });
  });

  it('a confirmed change retires the reset link mailed to the old address: whoever reads the old mailbox sets no password', async () => {
    const u = await activeUser(t.app);
    await call('POST', '/core/request-password-reset/', undefined, { username: u.username });
    const [, uid, reset] = /reset-password\/([^/\s]+)\/([^/\s]+)/.exec((await lastMailTo(t.app, u.email)).text)!;
    const next = `new-home-${u.email}`;
    expect((await call('POST', '/core/change-email/', u.access, { email: next, password: u.password })).statusCode).toBe(200);
    const token = codeIn((await lastMailTo(t.app, next)).text, /\/auth\/confirm-email\/(\S+)/);
    expect((await call('POST', '/core/confirm-email/', undefined, { token })).statusCode).toBe(200);
    const late = await call('POST', '/core/reset-password/', undefined, { uid, token: reset, new_password: 'old-mailbox-2024', re_new_password: 'old-mailbox-2024' });
    expect(late.statusCode).toBe(400);
    // The password is still the owner's.
    const [row] = await t.db.orm.select().from(users).where(eq(users.username, u.username));
    expect(await verifyPassword(row!.passwordHash, u.password)).toBe(true);
  });

  it('a new password, changed or reset, cancels a pending change: whoever asked for it with the old one gets no address', async () => {
    for (const how of ['change', 'reset'] as const) {
      const u = await activeUser(t.app);
      const intruder = `intruder-${how}-${u.email}`;
      expect((await call('POST', '/core/change-email/', u.access, { email: intruder, password: u.password })).statusCode).toBe(200);
      const token = codeIn((await lastMailTo(t.app, intruder)).text, /\/auth\/confirm-email\/(\S+)/);
      if (how === 'change') {
        const changed = await call('POST', '/core/change-password/', u.access, { current_password: u.password, new_password: 'owner-again-2024', re_new_password: 'owner-again-2024' });
        expect(changed.statusCode).toBe(200);
      } else {
        await call('POST', '/core/request-password-reset/', undefined, { username: u.username });
        const [, uid, reset] = /reset-password\/([^/\s]+)\/([^/\s]+)/.exec((await lastMailTo(t.app, u.email)).text)!;
        const done = await call('POST', '/core/reset-password/', undefined, { uid, token: reset, new_password: 'owner-again-2024', re_new_password: 'owner-again-2024' });
        expect(done.statusCode).toBe(200);
      }
      const late = await call('POST', '/core/confirm-email/', undefined, { token });
      expect([late.statusCode, late.json()]).toEqual([400, { detail: M.badEmailLink }]);
      const [row] = await t.db.orm.select().from(users).where(eq(users.username, u.username));
      expect(row!.email).toBe(u.email);
    }
  });

  it('a link is dead after 24 hours', async () => {
    const u = await activeUser(t.app);
    const next = `late-${u.email}`;
    await call('POST', '/core/change-email/', u.access, { email: next, password: u.password });
    const token = codeIn((await lastMailTo(t.app, next)).text, /\/auth\/confirm-email\/(\S+)/);
    t.clock.advance(EMAIL_CHANGE_TTL_MS + MIN);
    expect((await call('POST', '/core/confirm-email/', undefined, { token })).statusCode).toBe(400);
    const [row] = await t.db.orm.select().from(users).where(eq(users.username, u.username));
    expect(row!.email).toBe(u.email);
  });
});

describe('authenticator app (TOTP)', () => {
  it('sets up with a QR code, stores the secret encrypted, gives 10 recovery codes stored hashed', async () => {
    const u = await activeUser(t.app);
    const setup = json(await call('POST', '/core/totp/setup/', u.access));
    const wrong = await call('POST', '/core/totp/confirm/', u.access, { code: totpNow(setup.secret, 5 * MIN) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [M.badTotp] });
    const ok = await call('POST', '/core/totp/confirm/', u.access, { code: totpNow(setup.secret) });
    expect(ok.statusCode).toBe(200);
    const codes = json(ok).recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.db.orm.select().from(totpSecrets).where(eq(totpSecrets.userId, json(await call('GET', '/core/me/', u.access)).data.id));
    expect(row!.secretEnc).not.toContain(setup.secret);
    const stored = await t.db.orm.select().from(recoveryCodes).where(eq(recoveryCodes.userId, row!.userId));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes.some((c) => s.codeHash.includes(c.replace('-', '')))).toBe(false);
    const overview = json(await call('GET', '/core/security/', u.access)).data;
    expect(overview.totp.enabled).toBe(true);
    expect(overview.recovery_codes_left).toBe(10);
  });

  it('login asks for it instead of a mailed code; ±1 step with the moved clock; each code once', async () => {
    const u = await activeUser(t.app);
    const { secret } = await enableTotp(u.access);
    t.clock.advance(2 * MIN);
    const { attempt, methods } = await passwordStep(u);
    expect(methods).toEqual(['totp', 'recovery_code']);
    // A code from two steps ago is refused; one from the previous step is accepted.
    const tooOld = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret, -61_000) }, { login_attempt: attempt });
    expect(tooOld.json()).toEqual({ non_field_errors: [M.badTotp] });
    const prev = totpNow(secret, -30_000);
    const ok = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: prev }, { login_attempt: attempt });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).access).toEqual(expect.any(String));
    expect(json(ok).message).toBe('Logged in successfully.');
    // The same code at the next login is refused (used), and so is the code before it.
    const second = await passwordStep(u);
    const reuse = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: prev }, { login_attempt: second.attempt });
    expect(reuse.json()).toEqual({ non_field_errors: [M.badTotp] });
    t.clock.advance(30_000);
    const next = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret) }, { login_attempt: second.attempt });
    expect(next.statusCode).toBe(200);
  });

  it('turning it (or a passkey) on ends a login whose code was already mailed: that code would sign in without the factor', async () => {
    for (const factor of ['totp', 'passkey'] as const) {
      const u = await activeUser(t.app);
      const pending = await startLogin(t.app, u.username, u.password, u.email);
      if (factor === 'totp') await enableTotp(u.access);
      else await addPasskey(u.access);
      const late = await call('POST', '/core/submit-login-code/', undefined, { login_code: pending.code }, { login_attempt: pending.attempt });
      expect([late.statusCode, late.json()]).toEqual([400, { non_field_errors: [MESSAGES.deadLoginCode] }]);
    }
  });

  it('an account disabled between the password and the code gets no session', async () => {
    const u = await activeUser(t.app);
    const { secret } = await enableTotp(u.access);
    t.clock.advance(MIN);
    const { attempt } = await passwordStep(u);
    await t.db.orm.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.username, u.username));
    const res = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret) }, { login_attempt: attempt });
    expect([res.statusCode, res.json()]).toEqual([400, { non_field_errors: [MESSAGES.deadLoginCode] }]);
  });

  it('5 wrong codes end the attempt like a mailed code (even the right code then fails)', async () => {
    const u = await activeUser(t.app);
    const { secret } = await enableTotp(u.access);
    t.clock.advance(MIN);
    const { attempt } = await passwordStep(u);
    for (let i = 0; i < 4; i++) {
      const r = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: '000000' }, { login_attempt: attempt });
      expect(r.json()).toEqual({ non_field_errors: [M.badTotp] });
    }
    const fifth = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: '000000' }, { login_attempt: attempt });
    expect(fifth.json()).toEqual({ non_field_errors: [MESSAGES.deadLoginCode] });
    const right = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret) }, { login_attempt: attempt });
    expect(right.json()).toEqual({ non_field_errors: [MESSAGES.deadLoginCode] });
    expect(SECOND_FACTOR_MESSAGES.dead).toBe(MESSAGES.deadLoginCode);
    expect(SECOND_FACTOR_MESSAGES.accountLocked).toBe(MESSAGES.accountLocked);
    expect(SECOND_FACTOR_MESSAGES.noAttempt).toBe(MESSAGES.noLoginAttempt);
    const none = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret) });
    expect(none.json()).toEqual({ non_field_errors: [MESSAGES.noLoginAttempt] });
  });

  it(`an account gets ${ACCOUNT_CODE_TRIES_PER_HOUR} tries an hour over all its logins: a new login does not give 5 more without end`, async () => {
    const u = await activeUser(t.app);
    const { secret } = await enableTotp(u.access);
    t.clock.advance(MIN);
    const wrongTry = (attempt: string) => call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: '000000' }, { login_attempt: attempt });
    for (let login = 0; login < ACCOUNT_CODE_TRIES_PER_HOUR / 5; login++) {
      const { attempt } = await passwordStep(u);
      for (let i = 0; i < 5; i++) await wrongTry(attempt);
    }
    const { attempt } = await passwordStep(u);
    const right = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret) }, { login_attempt: attempt });
    expect([right.statusCode, right.json()]).toEqual([400, { non_field_errors: [SECOND_FACTOR_MESSAGES.accountLocked] }]);
    // An hour later the account may sign in again.
    t.clock.advance(61 * MIN);
    const later = await passwordStep(u);
    const ok = await call('POST', '/core/login/second-factor/', undefined, { method: 'totp', code: totpNow(secret) }, { login_attempt: later.attempt });
    expect(ok.statusCode).toBe(200);
  });

  it('an app set-up dropped before its first code was never on: no mail says it was turned off, and login stays mailed codes', async () => {
    const u = await activeUser(t.app);
    expect((await call('POST', '/core/totp/setup/', u.access)).statusCode).toBe(200);
    const before = (await mailsTo(t.app, u.email)).length;
    expect((await call('DELETE', '/core/totp/', u.access)).statusCode).toBe(204);
    expect((await mailsTo(t.app, u.email)).length).toBe(before);
    expect((await call('DELETE', '/core/totp/', u.access)).statusCode).toBe(404);
    await startLogin(t.app, u.username, u.password, u.email);
  });

  it('a recovery code is used up only with the session it opens: not by a sign-in refused for a disabled account', async () => {
    const u = await activeUser(t.app);
    const { recovery } = await enableTotp(u.access);
    const { attempt } = await passwordStep(u);
    await t.db.orm.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.username, u.username));
    const refused = await call('POST', '/core/login/second-factor/', undefined, { method: 'recovery_code', code: recovery[0]! }, { login_attempt: attempt });
    expect([refused.statusCode, refused.json()]).toEqual([400, { non_field_errors: [SECOND_FACTOR_MESSAGES.dead] }]);
    await t.db.orm.update(users).set({ disabledAt: null }).where(eq(users.username, u.username));
    const again = await passwordStep(u);
    const ok = await call('POST', '/core/login/second-factor/', undefined, { method: 'recovery_code', code: recovery[0]! }, { login_attempt: again.attempt });
    expect(ok.statusCode).toBe(200);
    expect(json(await call('GET', '/core/security/', json(ok).access)).data.recovery_codes_left).toBe(9);
  });

  it('an app sealed with another SECURITY_SECRET_KEY: its codes are refused as wrong, never a server error', async () => {
    const u = await activeUser(t.app);
    const { secret } = await enableTotp(u.access);
    const other = await appOn(t, { SECURITY_SECRET_KEY: 'another-key-another-key-another-key-1234' }, t.clock);
    try {
      const login = await other.inject({ method: 'POST', url: '/core/login/', payload: { username: u.username, password: u.password } });
      const attempt = login.cookies.find((c) => c.name === 'login_attempt')!.value;
      t.clock.advance(MIN);
      const res = await other.inject({ method: 'POST', url: '/core/login/second-factor/', payload: { method: 'totp', code: totpNow(secret) }, cookies: { login_attempt: attempt } });
      expect([res.statusCode, res.json()]).toEqual([400, { non_field_errors: [SECOND_FACTOR_MESSAGES.badTotp] }]);
    } finally {
      await other.close();
    }
  });

  it('a recovery code signs in once; turning the app off needs recent authentication and restores mailed codes', async () => {
    const u = await activeUser(t.app);
    const { recovery } = await enableTotp(u.access);
    const { attempt } = await passwordStep(u);
    const ok = await call('POST', '/core/login/second-factor/', undefined, { method: 'recovery_code', code: recovery[0]!.toUpperCase() }, { login_attempt: attempt });
    expect(ok.statusCode).toBe(200);
    const again = await passwordStep(u);
    const reuse = await call('POST', '/core/login/second-factor/', undefined, { method: 'recovery_code', code: recovery[0] }, { login_attempt: again.attempt });
    expect(reuse.json()).toEqual({ non_field_errors: [SECOND_FACTOR_MESSAGES.badRecovery] });
    expect(json(await call('GET', '/core/security/', u.access)).data.recovery_codes_left).toBe(9);

    t.clock.advance(RECENT_AUTH_MS + MIN);
    const stale = await call('DELETE', '/core/totp/', u.access);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ detail: REAUTH_REQUIRED });
    await call('POST', '/core/reauth/', u.access, { password: u.password });
    expect((await call('DELETE', '/core/totp/', u.access)).statusCode).toBe(204);
    expect(json(await call('GET', '/core/security/', u.access)).data.recovery_codes_left).toBe(0);
    await startLogin(t.app, u.username, u.password, u.email); // mailed code again
  });
});

describe('passkeys (WebAuthn with a software authenticator)', () => {
  it('registers with none attestation, then a login asks for it and accepts its assertion', async () => {
    const u = await activeUser(t.app);
    const { key, res } = await addPasskey(u.access);
    expect(res.data.name).toBe('Laptop');
    expect(res.recovery_codes).toHaveLength(10);
    const { attempt, methods } = await passwordStep(u);
    expect(methods).toEqual(['passkey', 'recovery_code']);
    const options = json(await call('POST', '/core/login/passkey-options/', undefined, {}, { login_attempt: attempt }));
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    const ok = await call('POST', '/core/login/passkey/', undefined, { response: key.assert(options, RP()) }, { login_attempt: attempt });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).access).toEqual(expect.any(String));
    const [row] = await t.db.orm.select().from(webauthnCredentials).where(eq(webauthnCredentials.credentialId, key.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses a wrong origin, a wrong RP ID, a replayed challenge and a challenge of another session', async () => {
    const u = await activeUser(t.app);
    const key = new SoftAuthenticator();
    const badOrigin = json(await call('POST', '/core/passkeys/options/', u.access));
    const r1 = await call('POST', '/core/passkeys/', u.access, { name: 'x', response: key.register(badOrigin, { ...RP(), origin: 'https://evil.example' }) });
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toEqual({ passkey: [M.badPasskey] });
    const badRp = json(await call('POST', '/core/passkeys/options/', u.access));
    const r2 = await call('POST', '/core/passkeys/', u.access, { name: 'x', response: key.register(badRp, { ...RP(), rpId: 'evil.example' }) });
    expect(r2.statusCode).toBe(400);

    // A challenge that is no challenge of ours (a NUL in it, which PostgreSQL's text cannot hold) is refused the same way.
    const nul = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: 'ab\u0000cd', origin: RP().origin })).toString('base64url');
    const r3 = await call('POST', '/core/passkeys/', u.access, { name: 'x', response: { id: 'abc', response: { clientDataJSON: nul, attestationObject: 'x' } } });
    expect([r3.statusCode, r3.json()]).toEqual([400, { passkey: [M.badPasskey] }]);
    const r4 = await call('POST', '/core/reauth/', u.access, { passkey: { id: 'abc', response: { clientDataJSON: nul } } });
    expect(r4.statusCode).toBe(400);

    // Another session of the same user cannot use this session's challenge.
    const other = await fullLogin(t.app, u.username, u.password, u.email);
    const opts = json(await call('POST', '/core/passkeys/options/', u.access));
    const answer = key.register(opts, RP());
    expect((await call('POST', '/core/passkeys/', other.access, { name: 'x', response: answer })).statusCode).toBe(400);
    // ...and since the challenge was not consumed by that, this session still can, once.
    expect((await call('POST', '/core/passkeys/', u.access, { name: 'Phone', response: answer })).statusCode).toBe(201);
    expect((await call('POST', '/core/passkeys/', u.access, { name: 'Phone', response: answer })).statusCode).toBe(400);

    // Login: a wrong origin is refused and counts as a try; a replay of a used assertion is refused.
    const { attempt } = await passwordStep(u);
    const o1 = json(await call('POST', '/core/login/passkey-options/', undefined, {}, { login_attempt: attempt }));
    const wrongOrigin = await call('POST', '/core/login/passkey/', undefined, { response: key.assert(o1, { ...RP(), origin: 'http://localhost:9999' }) }, { login_attempt: attempt });
    expect(wrongOrigin.json()).toEqual({ non_field_errors: [SECOND_FACTOR_MESSAGES.badPasskey] });
    // A try of the attempt, not a wrong code of the account's lock-out (a passkey is no guess).
    const [tried] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.attemptHash, sha256(attempt)));
    expect([tried!.attempts, tried!.wrongTries]).toEqual([1, 0]);
    const o2 = json(await call('POST', '/core/login/passkey-options/', undefined, {}, { login_attempt: attempt }));
    const good = key.assert(o2, RP());
    expect((await call('POST', '/core/login/passkey/', undefined, { response: good }, { login_attempt: attempt })).statusCode).toBe(200);
    const again = await passwordStep(u);
    expect((await call('POST', '/core/login/passkey/', undefined, { response: good }, { login_attempt: again.attempt })).statusCode).toBe(400);
  });

  it('renames; removing needs recent authentication, by password or by passkey', async () => {
    const u = await activeUser(t.app);
    const { key, res } = await addPasskey(u.access);
    expect((await call('PATCH', `/core/passkeys/${res.data.id}`, u.access, { name: 'Work laptop' })).statusCode).toBe(200);
    expect(json(await call('GET', '/core/security/', u.access)).data.passkeys[0].name).toBe('Work laptop');
    t.clock.advance(RECENT_AUTH_MS + MIN);
    expect((await call('DELETE', `/core/passkeys/${res.data.id}`, u.access)).statusCode).toBe(403);
    const options = json(await call('POST', '/core/reauth/passkey-options/', u.access));
    expect((await call('POST', '/core/reauth/', u.access, { passkey: key.assert(options, RP()) })).statusCode).toBe(200);
    expect((await call('DELETE', `/core/passkeys/${res.data.id}`, u.access)).statusCode).toBe(204);
    const someoneElse = await activeUser(t.app);
    expect((await call('DELETE', `/core/passkeys/${res.data.id}`, someoneElse.access)).statusCode).toBe(404);
  });
});

describe('sessions', () => {
  it('lists sessions with device, IP and times; signs one out and every other out', async () => {
    const u = await activeUser(t.app);
    const b = await fullLogin(t.app, u.username, u.password, u.email);
    const c = await fullLogin(t.app, u.username, u.password, u.email);
    const list = json(await call('GET', '/core/sessions/', u.access)).data as { id: number; current: boolean; device: string; ip: string; signed_in: string }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toEqual(expect.objectContaining({ device: 'Test client', ip: '127.0.0.1', signed_in: expect.any(String), last_seen: expect.any(String) }));
    const bId = json(await call('GET', '/core/sessions/', b.access)).data.find((s: { current: boolean }) => s.current).id;
    expect((await call('DELETE', `/core/sessions/${bId}`, u.access)).statusCode).toBe(204);
    expect((await call('GET', '/core/me/', b.access)).statusCode).toBe(401);
    // Its refresh is refused too.
    expect((await call('POST', '/core/refresh', undefined, { refresh: b.refresh })).statusCode).toBe(401);
    const others = await call('POST', '/core/sessions/sign-out-others/', u.access);
    expect(json(others).signed_out).toBe(1);
    expect((await call('GET', '/core/me/', c.access)).statusCode).toBe(401);
    expect((await call('GET', '/core/me/', u.access)).statusCode).toBe(200);
  });

  it('a refresh keeps the sign-in time and the re-authentication time', async () => {
    const u = await activeUser(t.app);
    const before = json(await call('GET', '/core/sessions/', u.access)).data[0];
    t.clock.advance(RECENT_AUTH_MS + MIN);
    const next = json(await call('POST', '/core/refresh', undefined, { refresh: u.refresh }));
    const after = json(await call('GET', '/core/sessions/', next.access)).data[0];
    expect(after.signed_in).toBe(before.signed_in);
    expect((await call('POST', '/core/change-email/', next.access, { email: `r-${u.email}`, password: u.password })).statusCode).toBe(403);
  });

  it('mails a notice for a sign-in from a new device, not from a known one', async () => {
    const u = await activeUser(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/core/login/', payload: { username: u.username, password: u.password } });
    const code = codeIn((await lastMailTo(t.app, u.email)).text, /login code is: (\d+)/);
    const done = await t.app.inject({ method: 'POST', url: '/core/submit-login-code/', payload: { login_code: code }, cookies: { login_attempt: first.cookies.find((c) => c.name === 'login_attempt')!.value } });
    expect(done.statusCode).toBe(200);
    const notice = await lastMailTo(t.app, u.email);
    expect(notice.subject).toBe('New sign-in to your HostHub account');
    expect(notice.text).toContain('Device: Test client. IP address: 127.0.0.1.');
    const device = done.cookies.find((c) => c.name === 'device')!.value;
    const count = (await mailsTo(t.app, u.email)).length;
    // The same browser (its device cookie) again: no notice.
    const again = await t.app.inject({ method: 'POST', url: '/core/login/', payload: { username: u.username, password: u.password }, cookies: { device } });
    const code2 = codeIn((await lastMailTo(t.app, u.email)).text, /login code is: (\d+)/);
    await t.app.inject({ method: 'POST', url: '/core/submit-login-code/', payload: { login_code: code2 }, cookies: { device, login_attempt: again.cookies.find((c) => c.name === 'login_attempt')!.value } });
    const mails = await mailsTo(t.app, u.email);
    expect(mails.length).toBe(count + 1); // only the login code
    expect(mails[0]!.subject).toBe('Your HostHub login code');
  });
});

describe('data export and account deletion', () => {
  it('exports profile, domains, services, invoices, tickets and wallet entries as JSON', async () => {
    const u = await activeUser(t.app);
    await call('POST', '/ticket/', u.access, { title: 'Help', description: 'My site', priority: 'low' });
    const res = await call('GET', '/core/export/', u.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`hosthub-data-${u.username}.json`);
    const data = json(res);
    expect(data.profile).toEqual(expect.objectContaining({ username: u.username, email: u.email, city: 'Lagos' }));
    expect(JSON.stringify(data)).not.toMatch(/argon2|password/i);
    for (const k of ['domains', 'services', 'invoices', 'tickets', 'wallet_entries', 'payments']) expect(Array.isArray(data[k])).toBe(true);
  });

  it("exports wallet entries as the customer may read them: a staff adjustment or refund without the staff's reason", async () => {
    const u = await activeUser(t.app);
    const userId = json(await call('GET', '/core/me/', u.access)).data.id as number;
    const now = t.clock.now();
    await t.db.orm.insert(walletAccounts).values({ userId, currency: 'USD' });
    await t.db.orm.insert(walletEntries).values([
      { userId, currency: 'USD', amountMinor: 5000, kind: 'adjustment', description: staffEntryText.adjustment('credit', 'Goodwill after the outage'), createdAt: now },
      { userId, currency: 'USD', amountMinor: -1000, kind: 'adjustment', description: staffEntryText.adjustment('debit', 'Internal: suspected card fraud'), createdAt: now },
      { userId, currency: 'USD', amountMinor: 599, kind: 'refund', description: staffEntryText.refund('INV-000042', 'CN-INV-000042-1', 'Hosting: late: not delivered'), createdAt: now },
    ]);
    const entries = json(await call('GET', '/core/export/', u.access)).wallet_entries as Record<string, unknown>[];
    expect(entries.map((e) => [e.amount, e.kind, e.description])).toEqual([
      [50, 'adjustment', 'Credit by staff'],
      [-10, 'adjustment', 'Debit by staff'],
      [5.99, 'refund', 'Refund of INV-000042 (credit note CN-INV-000042-1)'],
    ]);
    expect(Object.keys(entries[0]!).sort()).toEqual(['amount', 'created_at', 'currency', 'description', 'id', 'invoice_id', 'kind']);
  });

  it('refuses while a domain is active or the wallet holds money, saying what to do', async () => {
    const u = await activeUser(t.app);
    const userId = json(await call('GET', '/core/me/', u.access)).data.id as number;
    const now = t.clock.now();
    await t.db.orm.insert(walletAccounts).values({ userId, currency: 'USD' });
    await t.db.orm.insert(walletEntries).values({ userId, currency: 'USD', amountMinor: 1250, kind: 'deposit', createdAt: now });
    const money = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(money.statusCode).toBe(409);
    expect(money.json()).toEqual({ detail: M.positiveBalance('12.50 USD') });
    await t.db.orm.insert(walletEntries).values({ userId, currency: 'USD', amountMinor: -1250, kind: 'payment', createdAt: now });
    const [tld] = await t.db.orm.select().from(tlds).limit(1);
    const day = now.toISOString().slice(0, 10);
    await t.db.orm.insert(customerDomains).values({ userId, domainname: 'kept-example.com', tldId: tld!.id, status: 'Active', paymentmethodname: 'wallet', registrationDate: day, nextduedate: day, createdAt: now } as never);
    const active = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(active.statusCode).toBe(409);
    expect(json(active).detail).toBe(M.activeServices('kept-example.com'));
  });

  it('refuses while a deposit is pending at the gateway: its later success credits the customer, not a deleted account', async () => {
    const u = await activeUser(t.app);
    const userId = json(await call('GET', '/core/me/', u.access)).data.id as number;
    const started = await call('POST', '/payment/deposit/initiate-payment/', u.access, { amount: 50, currency: 'USD' });
    expect(started.statusCode).toBe(200);
    const { authorization_url, reference } = json(started).data as { authorization_url: string; reference: string };
    const res = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: M.pendingPayment(`a wallet deposit of 50.00 USD, reference ${reference}`) });
    expect(json(res).detail).toContain('72 hours');
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, userId));
    expect(row).toEqual(expect.objectContaining({ username: u.username, deletedAt: null }));
    expect((await call('GET', '/core/me/', u.access)).statusCode).toBe(200);
    // The gateway confirms it (the sandbox's Approve sends the signed webhook): the money reaches the customer's own
    // wallet, and deletion is then refused for the balance.
    const approve = await t.app.inject({ method: 'POST', url: `${new URL(authorization_url).pathname}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approve.statusCode).toBe(303);
    expect(await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, userId))).toEqual([expect.objectContaining({ amountMinor: 5000, kind: 'deposit' })]);
    const money = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(money.statusCode).toBe(409);
    expect(money.json()).toEqual({ detail: M.positiveBalance('50.00 USD') });
  });

  it('allows deletion once the pending payment was declined or has expired', async () => {
    const u = await activeUser(t.app);
    const declined = json(await call('POST', '/payment/deposit/initiate-payment/', u.access, { amount: 20, currency: 'USD' })).data as { authorization_url: string };
    const expiring = json(await call('POST', '/payment/deposit/initiate-payment/', u.access, { amount: 30, currency: 'USD' })).data as { reference: string };
    await t.app.inject({ method: 'POST', url: `${new URL(declined.authorization_url).pathname}/decline`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const still = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(json(still).detail).toBe(M.pendingPayment(`a wallet deposit of 30.00 USD, reference ${expiring.reference}`));
    // The reconciliation gives up on a payment no gateway confirmed within 72 hours.
    t.clock.advance(PAYMENT_EXPIRY_MS + MIN);
    await reconcilePendingPayments(t.app, { now: t.clock.now() });
    const [p] = await t.db.orm.select().from(payments).where(eq(payments.reference, expiring.reference));
    expect(p!.status).toBe('failed');
    const again = await fullLogin(t.app, u.username, u.password, u.email); // 72 hours on: the first session is over
    const res = await call('POST', '/core/delete-account/', again.access, { password: u.password, username: u.username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.deleted });
    // The expired payment succeeds late at the gateway: recorded for a refund there, credited to no one.
    const late = await settle(t.app, p!.provider, { reference: expiring.reference, outcome: 'success', amountMinor: 3000, currency: 'USD' });
    expect(late).toBe('account deleted');
    expect(await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, p!.userId))).toEqual([]);
    const [after] = await t.db.orm.select().from(payments).where(eq(payments.reference, expiring.reference));
    expect(after).toMatchObject({ status: 'failed', failureReason: 'account deleted: refund it at the gateway' });
  });

  it('refuses while the gateway payment of an order is pending: its success would provision a deleted account', async () => {
    const u = await activeUser(t.app);
    const services = (await call('GET', '/hosting/services/')).json() as { id: number; hosting_plans: { id: number }[] }[];
    const planId = services.find((s) => s.id === 3)!.hosting_plans[0]!.id;
    const name = `pending-order-${Date.now().toString(36)}.com`;
    expect((await call('POST', '/api/cart/', u.access, { service_id: 1, product_id: 1, metadata: { domain_name: name } })).statusCode).toBeLessThan(300);
    expect((await call('POST', '/api/cart/', u.access, { service_id: 3, product_id: planId })).statusCode).toBeLessThan(300);
    const order = await call('POST', '/api/checkout/', u.access, { payment_kind: 'fiat_payment_gateway', currency: 'USD' });
    expect(order.statusCode).toBe(200);
    const { reference, invoicenum, total } = json(order).data as { reference: string; invoicenum: string; total: number };
    const res = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: M.pendingPayment(`${total.toFixed(2)} USD for invoice ${invoicenum}, reference ${reference}`) });
  });

  it.each(['admin', 'support', 'billing'] as const)('refuses an account with the %s role: staff accounts are disabled by an admin in the console', async (role) => {
    const u = await activeUser(t.app);
    const userId = json(await call('GET', '/core/me/', u.access)).data.id as number;
    await t.db.orm.update(users).set({ role, isStaff: true }).where(eq(users.id, userId));
    t.app.accounts.forgetSessions({ userId });
    const res = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: M.staffAccount(role) });
    expect(json(res).detail).toContain(`in the staff console, under Staff accounts. Ask ${role === 'admin' ? 'another admin' : 'an admin'} to disable`);
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, userId));
    expect(row).toEqual(expect.objectContaining({ username: u.username, role, isActive: true, deletedAt: null }));
    expect(await t.db.orm.select().from(authTokens).where(eq(authTokens.userId, userId))).not.toHaveLength(0);
    // The console still answers this staff member.
    expect((await call('GET', '/staff/overview/', u.access)).statusCode).toBe(200);
    // Still checked after the password and the typed username: a wrong one is that field's error, as for customers.
    expect(json(await call('POST', '/core/delete-account/', u.access, { password: 'wrong-password', username: u.username }))).toEqual({ password: [M.wrongPassword] });
  });

  it('checks password, username and recent authentication; then erases, keeps the ledger and frees the names', async () => {
    const u = await activeUser(t.app);
    const userId = json(await call('GET', '/core/me/', u.access)).data.id as number;
    await enableTotp(u.access);
    expect(json(await call('POST', '/core/delete-account/', u.access, { password: 'wrong-password', username: u.username }))).toEqual({ password: [M.wrongPassword] });
    expect(json(await call('POST', '/core/delete-account/', u.access, { password: u.password, username: 'someone' }))).toEqual({ username: [M.wrongUsername] });
    t.clock.advance(RECENT_AUTH_MS + MIN);
    expect((await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username })).statusCode).toBe(403);
    await call('POST', '/core/reauth/', u.access, { password: u.password });
    await t.db.orm.insert(walletAccounts).values({ userId, currency: 'USD' });
    await t.db.orm.insert(walletEntries).values({ userId, currency: 'USD', amountMinor: 500, kind: 'deposit', createdAt: t.clock.now() });
    await t.db.orm.insert(walletEntries).values({ userId, currency: 'USD', amountMinor: -500, kind: 'payment', createdAt: t.clock.now() });
    const res = await call('POST', '/core/delete-account/', u.access, { password: u.password, username: u.username });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: M.deleted });
    expect((await lastMailTo(t.app, u.email)).subject).toBe('Your HostHub account was deleted');
    expect((await call('GET', '/core/me/', u.access)).statusCode).toBe(401);
    expect(json(await call('POST', '/core/login/', undefined, { username: u.username, password: u.password }))).toEqual({ non_field_errors: [MESSAGES.badCredentials] });
    const [row] = await t.db.orm.select().from(users).where(eq(users.id, userId));
    expect(row).toEqual(expect.objectContaining({ username: `#deleted-${userId}`, email: `#deleted-${userId}`, firstName: '', address: '', phoneNumber: '', isActive: false }));
    expect(await t.db.orm.select().from(authTokens).where(eq(authTokens.userId, userId))).toHaveLength(0);
    expect(await t.db.orm.select().from(totpSecrets).where(eq(totpSecrets.userId, userId))).toHaveLength(0);
    expect(await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, userId))).toHaveLength(2); // ledger kept
    // The erased account is no one's to name: no activation code for '#deleted-<id>' (it was inactive, and a guessed
    // code brought it back, with its kept invoices), no reset link.
    for (const url of ['/core/resend-activation-code/', '/core/request-password-reset/']) {
      expect((await call('POST', url, undefined, { username: `#deleted-${userId}` })).statusCode).toBe(200);
    }
    expect(await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId))).toEqual([]);
    // The username and e-mail are free again.
    const again = await activeUser(t.app, { username: u.username, email: u.email });
    expect(again.username).toBe(u.username);
  });
});

describe('a new SECURITY_SECRET_KEY with the old one listed in SECURITY_SECRET_KEY_PREVIOUS', () => {
  const OLD = 'the-old-security-secret-key-0123456789';
  const NEW = 'the-new-security-secret-key-9876543210';

  it('apps and recovery codes made under the old key still sign in; at start the apps are sealed again with the new one', async () => {
    const r = await createTestApp({ SECURITY_SECRET_KEY: OLD });
    const apps: { close(): Promise<void> }[] = [];
    try {
      const u = await activeUser(r.app);
      const inject = (app: typeof r.app, url: string, payload: object, access?: string, cookies?: Record<string, string>) =>
        app.inject({ method: 'POST', url, payload, headers: access ? auth(access) : {}, ...(cookies ? { cookies } : {}) });
      const code = (secret: string, offsetMs = 0) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: r.clock.now().getTime() + offsetMs });
      const { secret } = json(await inject(r.app, '/core/totp/setup/', {}, u.access));
      const confirmed = await inject(r.app, '/core/totp/confirm/', { code: code(secret) }, u.access);
      const recovery = json(confirmed).recovery_codes as string[];
      const [{ id }] = await r.db.orm.select({ id: users.id }).from(users).where(eq(users.username, u.username)) as [{ id: number }];
      const sealedApp = async () => (await r.db.orm.select().from(totpSecrets).where(eq(totpSecrets.userId, id)))[0]!.secretEnc;
      const sealedOld = await sealedApp();
      /** Password, then the second factor, on `app`: the answer's status. */
      const signIn = async (app: typeof r.app, factor: { method: string; code: string }) => {
        const login = await inject(app, '/core/login/', { username: u.username, password: u.password });
        const attempt = login.cookies.find((c) => c.name === 'login_attempt')!.value;
        return (await inject(app, '/core/login/second-factor/', factor, undefined, { login_attempt: attempt })).statusCode;
      };

      // Rotated: the app's start seals the authenticator app again with the new key.
      const rotated = await appOn(r, { SECURITY_SECRET_KEY: NEW, SECURITY_SECRET_KEY_PREVIOUS: ` ${OLD} ` }, r.clock);
      apps.push(rotated);
      expect(await sealedApp()).not.toBe(sealedOld);
      r.clock.advance(MIN);
      expect(await signIn(rotated, { method: 'totp', code: code(secret) })).toBe(200);
      expect(await signIn(rotated, { method: 'recovery_code', code: recovery[0]! })).toBe(200);

      // The old key dropped: the app (sealed again) still signs in; a recovery code keyed with the old one no longer does.
      const dropped = await appOn(r, { SECURITY_SECRET_KEY: NEW }, r.clock);
      apps.push(dropped);
      r.clock.advance(MIN);
      expect(await signIn(dropped, { method: 'totp', code: code(secret) })).toBe(200);
      expect(await signIn(dropped, { method: 'recovery_code', code: recovery[1]! })).toBe(400);
    } finally {
      for (const app of apps) await app.close();
      await r.close();
    }
  });

  it('each listed key must be 32 characters or more; the current key is not listed twice', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', SECURITY_SECRET_KEY: NEW, SECURITY_SECRET_KEY_PREVIOUS: `${OLD},short` })).toThrow(/SECURITY_SECRET_KEY_PREVIOUS/);
    const config = loadConfig({ NODE_ENV: 'development', SECURITY_SECRET_KEY: NEW, SECURITY_SECRET_KEY_PREVIOUS: `${NEW}, ${OLD},` });
    expect(config.security.previousKeys).toEqual([OLD]);
    expect(loadConfig({ NODE_ENV: 'development' }).security.previousKeys).toEqual([]);
  });
});

describe('configuration', () => {
  it('production refuses to start without SECURITY_SECRET_KEY; a dev default elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECURITY_SECRET_KEY/);
    const rest = { PAYMENT_PROVIDER: 'sandbox', MAIL_FROM: 'HostHub <no-reply@hosthub.ng>' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...rest })).toThrow(/SECURITY_SECRET_KEY is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', ...rest, SECURITY_SECRET_KEY: 'k'.repeat(32) }).security.secretKey).toBe('k'.repeat(32));
    expect(loadConfig({ NODE_ENV: 'development' }).security.rpId).toBe('localhost');
  });
});
