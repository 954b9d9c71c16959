// Database access for accounts. Every function takes an executor: the database or the caller's transaction.
import { and, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { authTokens, oneTimeCodes, users, type CodePurpose, type User } from '../db/schema';
import { emailChanges } from '../db/schema-security';
import type { AuthUser } from '../types';
import { ACCESS_TTL_MS, ACCOUNT_CODE_TRIES_PER_HOUR, ACCOUNT_MAILS_PER_HOUR, ACTIVATION_CODE_TTL_MS, MAX_CODE_ATTEMPTS, REFRESH_REUSE_GRACE_MS, REFRESH_WINDOW_MS } from './policy';
import { randomToken, sha256 } from './secrets';

/** The account a visitor names (login, activation, a reset): an erased account is no longer anyone's to name. */
export async function findUserByUsername(ex: Executor, username: string): Promise<User | undefined> {
  const rows = await ex
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function findUserById(ex: Executor, id: number): Promise<User | undefined> {
  const rows = await ex.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * Deletes the sign-ups that hold `username` or `email` but were never activated within the activation code's day: a
 * sign-up with someone else's address would otherwise keep it from its owner for good (the activation mail names no
 * username, and resending or resetting needs one). Never an account that was ever signed in to, disabled or erased.
 */
export async function releaseStaleSignups(ex: Executor, username: string, email: string, now: Date) {
  await ex
    .delete(users)
    .where(
      and(
        eq(users.isActive, false),
        isNull(users.lastLogin),
        isNull(users.disabledAt),
        isNull(users.deletedAt),
        lt(users.dateJoined, new Date(now.getTime() - ACTIVATION_CODE_TTL_MS)),
        or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
      ),
    );
}

export async function takenFields(ex: Executor, username: string, email: string) {
  const rows = await ex
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`));
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export type NewUser = typeof users.$inferInsert;
export async function insertUser(ex: Executor, user: NewUser): Promise<User> {
  const rows = await ex.insert(users).values(user).returning();
  return rows[0]!;
}

/** Kills every unused code of `purpose` for the user (a new one replaces them). */
export async function retireCodes(ex: Executor, userId: number, purpose: CodePurpose, now: Date) {
  await ex
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
}

/**
 * A new password (changed or reset) ends what someone else may have started with the old one: pending login,
 * second-factor and reset codes, and a pending e-mail change (whose link would otherwise still hand the account's
 * address, and so its next password reset, to whoever asked for it).
 */
export async function retireAfterNewPassword(ex: Executor, userId: number, now: Date) {
  for (const purpose of ['login', 'second_factor', 'password_reset'] as const) await retireCodes(ex, userId, purpose, now);
  await ex.update(emailChanges).set({ usedAt: now }).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

export async function insertCode(
  ex: Executor,
  code: { userId: number; purpose: CodePurpose; codeHash: string; attemptHash?: string; ttlMs: number; now: Date },
) {
  await ex.insert(oneTimeCodes).values({
    userId: code.userId,
    purpose: code.purpose,
    codeHash: code.codeHash,
    attemptHash: code.attemptHash ?? null,
    createdAt: code.now,
    expiresAt: new Date(code.now.getTime() + code.ttlMs),
  });
}

/**
 * Spends one try on a live code, atomically, before the code is compared: parallel guesses cannot exceed the limit.
 * Returns the code row, or undefined when there is no live code (none, used, expired or out of tries).
 */
export async function claimCodeAttempt(
  ex: Executor,
  where: { purpose: CodePurpose; userId?: number; attemptHash?: string },
  now: Date,
) {
  const rows = await ex
    .update(oneTimeCodes)
    // Counted as wrong until it proves right (consumeCode takes it back): a check of the account's wrong tries made
    // after this claim sees every try in flight, so parallel guesses cannot all pass it.
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1`, wrongTries: sql`${oneTimeCodes.wrongTries} + 1` })
    .where(
      and(
        eq(oneTimeCodes.purpose, where.purpose),
        where.userId !== undefined ? eq(oneTimeCodes.userId, where.userId) : undefined,
        where.attemptHash !== undefined ? eq(oneTimeCodes.attemptHash, where.attemptHash) : undefined,
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning();
  return rows[0];
}

/**
 * Whether the account is past ACCOUNT_CODE_TRIES_PER_HOUR wrong codes of `purposes` in the last hour (login codes and
 * second factors share one count; activation codes, which a resend renews at will, have their own), asked after
 * claimCodeAttempt: the try being made counts until it proves right.
 */
export async function codesLockedOut(
  ex: Executor,
  userId: number,
  now: Date,
  purposes: CodePurpose[] = ['login', 'second_factor'],
): Promise<boolean> {
  const [row] = await ex
    .select({ n: sql<number>`coalesce(sum(${oneTimeCodes.wrongTries}), 0)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        inArray(oneTimeCodes.purpose, purposes),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  return (row?.n ?? 0) > ACCOUNT_CODE_TRIES_PER_HOUR;
}

/**
 * Whether the account was mailed ACCOUNT_MAILS_PER_HOUR codes of `purpose` in the last hour (a reset link, an activation
 * code resent: mails a stranger can ask for by naming the account). Takes the user's row first, so requests at once
 * are counted one after another; call it in the transaction that inserts the next code.
 */
export async function mailBudgetSpent(ex: Executor, userId: number, purpose: CodePurpose, now: Date): Promise<boolean> {
  await ex.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  return (row?.n ?? 0) >= ACCOUNT_MAILS_PER_HOUR;
}

/**
 * Takes back the wrong try claimCodeAttempt counted, the try itself staying spent: for a check that was no guess (a
 * passkey that did not verify), which must not count towards the account's lock-out of guessed codes.
 */
export async function notAGuess(ex: Executor, id: number): Promise<void> {
  await ex
    .update(oneTimeCodes)
    .set({ wrongTries: sql`greatest(${oneTimeCodes.wrongTries} - 1, 0)` })
    .where(eq(oneTimeCodes.id, id));
}

/** Marks a code used by its right answer (the try claimCodeAttempt counted as wrong is taken back); false when
 *  another request used it first. */
export async function consumeCode(ex: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await ex
    .update(oneTimeCodes)
    .set({ usedAt: now, wrongTries: sql`greatest(${oneTimeCodes.wrongTries} - 1, 0)` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

export async function findLiveCodeByHash(ex: Executor, purpose: CodePurpose, userId: number, codeHash: string, now: Date) {
  const rows = await ex
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.codeHash, codeHash),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

export interface Session {
  access: string;
  refresh: string;
}

/** What a session carries from its sign-in (and across refreshes): shown in the sessions list; the re-auth time. */
export interface SessionMeta {
  signedInAt?: Date | null;
  authenticatedAt?: Date | null;
  userAgent?: string;
  ip?: string;
  /** A refresh's new row: the family of the row it replaces. */
  familyId?: number;
}

export async function issueSession(ex: Executor, userId: number, now: Date, meta: SessionMeta = {}): Promise<Session & { id: number }> {
  const access = randomToken();
  const refresh = randomToken();
  const rows = await ex.insert(authTokens).values({
    userId,
    signedInAt: meta.signedInAt ?? now,
    lastSeenAt: now,
    authenticatedAt: meta.authenticatedAt ?? null,
    userAgent: (meta.userAgent ?? '').slice(0, 512),
    ip: meta.ip ?? '',
    accessHash: sha256(access),
    refreshHash: sha256(refresh),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCESS_TTL_MS),
    refreshUntil: new Date(now.getTime() + REFRESH_WINDOW_MS),
    familyId: meta.familyId ?? null,
  }).returning({ id: authTokens.id });
  return { access, refresh, id: rows[0]!.id };
}

const { passwordHash: _omit, ...publicUserColumns } = getTableColumns(users);
const authUserColumns = { ...publicUserColumns, sessionId: authTokens.id, accessExpiresAt: authTokens.expiresAt };

/** The user behind an unexpired, unrevoked access token of an active account. */
export async function userForAccessToken(
  ex: Executor,
  token: string,
  now: Date,
): Promise<(AuthUser & { accessExpiresAt: Date }) | undefined> {
  const rows = await ex
    .select(authUserColumns)
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.accessHash, sha256(token)),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
        eq(users.isActive, true),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * The lock that orders a refresh against a revocation of all (or all other) sessions of one account, on PostgreSQL where
 * they run at once: both take the user's row first. A refresh takes it shared ('share', two refreshes do not wait for each
 * other), a revocation exclusively ('update'; an UPDATE of the user's row, as a new password, takes it too). Without it,
 * a refresh committing its new session while a sign-out-everywhere ran kept that session alive: the revocation's UPDATE
 * did not see the row the refresh had not committed yet.
 */
export async function lockUserForSessions(ex: Executor, userId: number, mode: 'share' | 'update') {
  await ex.execute(sql`SELECT id FROM users WHERE id = ${userId} ${mode === 'share' ? sql`FOR SHARE` : sql`FOR NO KEY UPDATE`}`);
}

/** The account a session value (access or refresh, live or not) belongs to, or undefined. */
export async function userIdOfToken(ex: Executor, token: string): Promise<number | undefined> {
  const h = sha256(token);
  const [row] = await ex
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(or(eq(authTokens.accessHash, h), eq(authTokens.refreshHash, h)))
    .limit(1);
  return row?.userId;
}

/**
 * Revokes the session that `token` (its access value, expired or not, or its refresh value) belongs to, if that
 * session is still inside its refresh window. Atomic: of two concurrent calls with one token, one gets the row.
 */
export async function revokeSessionByToken(ex: Executor, token: string, now: Date) {
  const h = sha256(token);
  const rows = await ex
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(authTokens.accessHash, h), eq(authTokens.refreshHash, h)),
        isNull(authTokens.revokedAt),
        gt(authTokens.refreshUntil, now),
      ),
    )
    .returning({
      id: authTokens.id,
      userId: authTokens.userId,
      signedInAt: authTokens.signedInAt,
      authenticatedAt: authTokens.authenticatedAt,
      userAgent: authTokens.userAgent,
      familyId: sql<number>`coalesce(${authTokens.familyId}, ${authTokens.id})`,
    });
  return rows[0];
}

/**
 * A value of a session row that a refresh replaced, presented again (RFC 9700 section 4.14.2): two parties hold it,
 * and the server cannot tell the thief, so the family's live row is revoked as well. Not within the grace after the
 * refresh (REFRESH_REUSE_GRACE_MS: another tab of the same browser). Returns what was revoked: nothing for an unknown
 * value, one inside the grace, or a family with no live row left (signed out).
 */
export async function revokeFamilyOfReplacedToken(ex: Executor, token: string, now: Date) {
  const h = sha256(token);
  const [replaced] = await ex
    .select({ id: authTokens.id, familyId: authTokens.familyId })
    .from(authTokens)
    .where(
      and(
        or(eq(authTokens.accessHash, h), eq(authTokens.refreshHash, h)),
        lt(authTokens.revokedAt, new Date(now.getTime() - REFRESH_REUSE_GRACE_MS)),
      ),
    )
    .limit(1);
  if (!replaced) return [];
  const family = replaced.familyId ?? replaced.id;
  return ex
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(or(eq(authTokens.id, family), eq(authTokens.familyId, family)), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id, userId: authTokens.userId });
}

/** Revokes every live session of `userId`; call it in a transaction that has locked the user's row (lockUserForSessions). */
export async function revokeAllSessions(ex: Executor, userId: number, now: Date) {
  await ex
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export function toAuthUser(u: User, sessionId: number): AuthUser {
  const { passwordHash: _omit, ...rest } = u;
  return { ...rest, sessionId };
}

/** Postgres unique violation (same code on PGlite and PostgreSQL), looking through Drizzle's wrapper. */
export function uniqueViolation(err: unknown): { constraint?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: string; cause?: unknown };
    if (o.code === '23505') return { constraint: o.constraint };
    e = o.cause;
  }
  return undefined;
}

export async function touchSession(ex: Executor, sessionId: number, now: Date) {
  await ex.update(authTokens).set({ lastSeenAt: now }).where(eq(authTokens.id, sessionId));
}
