// Login with a second factor (issue 17). After the right password, an account with a passkey or an authenticator
// app gets no mailed code: the login attempt (the same HttpOnly cookie the mailed code uses) waits for a passkey
// assertion, a TOTP code or a recovery code. Its tries are counted like a mailed code's: 5 wrong ones end it and the
// customer logs in again. Accounts with neither keep the mailed-code flow unchanged.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as v from 'valibot';
import type { Executor } from '../db';
import { oneTimeCodes, type User } from '../db/schema';
import { detailError, nonFieldError, parseBody } from '../http/errors';
import { MailDeliveryError } from '../mail/mailer';
import { LOGIN_ATTEMPT_COOKIE, LOGIN_CODE_TTL_MS, MAX_CODE_ATTEMPTS } from '../accounts/policy';
import * as repo from '../accounts/repository';
import { randomToken, sha256 } from '../accounts/secrets';
import { startUserSession } from '../accounts/session';
import { acceptTotp, loginMethods, spendRecoveryCode } from './factors';
import { attemptBinding, authenticationOptions, verifyAuthentication } from './webauthn';

export const SECOND_FACTOR_MESSAGES = {
  needed: 'Password accepted. Confirm the sign-in with your passkey, your authenticator app or a recovery code.',
  // The same words as the mailed-code flow (accounts/routes.ts MESSAGES.noLoginAttempt / deadLoginCode).
  noAttempt: 'No login in progress in this browser, or it has expired. Please log in again.',
  dead: 'This login code has expired or was tried too many times. Please log in again.',
  badTotp: 'Invalid authentication code.',
  badRecovery: 'Invalid recovery code.',
  badPasskey: 'Your passkey could not be verified. Please try again.',
  loggedIn: 'Logged in successfully.',
  mailFailed: 'We could not send the mail right now. Please try again in a few minutes.',
  // The same words as the mailed-code flow's (accounts/routes.ts MESSAGES.accountLocked).
  accountLocked: 'Too many wrong codes for this account. Please try again in an hour.',
} as const;


/**
 * Called by /core/login/ after the password: for an account with a second factor, opens the attempt and returns
 * the answer; undefined for an account without one (the mailed code follows).
 */
export async function startSecondFactor(app: FastifyInstance, user: User, reply: FastifyReply) {
  const methods = await loginMethods(app.db.orm, user.id);
  if (methods.length === 0) return undefined;
  const attemptSecret = randomToken();
  await app.db.orm.transaction(async (tx) => {
    const now = app.clock.now();
    await repo.retireCodes(tx as unknown as Executor, user.id, 'login', now);
    await repo.retireCodes(tx as unknown as Executor, user.id, 'second_factor', now);
    await repo.insertCode(tx as unknown as Executor, {
      userId: user.id,
      purpose: 'second_factor',
      // Nothing is mailed: the row only holds the attempt and its tries.
      codeHash: sha256(`second-factor:${randomToken()}`),
      attemptHash: sha256(attemptSecret),
      ttlMs: LOGIN_CODE_TTL_MS,
      now,
    });
  });
  reply.setCookie(LOGIN_ATTEMPT_COOKIE, attemptSecret, {
    path: '/core',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.apiBaseUrl.startsWith('https://'),
    maxAge: LOGIN_CODE_TTL_MS / 1000,
  });
  return { message: SECOND_FACTOR_MESSAGES.needed, second_factor: methods };
}

const factorSchema = v.object({
  method: v.picklist(['totp', 'recovery_code'], 'Choose totp or recovery_code.'),
  code: v.pipe(v.string('A code is required'), v.trim(), v.nonEmpty('A code is required'), v.maxLength(64, 'Invalid code.')),
});
const passkeySchema = v.object({
  response: v.looseObject({ id: v.string(), response: v.looseObject({ clientDataJSON: v.string() }) }, 'A passkey response is required.'),
});

