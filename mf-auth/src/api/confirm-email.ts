import { api } from 'shared/api-client';
import { confirmEmailResponseSchema } from './schemas';

/** POST /core/confirm-email/: the token of the link mailed to the new address; the address changes now. */
export const confirmEmail = (token: string) => api.post('core/confirm-email/', { json: { token } }).json(confirmEmailResponseSchema);
