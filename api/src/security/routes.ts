// Account security and settings (issue 17): password and e-mail change, re-authentication, two-factor set-up
// (authenticator app, passkeys, recovery codes), the sessions list, data export and account deletion.
// Routes that need a recent password or passkey use `preHandler: app.requireRecentAuth` (see recent-auth.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  ENDED_DOMAIN_STATUSES,
  ENDED_SERVICE_STATUSES,
  passkeyNameSchema,
  reauthPasswordSchema,
  totpCodeSchema,
} from 'shared/schemas';
import * as v from 'valibot';
import { isRowId, rowIdIn, type Executor } from '../db';
import { authTokens, oneTimeCodes, users, type User } from '../db/schema';
import {
  carts,
  customerDomains,
  invoiceItems,
  invoices,
  payments,
  ticketReplies,
  tickets,
  userServices,
  walletEntries,
} from '../db/schema-commerce';
import { emailChanges, knownDevices, recoveryCodes, totpSecrets, webauthnCredentials } from '../db/schema-security';
import { ApiError, detailError, notFound, parseBody, validationError } from '../http/errors';
import { MailDeliveryError } from '../mail/mailer';
import { PAYMENT_EXPIRY_MS } from '../payments/reconcile';
import {
  accountDeletedMail,
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  twoFactorChangedMail,
} from '../mail/templates';
import * as repo from '../accounts/repository';
import { hashPassword, randomToken, sha256 } from '../accounts/secrets';
import { toMajor } from '../money/money';
import { staffEntryText } from '../payments/wallet';
import { describeDevice } from './devices';
import { dropRecoveryCodesIfNoFactor, loginMethods, replaceRecoveryCodes, resealTotpSecrets, unusedRecoveryCodes } from './factors';
import { markAuthenticated, RECENT_AUTH_MS } from './recent-auth';
import { encryptSecret, openSecret } from './secrets';
import { secondFactorLoginRoutes } from './login';
import { newTotpSecret, otpauthUrl, totpStep } from './totp';
import { authenticationOptions, registrationOptions, sessionBinding, userCredentials, verifyAuthentication, verifyRegistration } from './webauthn';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export const SECURITY_MESSAGES = {
  passwordChanged: 'Password updated successfully. Every other session was signed out.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  wrongPassword: 'Your password is incorrect.',
  sameEmail: 'This is already your email address.',
  emailTaken: 'A user with that email already exists.',
  emailLinkSent: (to: string) => `We have sent a confirmation link to ${to}. Your email address changes when you open it.`,
  emailChanged: 'Your email address has been changed.',
  badEmailLink: 'This confirmation link is invalid, was already used or has expired. Please ask for a new one.',
  reauthenticated: 'Thank you, it is you.',
  noPasskey: 'This account has no passkey.',
  badPasskey: 'Your passkey could not be verified. Please try again.',
  totpAlreadyOn: 'An authenticator app is already set up. Turn it off first to set up another.',
  totpNotStarted: 'Start the authenticator app set-up first.',
  badTotp: 'Invalid authentication code.',
  totpOn: 'Authenticator app turned on.',
  totpOff: 'Authenticator app turned off.',
  passkeyAdded: 'Passkey added.',
  passkeyRemoved: 'Passkey removed.',
  passkeyRenamed: 'Passkey renamed.',
  noFactor: 'Set up a passkey or an authenticator app first.',
  sessionSignedOut: 'Session signed out.',
  othersSignedOut: 'Every other session was signed out.',
  wrongUsername: 'Type your username exactly as it is shown to confirm.',
  activeServices: (what: string) =>
    `Your account still has active paid services (${what}). Cancel them or let them expire, then delete the account.`,
  positiveBalance: (what: string) =>
    `Your wallet still holds ${what}. Spend it on an invoice or ask support for a refund, then delete the account.`,
  pendingPayment: (what: string) =>
    `A payment you started is still waiting for the payment gateway (${what}). Complete it on the payment page, or wait until it expires: a payment the gateway has not confirmed within ${PAYMENT_EXPIRY_MS / 3_600_000} hours of being started expires. Then delete the account.`,
  staffAccount: (role: string) =>
    `This is a staff account (${role}), and staff accounts cannot be deleted here: an admin disables them in the staff console, under Staff accounts. Ask ${role === 'admin' ? 'another' : 'an'} admin to disable this account.`,
  deleted: 'Your account has been deleted.',
  mailFailed: 'We could not send the mail right now. Please try again in a few minutes.',
} as const;
const M = SECURITY_MESSAGES;

