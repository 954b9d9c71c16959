import { api } from 'shared/api-client';
import type { SignupInput } from 'shared/schemas';
import { registerResponseSchema } from './schemas';

/** POST /core/register/: creates an inactive account and mails its activation code. */
export const register = (input: SignupInput) => api.post('core/register/', { json: input }).json(registerResponseSchema);
