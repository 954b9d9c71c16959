import { api } from 'shared/api-client';
import { messageSchema } from './schemas';

export interface ResetPasswordPayload {
  uid: string;
  token: string;
  new_password: string;
  re_new_password: string;
}

/** POST /core/reset-password/: sets the new password for the mailed link's uid and token. */
export const resetPassword = (input: ResetPasswordPayload) =>
  api.post('core/reset-password/', { json: input }).json(messageSchema);