const tokenSchema = v.object({ token: v.pipe(v.string('This field is required.'), v.trim(), v.nonEmpty('This field is required.')) });
const reauthSchema = v.union(
  [
    reauthPasswordSchema,
    v.object({ passkey: v.looseObject({ id: v.string(), response: v.looseObject({ clientDataJSON: v.string() }) }) }),
  ],
  'A password is required',
);
const passkeyAddSchema = v.object({
  name: v.optional(passkeyNameSchema.entries.name, 'Passkey'),
  response: v.looseObject({ id: v.string(), response: v.looseObject({ clientDataJSON: v.string(), attestationObject: v.string() }) }, 'A passkey response is required.'),
});

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const securityRoutes: FastifyPluginAsync = async (app) => {
  const { config, clock } = app;
  const product = config.productName;
  const keys = config.security;
  const strict = config.rateLimit.enabled ? { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs } : false;
  const doc = (summary: string) => ({ tags: ['account security'], summary, security: [{ token: [] }] });

  await app.register(secondFactorLoginRoutes);

  // After SECURITY_SECRET_KEY changed (the old one listed in SECURITY_SECRET_KEY_PREVIOUS): apps sealed again with it.
  app.addHook('onReady', async () => {
    const resealed = await resealTotpSecrets(app.db.orm, keys).catch((err: unknown) => {
      app.log.warn({ err }, 'could not seal the authenticator-app secrets again with SECURITY_SECRET_KEY');
      return 0;
    });
    if (resealed) app.log.info({ resealed }, 'authenticator-app secrets sealed with an earlier key were sealed again with SECURITY_SECRET_KEY');
  });

  /** The signed-in account's password typed again: a 400 at its field when wrong, or once too many were (password-guesses.ts). */
  const confirmPassword = (user: User, password: string, field = 'password', wrong: string = M.wrongPassword) =>
    app.passwordGuesses.confirm(user, password, field, wrong);

  const inTransaction = async <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => {
    try {
      return await app.db.orm.transaction((tx) => fn(tx as unknown as Executor));
    } catch (err) {
      if (err instanceof MailDeliveryError) throw detailError(503, M.mailFailed);
      throw err;
    }
  };
  const fullUser = async (request: FastifyRequest): Promise<User> => {
    const user = await repo.findUserById(app.db.orm, request.user!.id);
    if (!user) throw detailError(401, 'Invalid token.');
    return user;
  };

  // ---- Password ------------------------------------------------------------------------------------------------
  app.post('/core/change-password/', { preHandler: app.requireUser, config: { rateLimit: strict }, schema: doc('Change the password (revokes every other session)') }, async (request) => {
    const input = parseBody(changePasswordSchema, request.body);
    const user = await fullUser(request);
    await confirmPassword(user, input.current_password, 'current_password', M.wrongCurrentPassword);
    const passwordHash = await hashPassword(input.new_password);
    const sessionId = request.user!.sessionId;
    await inTransaction(async (tx) => {
      const now = clock.now();
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt), ne(authTokens.id, sessionId)));
      await tx.update(authTokens).set({ authenticatedAt: now }).where(eq(authTokens.id, sessionId));
      await repo.retireAfterNewPassword(tx, user.id, now);
      await app.mail.send(passwordChangedMail(product, user, now), tx);
    });
    app.accounts.forgetSessions({ userId: user.id });
    return { message: M.passwordChanged };
  });

  // ---- Re-authentication ---------------------------------------------------------------------------------------
  app.post('/core/reauth/', { preHandler: app.requireUser, config: { rateLimit: strict }, schema: doc('Confirm the password or a passkey (recent authentication, 10 minutes)') }, async (request) => {
    const input = parseBody(reauthSchema, request.body);
    const sessionId = request.user!.sessionId;
    if ('password' in input) {
      const user = await fullUser(request);
      await confirmPassword(user, input.password);
    } else {
      const cred = await verifyAuthentication(app, request.user!.id, sessionBinding(sessionId), 'reauth', input.passkey as unknown as AuthenticationResponseJSON);
      if (!cred) throw validationError({ passkey: M.badPasskey });
    }
    await markAuthenticated(app, sessionId);
    return { message: M.reauthenticated, recent_auth_until: new Date(clock.now().getTime() + RECENT_AUTH_MS).toISOString() };
  });

  app.post('/core/reauth/passkey-options/', { preHandler: app.requireUser, schema: doc('WebAuthn options to confirm it is you with a passkey') }, async (request) => {
    const creds = await userCredentials(app.db.orm, request.user!.id);
    if (creds.length === 0) throw detailError(400, M.noPasskey);
    return authenticationOptions(app, request.user!.id, sessionBinding(request.user!.sessionId), 'reauth');
  });

  // ---- E-mail change ---------------------------------------------------------------------------------------------
  app.post('/core/change-email/', { preHandler: app.requireRecentAuth, config: { rateLimit: strict }, schema: doc('Ask to change the e-mail address (a link goes to the new one)') }, async (request) => {
    const input = parseBody(changeEmailSchema, request.body);
    const user = await fullUser(request);
    await confirmPassword(user, input.password);
    if (input.email.toLowerCase() === user.email.toLowerCase()) throw validationError({ email: M.sameEmail });
    if (await emailInUse(app.db.orm, input.email)) throw validationError({ email: M.emailTaken });
    const token = randomToken();
    await inTransaction(async (tx) => {
      const now = clock.now();
      await tx.update(emailChanges).set({ usedAt: now }).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
      await tx.insert(emailChanges).values({
        userId: user.id,
        newEmail: input.email,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      });
      await app.mail.send(emailChangeConfirmMail(product, user, input.email, `${config.storefrontUrl}/auth/confirm-email/${token}`), tx);
      await app.mail.send(emailChangeNoticeMail(product, user, input.email), tx);
    });
    return { message: M.emailLinkSent(input.email) };
  });

  app.post('/core/confirm-email/', { config: { rateLimit: strict }, schema: { tags: ['account security'], summary: 'Open the e-mail change link: the address changes now' } }, async (request) => {
    const input = parseBody(tokenSchema, request.body);
    const result = await inTransaction(async (tx) => {
      const now = clock.now();
      const rows = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.tokenHash, sha256(input.token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
        .returning();
      const change = rows[0];
      if (!change) throw detailError(400, M.badEmailLink);
      const user = await repo.findUserById(tx, change.userId);
      if (!user || user.deletedAt) throw detailError(400, M.badEmailLink);
      if (await emailInUse(tx, change.newEmail)) throw validationError({ email: M.emailTaken });
      try {
        await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, user.id));
      } catch (err) {
        if (repo.uniqueViolation(err)) throw validationError({ email: M.emailTaken });
        throw err;
      }
      // Links and codes mailed to the old address die with it: a reset link read there would otherwise set the
      // password of an account that has just moved away from that mailbox (OWASP Forgot Password Cheat Sheet).
      for (const purpose of ['password_reset', 'login'] as const) await repo.retireCodes(tx, user.id, purpose, now);
      await app.mail.send(emailChangedMail(product, user, change.newEmail), tx);
      return { userId: user.id, email: change.newEmail };
    });
    app.accounts.forgetSessions({ userId: result.userId });
    return { message: M.emailChanged, email: result.email };
  });

  // ---- Two-factor overview ------------------------------------------------------------------------------------
  app.get('/core/security/', { preHandler: app.requireUser, config: { rateLimit: false }, schema: doc('Second factors and recovery codes of the account') }, async (request) => {
    const userId = request.user!.id;
    const passkeys = await userCredentials(app.db.orm, userId);
    const [totp] = await app.db.orm.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
    const [token] = await app.db.orm.select({ at: authTokens.authenticatedAt }).from(authTokens).where(eq(authTokens.id, request.user!.sessionId));
    return {
      data: {
        totp: { enabled: Boolean(totp?.confirmedAt), enabled_at: iso(totp?.confirmedAt) },
        passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, created_at: iso(p.createdAt), last_used_at: iso(p.lastUsedAt) })),
        recovery_codes_left: await unusedRecoveryCodes(app.db.orm, userId),
        second_factor: (await loginMethods(app.db.orm, userId)).length > 0,
        recent_auth_until: token?.at ? new Date(token.at.getTime() + RECENT_AUTH_MS).toISOString() : null,
      },
    };
  });

  // ---- Authenticator app (TOTP) ---------------------------------------------------------------------------------
  app.post('/core/totp/setup/', { preHandler: app.requireRecentAuth, schema: doc('Start setting up an authenticator app: a new secret and its QR code (recent authentication)') }, async (request) => {
    const user = request.user!;
    const [existing] = await app.db.orm.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    if (existing?.confirmedAt) throw detailError(400, M.totpAlreadyOn);
    const secret = newTotpSecret();
    const now = clock.now();
    const secretEnc = encryptSecret(keys, secret);
    await app.db.orm
      .insert(totpSecrets)
      .values({ userId: user.id, secretEnc, createdAt: now, confirmedAt: null, lastStep: 0 })
      .onConflictDoUpdate({ target: totpSecrets.userId, set: { secretEnc, createdAt: now, confirmedAt: null, lastStep: 0 } });
    const url = otpauthUrl(secret, product, user.username);
    // Drawn here, as SVG: nothing about the secret leaves for a QR service.
    const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauth_url: url, qr_svg: qrSvg };
  });

  app.post('/core/totp/confirm/', { preHandler: app.requireRecentAuth, config: { rateLimit: strict }, schema: doc('Finish the authenticator app set-up with its first code (recent authentication)') }, async (request) => {
    const input = parseBody(totpCodeSchema, request.body);
    const user = await fullUser(request);
    const [pending] = await app.db.orm.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    if (!pending || pending.confirmedAt) throw detailError(400, pending ? M.totpAlreadyOn : M.totpNotStarted);
    const now = clock.now();
    const secret = openSecret(keys, pending.secretEnc)?.secret ?? null;
    const step = secret === null ? null : totpStep(secret, input.code, now);
    if (step === null) throw validationError({ code: M.badTotp });
    const codes = await inTransaction(async (tx) => {
      const done = await tx
        .update(totpSecrets)
        .set({ confirmedAt: now, lastStep: step })
        .where(and(eq(totpSecrets.userId, user.id), isNull(totpSecrets.confirmedAt)))
        .returning({ userId: totpSecrets.userId });
      if (done.length !== 1) throw detailError(400, M.totpAlreadyOn);
      // A mailed login code asked for before the second factor existed would sign in without it.
      await repo.retireCodes(tx, user.id, 'login', now);
      const fresh = (await unusedRecoveryCodes(tx, user.id)) === 0 ? await replaceRecoveryCodes(tx, keys, user.id, now) : [];
      await app.mail.send(twoFactorChangedMail(product, user, 'An authenticator app was turned on for your account', now), tx);
      return fresh;
    });
    return { message: M.totpOn, recovery_codes: codes };
  });

  app.delete('/core/totp/', { preHandler: app.requireRecentAuth, schema: doc('Turn the authenticator app off (recent authentication)') }, async (request, reply) => {
    const user = await fullUser(request);
    await inTransaction(async (tx) => {
      const gone = await tx
        .delete(totpSecrets)
        .where(eq(totpSecrets.userId, user.id))
        .returning({ userId: totpSecrets.userId, confirmedAt: totpSecrets.confirmedAt });
      if (gone.length === 0) throw notFound();
      // A set-up never finished was never on: it is dropped without a mail saying an app was turned off.
      if (!gone[0]!.confirmedAt) return;
      await dropRecoveryCodesIfNoFactor(tx, user.id);
      await app.mail.send(twoFactorChangedMail(product, user, 'The authenticator app was turned off for your account', clock.now()), tx);
    });
    reply.code(204);
    return reply.send();
  });

  app.post('/core/recovery-codes/', { preHandler: app.requireRecentAuth, schema: doc('Replace the recovery codes with 10 new ones (recent authentication)') }, async (request) => {
    const userId = request.user!.id;
    if ((await loginMethods(app.db.orm, userId)).length === 0) throw detailError(400, M.noFactor);
    const codes = await inTransaction((tx) => replaceRecoveryCodes(tx, keys, userId, clock.now()));
    return { recovery_codes: codes };
  });

  // ---- Passkeys --------------------------------------------------------------------------------------------------
  app.post('/core/passkeys/options/', { preHandler: app.requireUser, schema: doc('WebAuthn options to register a passkey') }, async (request) => {
    return registrationOptions(app, request.user!, request.user!.sessionId);
  });

  app.post('/core/passkeys/', { preHandler: app.requireRecentAuth, config: { rateLimit: strict }, schema: doc('Register a passkey (recent authentication)') }, async (request, reply) => {
    const input = parseBody(passkeyAddSchema, request.body);
    const user = await fullUser(request);
    const credential = await verifyRegistration(app, request.user!.sessionId, input.response as unknown as RegistrationResponseJSON);
    if (!credential) throw validationError({ passkey: M.badPasskey });
    const result = await inTransaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .insert(webauthnCredentials)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
          createdAt: now,
        })
        .returning();
      await repo.retireCodes(tx, user.id, 'login', now); // as when an authenticator app is turned on
      const codes = (await unusedRecoveryCodes(tx, user.id)) === 0 ? await replaceRecoveryCodes(tx, keys, user.id, now) : [];
      await app.mail.send(twoFactorChangedMail(product, user, `A passkey named '${input.name}' was added to your account`, now), tx);
      return { row: row!, codes };
    }).catch((err: unknown) => {
      if (repo.uniqueViolation(err)) throw validationError({ passkey: M.badPasskey });
      throw err;
    });
    reply.code(201);
    return {
      message: M.passkeyAdded,
      data: { id: result.row.id, name: result.row.name, created_at: iso(result.row.createdAt), last_used_at: null },
      recovery_codes: result.codes,
    };
  });

  app.patch('/core/passkeys/:id', { preHandler: app.requireUser, schema: doc('Rename a passkey') }, async (request) => {
    const input = parseBody(passkeyNameSchema, request.body);
    const id = rowIdIn((request.params as { id: string }).id);
    // Session ids are PostgreSQL integers: anything else names no session (and must not reach the database).
    const rows = isRowId(id)
      ? await app.db.orm
          .update(webauthnCredentials)
          .set({ name: input.name })
          .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, request.user!.id)))
          .returning({ id: webauthnCredentials.id })
      : [];
    if (rows.length === 0) throw notFound();
    return { message: M.passkeyRenamed };
  });

  app.delete('/core/passkeys/:id', { preHandler: app.requireRecentAuth, schema: doc('Remove a passkey (recent authentication)') }, async (request, reply) => {
    const id = rowIdIn((request.params as { id: string }).id);
    const user = await fullUser(request);
    await inTransaction(async (tx) => {
      const gone = isRowId(id)
        ? await tx
            .delete(webauthnCredentials)
            .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, user.id)))
            .returning({ name: webauthnCredentials.name })
        : [];
      if (gone.length === 0) throw notFound();
      await dropRecoveryCodesIfNoFactor(tx, user.id);
      await app.mail.send(twoFactorChangedMail(product, user, `The passkey named '${gone[0]!.name}' was removed from your account`, clock.now()), tx);
    });
    reply.code(204);
    return reply.send();
  });

  // ---- Sessions --------------------------------------------------------------------------------------------------
  app.get('/core/sessions/', { preHandler: app.requireUser, config: { rateLimit: false }, schema: doc('Signed-in sessions of the account') }, async (request) => {
    const now = clock.now();
    const rows = await app.db.orm
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, request.user!.id), isNull(authTokens.revokedAt), gt(authTokens.refreshUntil, now)))
      .orderBy(desc(authTokens.lastSeenAt), desc(authTokens.id));
    return {
      data: rows.map((r) => ({
        id: r.id,
        device: describeDevice(r.userAgent),
        ip: r.ip,
        signed_in: iso(r.signedInAt ?? r.createdAt),
        last_seen: iso(r.lastSeenAt ?? r.createdAt),
        current: r.id === request.user!.sessionId,
      })),
    };
  });

  app.delete('/core/sessions/:id', { preHandler: app.requireUser, schema: doc('Sign one session out') }, async (request, reply) => {
    const id = rowIdIn((request.params as { id: string }).id);
    // Session ids are PostgreSQL integers: anything else names no session (and must not reach the database).
    const rows = isRowId(id)
      ? await app.db.orm
          .update(authTokens)
          .set({ revokedAt: clock.now() })
          .where(and(eq(authTokens.id, id), eq(authTokens.userId, request.user!.id), isNull(authTokens.revokedAt)))
          .returning({ id: authTokens.id })
      : [];
    if (rows.length === 0) throw notFound();
    app.accounts.forgetSessions({ sessionId: id });
    reply.code(204);
    return reply.send();
  });

  app.post('/core/sessions/sign-out-others/', { preHandler: app.requireUser, schema: doc('Sign out every session but this one') }, async (request) => {
    const rows = await inTransaction(async (tx) => {
      await repo.lockUserForSessions(tx, request.user!.id, 'update');
      return tx
        .update(authTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(authTokens.userId, request.user!.id), isNull(authTokens.revokedAt), ne(authTokens.id, request.user!.sessionId)))
        .returning({ id: authTokens.id });
    });
    for (const r of rows) app.accounts.forgetSessions({ sessionId: r.id });
    return { message: M.othersSignedOut, signed_out: rows.length };
  });

  // ---- Data export -----------------------------------------------------------------------------------------------
  app.get('/core/export/', { preHandler: app.requireUser, schema: doc('Download my data (JSON)') }, async (request, reply) => {
    const user = await fullUser(request);
    const data = await exportData(app.db.orm, user, clock.now());
    reply.header('content-disposition', `attachment; filename="${product.toLowerCase()}-data-${user.username}.json"`);
    reply.header('cache-control', 'no-store');
    return data;
  });

  // ---- Account deletion ------------------------------------------------------------------------------------------
  app.post('/core/delete-account/', { preHandler: app.requireRecentAuth, config: { rateLimit: strict }, schema: doc('Delete the account (recent authentication)') }, async (request) => {
    const input = parseBody(deleteAccountSchema, request.body);
    const user = await fullUser(request);
    await confirmPassword(user, input.password);
    if (input.username !== user.username) throw validationError({ username: M.wrongUsername });
    await refuseStaff(app.db.orm, user.id);
    await refuseWhileActive(app.db.orm, user.id);
    const erasedHash = await hashPassword(randomToken());
    await inTransaction(async (tx) => {
      const now = clock.now();
      // Checked again inside the transaction: a checkout between the check and here must not slip through. The user
      // row is locked first, as the staff console locks it to change a role.
      await refuseStaff(tx, user.id, true);
      await refuseWhileActive(tx, user.id);
      await app.mail.send(accountDeletedMail(product, user), tx);
      await eraseAccount(tx, user.id, erasedHash, now);
    });
    app.accounts.forgetSessions({ userId: user.id });
    return { message: M.deleted };
  });
};

