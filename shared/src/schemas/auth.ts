// Validation rules and messages of spec section 5, written once: the browser forms and the API both use them.
import * as v from 'valibot';

export const PASSWORD_MIN = 8;
const passwordLength = `Password length must be at least ${PASSWORD_MIN}.`;

const trimmedRequired = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** A required profile field with an upper bound (Django's: names 150, an address 255), so no 5,000-character name. */
const boundedRequired = (message: string, label: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `${label} cannot be more than ${max} characters`));

const password = v.pipe(
  v.string('A password is required'),
  v.nonEmpty('A password is required'),
  v.minLength(PASSWORD_MIN, passwordLength),
);

export const loginSchema = v.object({
  username: trimmedRequired('An username is required'),
  password,
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const loginCodeSchema = v.object({
  login_code: v.pipe(v.string('A code is required'), v.trim(), v.nonEmpty('A code is required')),
});
export type LoginCodeInput = v.InferOutput<typeof loginCodeSchema>;

export const signupSchema = v.pipe(
  v.object({
    first_name: boundedRequired('First Name is required', 'First Name', 150),
    last_name: boundedRequired('Last Name is required', 'Last Name', 150),
    address: boundedRequired('Address is required', 'Address', 255),
    city: boundedRequired('City is required', 'City', 100),
    state: boundedRequired('State is required', 'State', 100),
    post_code: v.pipe(
      v.string('Invalid postal code format'),
      v.trim(),
      v.regex(/^[A-Z0-9]{3,6}$/, 'Invalid postal code format'),
    ),
    phone_number: v.pipe(
      v.string('Invalid phone number format'),
      v.trim(),
      v.regex(/^\+?\d{10,15}$/, 'Invalid phone number format'),
    ),
    username: v.pipe(
      v.string('Username cannot be less than 3 characters'),
      v.trim(),
      v.minLength(3, 'Username cannot be less than 3 characters'),
      v.maxLength(15, 'Username cannot be more than 15 characters'),
      v.regex(/^[\w.@+-]+$/, 'Username may contain only letters, digits and @ . + - _'),
    ),
    email: v.pipe(
      v.string('This email is invalid.'),
      v.trim(),
      v.nonEmpty('This email is invalid.'),
      v.email('This email is invalid.'),
      v.maxLength(254, 'This email is invalid.'),
    ),
    password: v.pipe(v.string(passwordLength), v.minLength(PASSWORD_MIN, passwordLength), v.maxLength(128, 'Password cannot be more than 128 characters.')),
    re_password: v.pipe(v.string(passwordLength), v.minLength(PASSWORD_MIN, passwordLength)),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['re_password']],
      (input) => input.password === input.re_password,
      "Passwords don't match",
    ),
    ['re_password'],
  ),
);
export type SignupInput = v.InferOutput<typeof signupSchema>;

export const forgotPasswordSchema = v.object({
  username: trimmedRequired('A username is required'),
});
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

const activationCode = v.pipe(
  v.string('Activation code cannot be less than 6 characters'),
  v.trim(),
  v.minLength(6, 'Activation code cannot be less than 6 characters'),
  v.maxLength(20, 'Activation code cannot be more than 20 characters'),
);

/** The activation form has one field; the call adds the username kept from signup. */
export const activationFormSchema = v.object({ activation_code: activationCode });
export const activationSchema = v.object({
  username: trimmedRequired('An username is required'),
  activation_code: activationCode,
});
export type ActivationInput = v.InferOutput<typeof activationSchema>;

/** Reset form (spec: password required; re_password at least 8; no match check). */
export const resetPasswordFormSchema = v.object({
  password: v.pipe(v.string('A password is required'), v.nonEmpty('A password is required')),
  re_password: v.pipe(v.string(passwordLength), v.minLength(PASSWORD_MIN, passwordLength)),
});
/** The server is stricter than the form: it never stores a password shorter than the minimum, or a mismatched pair. */
export const resetPasswordSchema = v.pipe(
  v.object({
    uid: v.pipe(v.string('This field is required.'), v.nonEmpty('This field is required.')),
    token: v.pipe(v.string('This field is required.'), v.nonEmpty('This field is required.')),
    new_password: v.pipe(v.string('A password is required'), v.nonEmpty('A password is required'), v.minLength(PASSWORD_MIN, passwordLength), v.maxLength(128, 'Password cannot be more than 128 characters.')),
    re_new_password: v.pipe(v.string(passwordLength), v.minLength(PASSWORD_MIN, passwordLength)),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['re_new_password']],
      (input) => input.new_password === input.re_new_password,
      "Passwords don't match",
    ),
    ['re_new_password'],
  ),
);
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;

export const resendCodeSchema = v.object({ username: trimmedRequired('A username is required') });
