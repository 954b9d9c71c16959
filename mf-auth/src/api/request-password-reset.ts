import { api } from 'shared/api-client';
import type { ForgotPasswordInput } from 'shared/schemas';
import { messageSchema } from './schemas';

/** POST /core/request-password-reset/: mails a link to /auth/reset-password/{uid}/{token}. */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api.post('core/request-password-reset/', { json: input }).json(messageSchema);
