import { api } from 'shared/api-client';
import type { DeleteAccountInput } from 'shared/schemas';
import { messageSchema } from './schemas';

/** POST core/delete-account/ (recent authentication). */
export const deleteAccount = (input: DeleteAccountInput) => api.post('core/delete-account/', { json: input }).json(messageSchema);
