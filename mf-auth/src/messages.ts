// Texts of spec section 8 for the auth screens, word for word.
import { errorData, errorText, fieldErrorList, retryAfterSeconds } from 'shared/api-client';

export const SUCCESS = {
  loginCode: 'Login pin generated successfully.',
  loggedIn: 'Logged in successfully.',
  signedUp: 'Account created successfully',
  resetMailSent: 'Password reset email sent successfully.',
  passwordReset: 'Password reset successful, you can now login.',
} as const;

export const FALLBACK = 'Something went wrong';

/** A string, or a DRF list of strings joined; anything else is not text. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value.join(' ');
  return null;
}

/** A 429 answer: say when to try again (from Retry-After). */
function rateLimited(error: unknown): string | null {
  return retryAfterSeconds(error) === null ? null : errorText(error, FALLBACK);
}

/**
 * The detail of a login-type failure (spec 8): the `non_field_errors` value, or the list of field-error entries.
 * Bodies with only a `detail`, `error` or `message` show that text; no usable answer shows the fallback.
 */
export function failureDetail(error: unknown): string {
  const wait = rateLimited(error);
  if (wait) return wait;
  const data = errorData(error);
  const nonField = asText(data?.non_field_errors);
  if (nonField) return nonField;
  for (const key of ['detail', 'error', 'message'] as const) {
    const text = data?.[key];
    if (typeof text === 'string' && text) return text;
  }
  const list = fieldErrorList(data);
  return list.length > 0 ? list.join(', ') : errorText(error, FALLBACK);
}

/** Login and login-code failure: 'Signin Failed:' followed by the detail. */
export const signinFailure = (error: unknown) => `Signin Failed: ${failureDetail(error)}`;

/** Password reset request failure. */
export const passwordResetRequestFailure = (error: unknown) => `Password reset Failed: ${failureDetail(error)}`;

/** Reset (new password) failure: the spec reuses the sign-in prefix. */
export const resetPasswordFailure = (error: unknown) => `Signin Failed: ${failureDetail(error)}`;

/** Signup failure: the first value of the error response data, or its message field. */
export function signupFailure(error: unknown): string {
  const wait = rateLimited(error);
  if (wait) return wait;
  const data = errorData(error);
  const first = data ? asText(Object.values(data)[0]) : null;
  if (first) return first;
  return asText(data?.message) ?? errorText(error, FALLBACK);
}

/**
 * Activation failure: the first response value if it is text, else its `error`, else `data.message`, else the
 * nested `data.error`, else 'Something went wrong'.
 */
export function activationFailure(error: unknown): string {
  const wait = rateLimited(error);
  if (wait) return wait;
  const data = errorData(error);
  if (!data) return FALLBACK;
  const nested = data.data && typeof data.data === 'object' ? (data.data as Record<string, unknown>) : null;
  return asText(Object.values(data)[0]) ?? asText(data.error) ?? asText(nested?.message) ?? asText(nested?.error) ?? FALLBACK;
}