async function emailInUse(ex: Executor, email: string) {
  const rows = await ex.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows.length > 0;
}

const amount = (minor: number | string, currency: string) => `${(Number(minor) / 100).toFixed(2)} ${currency}`;

/**
 * 403 for an account with a staff role: the customers' deletion would take a staff member (perhaps the only admin)
 * out of the console. Staff accounts are disabled by an admin instead (staff/accounts.ts), never by themselves.
 */
async function refuseStaff(ex: Executor, userId: number, lock = false) {
  const query = ex.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (row && row.role !== 'customer') throw new ApiError(403, { detail: M.staffAccount(row.role) });
}

/**
 * 409 with what to do while the account has active paid services, a payment still pending at the gateway (settling
 * it after the deletion would credit or provision an account nobody can reach: payments/settle.ts) or money in the
 * wallet.
 */
async function refuseWhileActive(ex: Executor, userId: number) {
  const domains = await ex
    .select({ name: customerDomains.domainname })
    .from(customerDomains)
    .where(and(eq(customerDomains.userId, userId), notInArray(customerDomains.status, [...ENDED_DOMAIN_STATUSES, 'Expired'])));
  const services = await ex
    .select({ name: userServices.name, domain: userServices.domain })
    .from(userServices)
    .where(and(eq(userServices.userId, userId), notInArray(userServices.status, [...ENDED_SERVICE_STATUSES])));
  const active = [...domains.map((d) => d.name), ...services.map((s) => (s.domain ? `${s.name} for ${s.domain}` : s.name))];
  if (active.length > 0) throw new ApiError(409, { detail: M.activeServices(active.join(', ')) });
  const pending = await ex
    .select({ reference: payments.reference, purpose: payments.purpose, amountMinor: payments.amountMinor, currency: payments.currency, invoicenum: invoices.invoicenum })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    .orderBy(asc(payments.id));
  if (pending.length > 0) {
    const what = pending
      .map((p) => {
        const money = amount(p.amountMinor, p.currency);
        const forWhat = p.purpose === 'deposit' ? `a wallet deposit of ${money}` : `${money} for invoice ${p.invoicenum ?? ''}`.trimEnd();
        return `${forWhat}, reference ${p.reference}`;
      })
      .join('; ');
    throw new ApiError(409, { detail: M.pendingPayment(what) });
  }
  const balances = await ex
    .select({ currency: walletEntries.currency, total: sql<string>`sum(${walletEntries.amountMinor})` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .groupBy(walletEntries.currency);
  const positive = balances.filter((b) => Number(b.total) > 0);
  if (positive.length > 0) {
    const what = positive.map((b) => amount(b.total, b.currency)).join(' and ');
    throw new ApiError(409, { detail: M.positiveBalance(what) });
  }
}

/**
 * Erases or anonymises the account (README 'Account deletion'). Kept for the law: invoices and their lines, orders,
 * payments and wallet entries, and the (ended) domain and service records the invoices point to. The user row stays
 * as their anchor, with every personal field blanked and a username and e-mail no sign-up can produce, so the real
 * ones are free again.
 */
async function eraseAccount(tx: Executor, userId: number, erasedHash: string, now: Date) {
  await tx
    .update(users)
    .set({
      username: `#deleted-${userId}`,
      email: `#deleted-${userId}`,
      passwordHash: erasedHash,
      firstName: '',
      lastName: '',
      address: '',
      city: '',
      state: '',
      postCode: '',
      phoneNumber: '',
      isActive: false,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(authTokens).where(eq(authTokens.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
  await tx.delete(carts).where(eq(carts.userId, userId));
  const own = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, userId));
  if (own.length > 0) await tx.delete(tickets).where(inArray(tickets.id, own.map((t) => t.id)));
  await tx.delete(ticketReplies).where(eq(ticketReplies.userId, userId));
}

/** Everything the account holds, for 'Download my data'. */
export async function exportData(ex: Executor, user: User, now: Date) {
  const domains = await ex.select().from(customerDomains).where(eq(customerDomains.userId, user.id)).orderBy(asc(customerDomains.id));
  const services = await ex.select().from(userServices).where(eq(userServices.userId, user.id)).orderBy(asc(userServices.id));
  const invoiceRows = await ex.select().from(invoices).where(eq(invoices.userId, user.id)).orderBy(asc(invoices.id));
  const lines = invoiceRows.length
    ? await ex.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, invoiceRows.map((i) => i.id)))
    : [];
  const ticketRows = await ex.select().from(tickets).where(eq(tickets.userId, user.id)).orderBy(asc(tickets.id));
  const replies = ticketRows.length
    ? await ex
        .select()
        .from(ticketReplies)
        .where(or(inArray(ticketReplies.ticketId, ticketRows.map((t) => t.id)), eq(ticketReplies.userId, user.id)))
        .orderBy(asc(ticketReplies.id))
    : [];
  const wallet = await ex.select().from(walletEntries).where(eq(walletEntries.userId, user.id)).orderBy(asc(walletEntries.id));
  const paymentRows = await ex.select().from(payments).where(eq(payments.userId, user.id)).orderBy(asc(payments.id));
  const passkeys = await userCredentials(ex, user.id);
  const sessions = await ex.select().from(authTokens).where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt)));
  const { passwordHash: _secret, ...profile } = user;
  return {
    exported_at: now.toISOString(),
    profile: {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      first_name: profile.firstName,
      last_name: profile.lastName,
      phone_number: profile.phoneNumber,
      address: profile.address,
      city: profile.city,
      state: profile.state,
      post_code: profile.postCode,
      date_joined: iso(profile.dateJoined),
      last_login: iso(profile.lastLogin),
    },
    domains,
    services,
    invoices: invoiceRows.map((i) => ({ ...i, items: lines.filter((l) => l.invoiceId === i.id) })),
    payments: paymentRows,
    // As the customer may read them: a staff adjustment or refund without the staff's reason.
    wallet_entries: wallet.map((w) => ({
      id: w.id,
      currency: w.currency,
      amount: toMajor(w.amountMinor),
      kind: w.kind,
      invoice_id: w.invoiceId,
      description: staffEntryText.forCustomer(w.description),
      created_at: iso(w.createdAt),
    })),
    tickets: ticketRows.map((t) => ({ ...t, replies: replies.filter((r) => r.ticketId === t.id) })),
    security: {
      passkeys: passkeys.map((p) => ({ name: p.name, created_at: iso(p.createdAt), last_used_at: iso(p.lastUsedAt) })),
      sessions: sessions.map((s) => ({ device: describeDevice(s.userAgent), ip: s.ip, signed_in: iso(s.signedInAt), last_seen: iso(s.lastSeenAt) })),
    },
  };
}
