import { api } from 'shared/api-client';
import type { ChangeEmailInput } from 'shared/schemas';
import { messageSchema } from './schemas';

/** POST core/change-email/ (recent authentication): mails a confirmation link to the new address. */
export const changeEmail = (input: ChangeEmailInput) => api.post('core/change-email/', { json: input }).json(messageSchema);
