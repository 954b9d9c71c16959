// Security constants of issue 3.
export const ACCESS_TTL_MS = 60 * 60 * 1000; // access token: 1 hour
export const REFRESH_WINDOW_MS = 14 * 24 * 60 * 60 * 1000; // refresh accepted for 14 days after issue
/**
 * A replaced session value presented again this soon after its refresh is refused without more: another tab of the
 * same browser may not have seen the new value yet (storage reaches other tabs a moment later). Later, it ends the
 * session that replaced it (reuse detection).
 */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_CODE_DIGITS = 6;
export const ACTIVATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const ACTIVATION_CODE_DIGITS = 8;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A mailed code dies after this many wrong tries. */
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Wrong codes an account gets in an hour over all its logins, mailed login codes and second factors (TOTP, recovery
 * codes) together. Each login attempt allows MAX_CODE_ATTEMPTS, and a new login with the password opens another: without
 * this a password holder could try 6-digit codes without end (the per-address throttle is no brake from many addresses).
 */
export const ACCOUNT_CODE_TRIES_PER_HOUR = 20;

/**
 * Reset links, and activation codes (the sign-up's and those resent), mailed an hour per account, each kind, however
 * many addresses ask: the route limits count per address only, so anyone could fill a customer's mailbox.
 */
export const ACCOUNT_MAILS_PER_HOUR = 10;

/** Wrong passwords an hour per signed-in account, over every address (accounts/password-guesses.ts). */
export const ACCOUNT_PASSWORD_TRIES_PER_HOUR = 20;
export const LOGIN_ATTEMPT_COOKIE = 'login_attempt';
