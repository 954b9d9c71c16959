// OpenAPI description of /core/* (documentation only; validation is the shared valibot schemas).
import { bool, detail, fieldErrors, int, obj, str, throttled } from '../http/openapi';

const tags = ['accounts'];
const session = obj({ access: str('access token: send as "Authorization: Token <access>"'), refresh: str() });
const message = obj({ message: str() });
const token = [{ token: [] as string[] }];

export const accountDocs = {
  register: {
    tags,
    summary: 'Sign up; mails an 8-digit activation code',
    body: obj({
      first_name: str(), last_name: str(), address: str(), city: str(), state: str(),
      post_code: str('3 to 6 capital letters or digits'), phone_number: str('optional + then 10 to 15 digits'),
      username: str('3 to 15 characters'), email: str(), password: str('at least 8'), re_password: str(),
    }),
    response: {
      201: obj({ message: str(), data: obj({ username: str(), email: str() }) }),
      400: fieldErrors,
      429: throttled,
    },
  },
  activation: {
    tags,
    summary: 'Activate with the mailed code; returns a session',
    body: obj({ username: str(), activation_code: str('6 to 20 characters') }),
    response: { 200: obj({ message: str(), access: str(), refresh: str() }), 400: detail, 429: throttled },
  },
  resendActivation: {
    tags,
    summary: 'Mail a new activation code (same answer whether or not the user exists)',
    body: obj({ username: str() }),
    response: { 200: message, 400: fieldErrors, 429: throttled },
  },
  login: {
    tags,
    summary: 'Check username and password; mails a login code and sets the HttpOnly login_attempt cookie',
    body: obj({ username: str(), password: str() }),
    response: { 200: message, 400: fieldErrors, 429: throttled },
  },
  submitLoginCode: {
    tags,
    summary: 'Exchange the mailed login code (same browser: login_attempt cookie) for a session',
    body: obj({ login_code: str() }),
    response: { 200: obj({ access: str(), refresh: str(), message: str() }), 400: fieldErrors, 429: throttled },
  },
  refresh: {
    tags,
    summary: 'Rotate a session: send the access value (expired or not, within 14 days) or the refresh value. A value already rotated, sent again, also revokes the session that replaced it',
    body: obj({ refresh: str() }),
    response: { 200: session, 401: detail, 429: throttled },
  },
  logout: {
    tags,
    summary: 'Revoke the presented token',
    security: token,
    response: { 204: { type: 'null', description: 'revoked' }, 401: detail },
  },
  me: {
    tags,
    summary: 'The current user',
    security: token,
    response: {
      200: obj({
        data: obj(
          { id: int, username: str(), email: str(), first_name: str(), last_name: str(), is_staff: bool },
          ['id', 'username', 'email', 'first_name', 'last_name', 'is_staff'],
        ),
      }),
      401: detail,
    },
  },
  requestPasswordReset: {
    tags,
    summary: 'Mail a password reset link (same answer whether or not the user exists)',
    body: obj({ username: str() }),
    response: { 200: message, 400: fieldErrors, 429: throttled },
  },
  resetPassword: {
    tags,
    summary: 'Set a new password with the mailed uid and token (single use, 1 hour); ends every session',
    body: obj({ uid: str(), token: str(), new_password: str(), re_new_password: str() }),
    response: { 200: message, 400: fieldErrors, 429: throttled },
  },
};
