// Authenticator apps: TOTP of RFC 6238 (SHA-1, 6 digits, 30 s) with otpauth. Time comes from the caller (app.clock).
import * as OTPAuth from 'otpauth';

export const TOTP_PERIOD_S = 30;
/** Codes one step before or after the current one are accepted (clock drift of the phone). */
export const TOTP_WINDOW = 1;

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

function totpFor(secretBase32: string, issuer: string, label: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export const otpauthUrl = (secretBase32: string, issuer: string, label: string) => totpFor(secretBase32, issuer, label).toString();

/**
 * The time step a code belongs to when it is valid at `now` (±TOTP_WINDOW), else null. The caller accepts it only
 * when the step is later than the last step used, so each code works once.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32, 'x', 'x').validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}
