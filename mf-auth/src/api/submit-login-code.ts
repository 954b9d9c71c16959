import { api } from 'shared/api-client';
import type { LoginCodeInput } from 'shared/schemas';
import { sessionResponseSchema } from './schemas';

/** POST /core/submit-login-code/: the mailed code of the login attempt in this browser; answers a session. */
export const submitLoginCode = (input: LoginCodeInput) =>
  api.post('core/submit-login-code/', { json: input }).json(sessionResponseSchema);
