import { api } from 'shared/api-client';
import { messageSchema } from './schemas';

/** POST /core/resend-activation-code/: mails a new activation code (same answer whether or not the user exists). */
export const resendActivationCode = (username: string) =>
  api.post('core/resend-activation-code/', { json: { username } }).json(messageSchema);
