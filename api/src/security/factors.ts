// Second factors of a user: passkeys, the authenticator app (TOTP) and recovery codes.
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { recoveryCodes, totpSecrets, webauthnCredentials } from '../db/schema-security';
import { RECOVERY_CODE_COUNT, newRecoveryCode, openSecret, recoveryCodeHash } from './secrets';
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
export async function acceptTotp(ex: Executor, secretKey: string, userId: number, code: string, now: Date): Promise<boolean> {
  const row = await confirmedTotp(ex, userId);
  if (!row) return false;
  const secret = openSecret(secretKey, row.secretEnc);
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
export async function replaceRecoveryCodes(ex: Executor, secretKey: string, userId: number, now: Date): Promise<string[]> {
  await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ex.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(secretKey, c), createdAt: now })));
  return codes;
}

/** Uses up one recovery code; true when it was an unused code of this user. */
export async function spendRecoveryCode(ex: Executor, secretKey: string, userId: number, code: string, now: Date): Promise<boolean> {
  const rows = await ex
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(secretKey, code)),
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

