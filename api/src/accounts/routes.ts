// /core/*: sign-up with a mailed activation code, login with password plus a mailed login code, session refresh and
// logout, the current user, password reset by mailed link. Bodies are validated with the browser's own schemas.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  activationSchema,
  forgotPasswordSchema,
  loginCodeSchema,
  loginSchema,
  resendCodeSchema,
  resetPasswordSchema,
  signupSchema,
} from 'shared/schemas';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { textField } from '../commerce/fields';
import { users, type User } from '../db/schema';
import { detailError, invalidToken, nonFieldError, parseBody, validationError } from '../http/errors';
import { MailDeliveryError } from '../mail/mailer';
import { activationMail, loginCodeMail, passwordChangedMail, passwordResetMail } from '../mail/templates';
import type { LoginEvent } from '../types';
import { presentedToken } from './auth';
import { startUserSession } from './session';
import { startSecondFactor } from '../security/login';
import {
  ACTIVATION_CODE_DIGITS,
  ACTIVATION_CODE_TTL_MS,
  LOGIN_ATTEMPT_COOKIE,
  LOGIN_CODE_DIGITS,
  LOGIN_CODE_TTL_MS,
  MAX_CODE_ATTEMPTS,
  RESET_TOKEN_TTL_MS,
} from './policy';
import * as repo from './repository';
import {
  decodeUid,
  dummyPasswordHash,
  encodeUid,
  hashPassword,
  numericCode,
  randomToken,
  sameHash,
  sha256,
  verifyPassword,
} from './secrets';
import { accountDocs as docs } from './docs';
import { resetLinkRoutes } from './reset-link';

export const MESSAGES = {
  registered: 'Account created successfully',
  activated: 'Account activated successfully.',
  activationResent: 'If the account exists and is not active yet, a new activation code has been sent.',
  loginCodeSent: 'Login pin generated successfully.',
  loggedIn: 'Logged in successfully.',
  resetMailSent: 'Password reset email sent successfully.',
  resetDone: 'Password reset successful, you can now login.',
  badCredentials: 'Unable to log in with provided credentials.',
  disabled: 'This account has been disabled. Ask an administrator.',
  inactive: 'This account is not active yet. Enter the activation code we sent you by mail, or ask for a new one.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  badActivationCode: 'Invalid or expired activation code. Check the code in your mail, or ask for a new one.',
  noLoginAttempt: 'No login in progress in this browser, or it has expired. Please log in again.',
  badLoginCode: 'Invalid login code.',
  deadLoginCode: 'This login code has expired or was tried too many times. Please log in again.',
  accountLocked: 'Too many wrong codes for this account. Please try again in an hour.',
  badResetLink: 'This password reset link is invalid or has expired. Please ask for a new one.',
  mailFailed: 'We could not send the mail right now. Please try again in a few minutes.',
} as const;

// A number or a list is 'Not a valid string.', not 'required' (DRF's words).
const refreshSchema = v.object({ refresh: textField(1000, 'This field is required.') });

