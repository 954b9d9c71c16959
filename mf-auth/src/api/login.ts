import { api } from 'shared/api-client';
import type { LoginInput } from 'shared/schemas';
import { loginResponseSchema } from './schemas';

/**
 * POST /core/login/: mails a login code and sets the login-attempt cookie (sent back by submit-login-code); for an
 * account with a passkey or an authenticator app, no code is mailed and `second_factor` lists what it can use.
 */
export const login = (input: LoginInput) => api.post('core/login/', { json: input }).json(loginResponseSchema);
