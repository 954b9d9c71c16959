import { api } from 'shared/api-client';
import type { LoginInput } from 'shared/schemas';
import { messageSchema } from './schemas';

/** POST /core/login/: mails a login code and sets the login-attempt cookie (sent back by submit-login-code). */
export const login = (input: LoginInput) => api.post('core/login/', { json: input }).json(messageSchema);
