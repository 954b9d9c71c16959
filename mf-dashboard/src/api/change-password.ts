import { api } from 'shared/api-client';
import type { ChangePasswordInput } from 'shared/schemas';
import { messageSchema } from './schemas';

/** POST core/change-password/: revokes every other session and mails a notice. */
export const changePassword = (input: ChangePasswordInput) => api.post('core/change-password/', { json: input }).json(messageSchema);