export const secondFactorLoginRoutes: FastifyPluginAsync = async (app) => {
  const { config, clock } = app;
  const strict = config.rateLimit.enabled ? { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs } : false;
  const secureCookie = config.apiBaseUrl.startsWith('https://');
  const M = SECOND_FACTOR_MESSAGES;

  const attemptHashOf = (cookie: string | undefined) => {
    if (!cookie) throw nonFieldError(M.noAttempt);
    return sha256(cookie);
  };

  /** Spends one try of the attempt (before any comparison), as the mailed code does. */
  const claim = async (attemptHash: string) => {
    const row = await repo.claimCodeAttempt(app.db.orm, { purpose: 'second_factor', attemptHash }, clock.now());
    if (!row) throw nonFieldError(M.dead);
    return row;
  };
  const wrong = (row: { attempts: number }, message: string) => nonFieldError(row.attempts >= MAX_CODE_ATTEMPTS ? M.dead : message);

  /**
   * Ends the attempt with a session. `factor`, when given, checks the code inside the same transaction, after the
   * attempt is taken: a recovery code (or a TOTP step) is used up only with the session it opens, never by a request
   * that then finds the attempt finished by another one, or the account disabled meanwhile.
   */
  const finish = async (
    row: { id: number; userId: number; attempts: number },
    request: import('fastify').FastifyRequest,
    reply: FastifyReply,
    factor?: { check(tx: Executor): Promise<boolean>; wrong: string },
  ) => {
    try {
      const session = await app.db.orm.transaction(async (t) => {
        const tx = t as unknown as Executor;
        if (!(await repo.consumeCode(tx, row.id, clock.now()))) throw nonFieldError(M.dead);
        if (factor && !(await factor.check(tx))) throw wrong(row, factor.wrong);
        const user = await repo.findUserById(tx, row.userId);
        if (!user || !user.isActive || user.disabledAt) throw nonFieldError(M.dead); // disabled meanwhile: no session
        return startUserSession(app, tx, user, request, reply, 'second_factor');
      });
      reply.clearCookie(LOGIN_ATTEMPT_COOKIE, { path: '/core', httpOnly: true, sameSite: 'lax', secure: secureCookie });
      return { ...session, message: M.loggedIn };
    } catch (err) {
      if (err instanceof MailDeliveryError) throw detailError(503, M.mailFailed);
      throw err;
    }
  };

  app.post('/core/login/second-factor/', { config: { rateLimit: strict }, schema: { tags: ['accounts'], summary: 'Finish a login with a TOTP code or a recovery code' } }, async (request, reply) => {
    const input = parseBody(factorSchema, request.body);
    const row = await claim(attemptHashOf(request.cookies[LOGIN_ATTEMPT_COOKIE]));
    const now = clock.now();
    if (await repo.codesLockedOut(app.db.orm, row.userId, now)) throw nonFieldError(M.accountLocked);
    const keys = config.security;
    return finish(row, request, reply, {
      check: (tx) =>
        input.method === 'totp' ? acceptTotp(tx, keys, row.userId, input.code, now) : spendRecoveryCode(tx, keys, row.userId, input.code, now),
      wrong: input.method === 'totp' ? M.badTotp : M.badRecovery,
    });
  });

  app.post('/core/login/passkey-options/', { config: { rateLimit: strict }, schema: { tags: ['accounts'], summary: 'WebAuthn options for the passkey step of a login' } }, async (request) => {
    const attemptHash = attemptHashOf(request.cookies[LOGIN_ATTEMPT_COOKIE]);
    const now = clock.now();
    const rows = await app.db.orm
      .select({ userId: oneTimeCodes.userId })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, 'second_factor'),
          eq(oneTimeCodes.attemptHash, attemptHash),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.expiresAt, now),
          lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .limit(1);
    if (!rows[0]) throw nonFieldError(M.dead);
    return authenticationOptions(app, rows[0].userId, attemptBinding(attemptHash), 'login');
  });

  app.post('/core/login/passkey/', { config: { rateLimit: strict }, schema: { tags: ['accounts'], summary: 'Finish a login with a passkey' } }, async (request, reply) => {
    const input = parseBody(passkeySchema, request.body);
    const attemptHash = attemptHashOf(request.cookies[LOGIN_ATTEMPT_COOKIE]);
    const row = await claim(attemptHash);
    const cred = await verifyAuthentication(app, row.userId, attemptBinding(attemptHash), 'login', input.response as unknown as AuthenticationResponseJSON);
    if (!cred) {
      // A passkey cannot be guessed: the try is spent, but not counted with the wrong codes of the account's lock-out.
      await repo.notAGuess(app.db.orm, row.id);
      throw wrong(row, M.badPasskey);
    }
    return finish(row, request, reply);
  });
};
