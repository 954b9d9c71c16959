// Wrong passwords typed for a signed-in account (re-authentication, a password or e-mail change, account deletion, a
// transfer code's reveal): at most ACCOUNT_PASSWORD_TRIES_PER_HOUR an hour per account, from any number of addresses.
// The per-address route limits alone let a stolen session guess the password from many addresses, and a right guess
// is the recent proof that changes the e-mail address or deletes the account. Login is left to its own limits and its
// second step (a mailed code or a second factor), so no one can lock a customer out of signing in by guessing.
//
// Counted by rate-limiter-flexible, in the rate-limit table when several nodes share PostgreSQL (as the route limits,
// http/throttle.ts), in memory on the embedded database. Each try is counted before the password is checked and given
// back when it was right: guesses sent at once cannot pass the limit together, and typing it right costs nothing. A
// password reset by mailed link starts the count again.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { validationError } from '../http/errors';
import type { ThrottleBackend } from '../http/throttle';
import { ACCOUNT_PASSWORD_TRIES_PER_HOUR } from './policy';
import { verifyPassword } from './secrets';

export const TOO_MANY_WRONG_PASSWORDS = 'Too many wrong passwords for this account. Please try again in an hour.';

export class PasswordGuesses {
  private readonly limiter: RateLimiterAbstract;

  constructor(backend: ThrottleBackend, tries = ACCOUNT_PASSWORD_TRIES_PER_HOUR) {
    const common = { points: tries, duration: 3600, keyPrefix: 'wrong-password' };
    this.limiter =
      backend.kind === 'postgres'
        ? new RateLimiterPostgres({
            ...common,
            storeClient: backend.pool,
            storeType: 'pool',
            tableName: backend.tableName ?? 'rate_limits',
            tableCreated: true,
            insuranceLimiter: new RateLimiterMemory(common),
          })
        : new RateLimiterMemory(common);
  }

  /** Whether `password` is the account's (`passwordHash`): 'locked' without checking it once the account is over its limit. */
  private async check(userId: number, passwordHash: string, password: string): Promise<'right' | 'wrong' | 'locked'> {
    const key = String(userId);
    try {
      await this.limiter.consume(key, 1);
    } catch (err) {
      if (err instanceof RateLimiterRes) return 'locked';
      throw err;
    }
    if (!(await verifyPassword(passwordHash, password))) return 'wrong';
    await this.limiter.reward(key, 1);
    return 'right';
  }

  /**
   * Goes on only when `password` is the account's: otherwise a 400 at `field` with `wrong`, or, once the account is over
   * its limit, with TOO_MANY_WRONG_PASSWORDS (the right password included).
   */
  async confirm(user: { id: number; passwordHash: string }, password: string, field: string, wrong: string): Promise<void> {
    const tried = await this.check(user.id, user.passwordHash, password);
    if (tried !== 'right') throw validationError({ [field]: tried === 'locked' ? TOO_MANY_WRONG_PASSWORDS : wrong });
  }

  /**
   * Forgets the account's wrong passwords: after a reset by mailed link, whoever guessed (other addresses, a stolen
   * session now ended) was guessing a password that no longer exists, and the owner must not wait out their hour.
   */
  async forget(userId: number): Promise<void> {
    await this.limiter.delete(String(userId));
  }
}
