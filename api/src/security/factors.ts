// Second factors of a user: passkeys, the authenticator app (TOTP) and recovery codes.
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { recoveryCodes, totpSecrets, webauthnCredentials } from '../db/schema-security';
import { RECOVERY_CODE_COUNT, encryptSecret, newRecoveryCode, openSecret, recoveryCodeHash, recoveryCodeHashes, type SecretKeys } from './secrets';
import { totpStep } from './totp';

export type FactorMethod = 'passkey' | 'totp' | 'recovery_code';

/** The second factors a login can use: empty for an account with neither a passkey nor an authenticator app. */
export async function loginMethods(ex: Executor, userId: number): Promise<FactorMethod[]> {
  const [keys] = await ex.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  const [totp] = await ex
    .select({ n: count() })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)));
  const methods: FactorMethod[] = [];
  if ((keys?.n ?? 0) > 0) methods.push('passkey');
  if ((totp?.n ?? 0) > 0) methods.push('totp');
  if (methods.length > 0) methods.push('recovery_code');
  return methods;
}

export async function confirmedTotp(ex: Executor, userId: number) {
  const rows = await ex
    .select()
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)))
    .limit(1);
  return rows[0];
}

/**
 * Accepts a TOTP code once: valid at `now` (±1 step) and of a later step than any code accepted before (the update
 * is conditional, so two requests with one code cannot both pass). True when accepted.
 */
export async function acceptTotp(ex: Executor, keys: SecretKeys, userId: number, code: string, now: Date): Promise<boolean> {
  const row = await confirmedTotp(ex, userId);
  if (!row) return false;
  const secret = openSecret(keys, row.secretEnc)?.secret ?? null;
  const step = secret === null ? null : totpStep(secret, code, now);
  if (step === null || step <= row.lastStep) return false;
  const updated = await ex
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(and(eq(totpSecrets.userId, userId), sql`${totpSecrets.lastStep} < ${step}`))
    .returning({ userId: totpSecrets.userId });
  return updated.length === 1;
}

export async function unusedRecoveryCodes(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Replaces every recovery code of the user with 10 new ones; returns them (the only time they are seen). */
export async function replaceRecoveryCodes(ex: Executor, keys: SecretKeys, userId: number, now: Date): Promise<string[]> {
  await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ex.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(keys, c), createdAt: now })));
  return codes;
}

/** Uses up one recovery code; true when it was an unused code of this user. */
export async function spendRecoveryCode(ex: Executor, keys: SecretKeys, userId: number, code: string, now: Date): Promise<boolean> {
  const rows = await ex
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        inArray(recoveryCodes.codeHash, recoveryCodeHashes(keys, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** After a factor is removed: with none left, recovery codes go too (the account is back on mailed codes). */
export async function dropRecoveryCodesIfNoFactor(ex: Executor, userId: number) {
  const methods = await loginMethods(ex, userId);
  if (methods.length === 0) await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * Seals again with SECURITY_SECRET_KEY every authenticator-app secret sealed with an earlier key (listed in
 * SECURITY_SECRET_KEY_PREVIOUS): run at start while earlier keys are listed, so that one can then be dropped. A row
 * changed meanwhile is left for the next start (the update is conditional on the value read). Returns how many.
 */
export async function resealTotpSecrets(ex: Executor, keys: SecretKeys): Promise<number> {
  if (keys.previousKeys.length === 0) return 0;
  const rows = await ex.select({ userId: totpSecrets.userId, secretEnc: totpSecrets.secretEnc }).from(totpSecrets);
  let resealed = 0;
  for (const row of rows) {
    const opened = openSecret(keys, row.secretEnc);
    if (!opened?.stale) continue;
    const done = await ex
      .update(totpSecrets)
      .set({ secretEnc: encryptSecret(keys, opened.secret) })
      .where(and(eq(totpSecrets.userId, row.userId), eq(totpSecrets.secretEnc, row.secretEnc)))
      .returning({ userId: totpSecrets.userId });
    resealed += done.length;
  }
  return resealed;
}
