// Security constants of issue 3.
export const ACCESS_TTL_MS = 60 * 60 * 1000; // access token: 1 hour
export const REFRESH_WINDOW_MS = 14 * 24 * 60 * 60 * 1000; // refresh accepted for 14 days after issue
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_CODE_DIGITS = 6;
export const ACTIVATION_CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const ACTIVATION_CODE_DIGITS = 8;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A mailed code dies after this many wrong tries. */
export const MAX_CODE_ATTEMPTS = 5;
export const LOGIN_ATTEMPT_COOKIE = 'login_attempt';
