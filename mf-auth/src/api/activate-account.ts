import { api } from 'shared/api-client';
import type { ActivationInput } from 'shared/schemas';
import { sessionResponseSchema } from './schemas';

/** POST /core/activation/: activates the account with the mailed code; answers a session and a message. */
export const activateAccount = (input: ActivationInput) =>
  api.post('core/activation/', { json: input }).json(sessionResponseSchema);