const activationHash = (userId: number, code: string) => sha256(`activation:${userId}:${code}`);
const loginCodeHash = (attemptSecret: string, code: string) => sha256(`login:${attemptSecret}:${code}`);

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { config, clock } = app;
  const product = config.productName;
  const strict = config.rateLimit.enabled ? { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs } : false;
  const secureCookie = config.apiBaseUrl.startsWith('https://');
  await app.register(resetLinkRoutes);

  /** Runs `fn` in one transaction; a mail that cannot be sent rolls it back and answers 503. */
  const inTransaction = async <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => {
    try {
      return await app.db.orm.transaction((tx) => fn(tx as unknown as Executor));
    } catch (err) {
      if (err instanceof MailDeliveryError) throw detailError(503, MESSAGES.mailFailed);
      throw err;
    }
  };

  const startSession = (tx: Executor, user: User, request: FastifyRequest, reply: FastifyReply, via: LoginEvent['via']) =>
    startUserSession(app, tx, user, request, reply, via);

  app.post('/core/register/', { schema: docs.register, config: { rateLimit: strict } }, async (request, reply) => {
    const input = parseBody(signupSchema, request.body);
    await repo.releaseStaleSignups(app.db.orm, input.username, input.email, clock.now());
    const taken = await repo.takenFields(app.db.orm, input.username, input.email);
    const conflict = () => {
      const fields: Record<string, string> = {};
      if (taken.username) fields.username = MESSAGES.usernameTaken;
      if (taken.email) fields.email = MESSAGES.emailTaken;
      return validationError(fields);
    };
    if (taken.username || taken.email) throw conflict();
    const passwordHash = await hashPassword(input.password);
    const code = numericCode(ACTIVATION_CODE_DIGITS);
    try {
      await inTransaction(async (tx) => {
        const now = clock.now();
        const user = await repo.insertUser(tx, {
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          address: input.address,
          city: input.city,
          state: input.state,
          postCode: input.post_code,
          phoneNumber: input.phone_number,
          isActive: false,
          dateJoined: now,
        });
        await repo.insertCode(tx, {
          userId: user.id,
          purpose: 'activation',
          codeHash: activationHash(user.id, code),
          ttlMs: ACTIVATION_CODE_TTL_MS,
          now,
        });
        await app.mail.send(activationMail(product, { ...user }, code, config.storefrontUrl), tx);
      });
    } catch (err) {
      const dup = repo.uniqueViolation(err);
      if (!dup) throw err;
      // Lost a race with a concurrent sign-up: answer as if the first check had seen it.
      taken.username = dup.constraint?.includes('username') ?? false;
      taken.email = dup.constraint?.includes('email') ?? !taken.username;
      throw conflict();
    }
    reply.code(201);
    return { message: MESSAGES.registered, data: { username: input.username, email: input.email } };
  });

  app.post('/core/activation/', { schema: docs.activation, config: { rateLimit: strict } }, async (request, reply) => {
    const input = parseBody(activationSchema, request.body);
    const user = await repo.findUserByUsername(app.db.orm, input.username);
    if (!user || user.isActive) throw detailError(400, MESSAGES.badActivationCode);
    // The try is spent (committed) before the comparison, so a wrong code counts even though the call fails.
    const code = await repo.claimCodeAttempt(app.db.orm, { purpose: 'activation', userId: user.id }, clock.now());
    // Five tries a code, and a resend gives a new code at will: the hour's wrong tries are capped per account too.
    if (code && (await repo.codesLockedOut(app.db.orm, user.id, clock.now(), ['activation']))) {
      throw detailError(400, MESSAGES.accountLocked);
    }
    if (!code || !sameHash(code.codeHash, activationHash(user.id, input.activation_code))) {
      throw detailError(400, MESSAGES.badActivationCode);
    }
    const session = await inTransaction(async (tx) => {
      if (!(await repo.consumeCode(tx, code.id, clock.now()))) throw detailError(400, MESSAGES.badActivationCode);
      await tx.update(users).set({ isActive: true }).where(eq(users.id, user.id));
      return startSession(tx, { ...user, isActive: true }, request, reply, 'activation');
    });
    return { message: MESSAGES.activated, ...session };
  });

  app.post('/core/resend-activation-code/', { schema: docs.resendActivation, config: { rateLimit: strict } }, async (request) => {
    const input = parseBody(resendCodeSchema, request.body);
    const user = await repo.findUserByUsername(app.db.orm, input.username);
    if (user && !user.isActive) {
      const code = numericCode(ACTIVATION_CODE_DIGITS);
      await inTransaction(async (tx) => {
        const now = clock.now();
        // Answered the same past the hour's budget (it never says whether a username exists), but nothing is mailed.
        if (await repo.mailBudgetSpent(tx, user.id, 'activation', now)) return;
        await repo.retireCodes(tx, user.id, 'activation', now);
        await repo.insertCode(tx, {
          userId: user.id,
          purpose: 'activation',
          codeHash: activationHash(user.id, code),
          ttlMs: ACTIVATION_CODE_TTL_MS,
          now,
        });
        await app.mail.send(activationMail(product, user, code, config.storefrontUrl), tx);
      });
    }
    return { message: MESSAGES.activationResent };
  });

  app.post('/core/login/', { schema: docs.login, config: { rateLimit: strict } }, async (request, reply) => {
    const input = parseBody(loginSchema, request.body);
    const user = await repo.findUserByUsername(app.db.orm, input.username);
    // Verify against a dummy hash for an unknown user: same answer, same time.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) throw nonFieldError(MESSAGES.badCredentials);
    if (!user.isActive) throw nonFieldError(MESSAGES.inactive);
    if (user.disabledAt) throw nonFieldError(MESSAGES.disabled);
    // Issue 17: an account with a passkey or an authenticator app is asked for that instead of a mailed code.
    const secondFactor = await startSecondFactor(app, user, reply);
    if (secondFactor) return secondFactor;
    const attemptSecret = randomToken();
    const code = numericCode(LOGIN_CODE_DIGITS);
    await inTransaction(async (tx) => {
      const now = clock.now();
      // One pending login code per user: a new login kills the previous one.
      await repo.retireCodes(tx, user.id, 'login', now);
      await repo.insertCode(tx, {
        userId: user.id,
        purpose: 'login',
        codeHash: loginCodeHash(attemptSecret, code),
        attemptHash: sha256(attemptSecret),
        ttlMs: LOGIN_CODE_TTL_MS,
        now,
      });
      await app.mail.send(loginCodeMail(product, user, code), tx);
    });
    reply.setCookie(LOGIN_ATTEMPT_COOKIE, attemptSecret, {
      path: '/core',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      maxAge: LOGIN_CODE_TTL_MS / 1000,
    });
    return { message: MESSAGES.loginCodeSent };
  });

  app.post('/core/submit-login-code/', { schema: docs.submitLoginCode, config: { rateLimit: strict } }, async (request, reply) => {
    const input = parseBody(loginCodeSchema, request.body);
    const attemptSecret = request.cookies[LOGIN_ATTEMPT_COOKIE];
    if (!attemptSecret) throw nonFieldError(MESSAGES.noLoginAttempt);
    const code = await repo.claimCodeAttempt(
      app.db.orm,
      { purpose: 'login', attemptHash: sha256(attemptSecret) },
      clock.now(),
    );
    if (!code) throw nonFieldError(MESSAGES.deadLoginCode);
    if (await repo.codesLockedOut(app.db.orm, code.userId, clock.now())) throw nonFieldError(MESSAGES.accountLocked);
    if (!sameHash(code.codeHash, loginCodeHash(attemptSecret, input.login_code))) {
      throw nonFieldError(code.attempts >= MAX_CODE_ATTEMPTS ? MESSAGES.deadLoginCode : MESSAGES.badLoginCode);
    }
    const session = await inTransaction(async (tx) => {
      if (!(await repo.consumeCode(tx, code.id, clock.now()))) throw nonFieldError(MESSAGES.deadLoginCode);
      const user = await repo.findUserById(tx, code.userId);
      if (!user || !user.isActive || user.disabledAt) throw nonFieldError(MESSAGES.deadLoginCode);
      return startSession(tx, user, request, reply, 'login_code');
    });
    reply.clearCookie(LOGIN_ATTEMPT_COOKIE, { path: '/core', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    return { ...session, message: MESSAGES.loggedIn };
  });

  app.post('/core/refresh', { schema: docs.refresh, config: { rateLimit: strict } }, async (request) => {
    const input = parseBody(refreshSchema, request.body);
    const revoked: number[] = [];
    try {
      const session = await inTransaction(async (tx) => {
        const owner = await repo.userIdOfToken(tx, input.refresh);
        if (owner !== undefined) await repo.lockUserForSessions(tx, owner, 'share');
        const now = clock.now();
        const old = await repo.revokeSessionByToken(tx, input.refresh, now);
        if (!old) {
          // Not a live session's value: perhaps one a refresh already replaced, presented again.
          const family = await repo.revokeFamilyOfReplacedToken(tx, input.refresh, now);
          if (family.length > 0) {
            revoked.push(...family.map((row) => row.id));
            request.log.warn({ userId: family[0]!.userId, sessions: revoked }, 'a replaced session value was presented again: its session is revoked');
          }
          return null;
        }
        revoked.push(old.id);
        const user = await repo.findUserById(tx, old.userId);
        if (!user || !user.isActive || user.disabledAt) throw invalidToken();
        // The new session keeps the old one's sign-in details, re-authentication time and family.
        const next = await repo.issueSession(tx, user.id, now, {
          signedInAt: old.signedInAt,
          authenticatedAt: old.authenticatedAt,
          userAgent: old.userAgent,
          ip: request.ip,
          familyId: old.familyId,
        });
        return { access: next.access, refresh: next.refresh };
      });
      if (!session) throw invalidToken();
      return session;
    } finally {
      for (const sessionId of revoked) app.accounts.forgetSessions({ sessionId });
    }
  });

  app.post('/core/logout/', { schema: docs.logout }, async (request, reply) => {
    const token = presentedToken(request);
    if (token === null) throw detailError(401, 'Authentication credentials were not provided.', { 'www-authenticate': 'Token' });
    // An expired access token may still log out (it could still be refreshed until its window ends).
    const revoked = await repo.revokeSessionByToken(app.db.orm, token, clock.now());
    if (!revoked) throw invalidToken();
    app.accounts.forgetSessions({ sessionId: revoked.id });
    reply.code(204);
    return reply.send();
  });

  app.get('/core/me/', { schema: docs.me, preHandler: app.requireUser, config: { rateLimit: false } }, async (request) => {
    const user = request.user!;
    return {
      data: {
        id: user.id,
        username: user.username,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        is_staff: user.isStaff,
        role: user.role,
        phone_number: user.phoneNumber,
        address: user.address,
        city: user.city,
        state: user.state,
        post_code: user.postCode,
        date_joined: user.dateJoined.toISOString(),
        last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
      },
    };
  });

  app.post('/core/request-password-reset/', { schema: docs.requestPasswordReset, config: { rateLimit: strict } }, async (request) => {
    const input = parseBody(forgotPasswordSchema, request.body);
    const user = await repo.findUserByUsername(app.db.orm, input.username);
    if (user) {
      const token = randomToken();
      const link = `${config.storefrontUrl}/auth/reset-password/${encodeUid(user.id)}/${token}`;
      await inTransaction(async (tx) => {
        const now = clock.now();
        if (await repo.mailBudgetSpent(tx, user.id, 'password_reset', now)) return;
        await repo.retireCodes(tx, user.id, 'password_reset', now);
        await repo.insertCode(tx, { userId: user.id, purpose: 'password_reset', codeHash: sha256(token), ttlMs: RESET_TOKEN_TTL_MS, now });
        // An account never activated has not proven its address: the mail says nothing its sign-up chose.
        await app.mail.send(passwordResetMail(product, { ...user, unverified: !user.isActive }, link), tx);
      });
    }
    return { message: MESSAGES.resetMailSent };
  });

  app.post('/core/reset-password/', { schema: docs.resetPassword, config: { rateLimit: strict } }, async (request) => {
    const input = parseBody(resetPasswordSchema, request.body);
    const userId = decodeUid(input.uid);
    const user = userId === undefined ? undefined : await repo.findUserById(app.db.orm, userId);
    const code = user && (await repo.findLiveCodeByHash(app.db.orm, 'password_reset', user.id, sha256(input.token), clock.now()));
    if (!user || !code) throw nonFieldError(MESSAGES.badResetLink);
    const passwordHash = await hashPassword(input.new_password);
    await inTransaction(async (tx) => {
      const now = clock.now();
      if (!(await repo.consumeCode(tx, code.id, now))) throw nonFieldError(MESSAGES.badResetLink);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // A new password ends every session, every pending code and a pending e-mail change.
      await repo.revokeAllSessions(tx, user.id, now);
      await repo.retireAfterNewPassword(tx, user.id, now);
      // The owner hears of it even when someone else reset it (their mailbox read by another).
      await app.mail.send(passwordChangedMail(product, user, now, 'reset'), tx);
    });
    app.accounts.forgetSessions({ userId: user.id });
    await app.passwordGuesses.forget(user.id);
    return { message: MESSAGES.resetDone };
  });
};
