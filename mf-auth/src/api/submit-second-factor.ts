import { api } from 'shared/api-client';
import { sessionResponseSchema } from './schemas';

/** POST /core/login/second-factor/: a TOTP code or a recovery code for the login attempt in this browser. */
export const submitSecondFactor = (input: { method: 'totp' | 'recovery_code'; code: string }) =>
  api.post('core/login/second-factor/', { json: input }).json(sessionResponseSchema);
