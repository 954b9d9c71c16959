// Account security forms (issue 17): the browser and the API validate with these, once.
import * as v from 'valibot';
import { PASSWORD_MIN } from './auth';

const passwordLength = `Password length must be at least ${PASSWORD_MIN}.`;
const required = (message: string) => v.pipe(v.string(message), v.nonEmpty(message));

/** The API's 403 detail when an action needs a password or passkey proof from the last 10 minutes. */
export const REAUTH_REQUIRED = 'Please confirm it is you: this action needs your password or a passkey from the last 10 minutes.';
export const RECENT_AUTH_MINUTES = 10;

/** Password change on the Profile tab: the spec's password rules, and a confirmation that must match. */
export const changePasswordSchema = v.pipe(
  v.object({
    current_password: required('A password is required'),
    new_password: v.pipe(
      v.string(passwordLength),
      v.minLength(PASSWORD_MIN, passwordLength),
      v.maxLength(128, 'Password cannot be more than 128 characters.'),
    ),
    re_new_password: v.pipe(v.string(passwordLength), v.minLength(PASSWORD_MIN, passwordLength)),
  }),
  v.forward(
    v.partialCheck([['new_password'], ['re_new_password']], (i) => i.new_password === i.re_new_password, "Passwords don't match"),
    ['re_new_password'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

export const changeEmailSchema = v.object({
  email: v.pipe(
    v.string('This email is invalid.'),
    v.trim(),
    v.nonEmpty('This email is invalid.'),
    v.email('This email is invalid.'),
    v.maxLength(254, 'This email is invalid.'),
  ),
  password: required('A password is required'),
});
export type ChangeEmailInput = v.InferOutput<typeof changeEmailSchema>;

export const reauthPasswordSchema = v.object({ password: required('A password is required') });

export const deleteAccountSchema = v.object({
  password: required('A password is required'),
  username: v.pipe(v.string('Type your username to confirm.'), v.trim(), v.nonEmpty('Type your username to confirm.')),
});
export type DeleteAccountInput = v.InferOutput<typeof deleteAccountSchema>;

export const totpCodeSchema = v.object({
  code: v.pipe(v.string('A code is required'), v.trim(), v.nonEmpty('A code is required'), v.regex(/^\d{6}$/, 'Enter the 6 digits your app shows.')),
});

export const recoveryCodeSchema = v.object({
  code: v.pipe(v.string('A code is required'), v.trim(), v.nonEmpty('A code is required')),
});

export const passkeyNameSchema = v.object({
  name: v.pipe(v.string('A name is required'), v.trim(), v.nonEmpty('A name is required'), v.maxLength(60, 'A name can have at most 60 characters.')),
});
