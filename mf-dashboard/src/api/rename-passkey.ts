import { api } from 'shared/api-client';
import { messageSchema } from './schemas';

/** PATCH core/passkeys/{id}. */
export const renamePasskey = (id: number, name: string) => api.patch(`core/passkeys/${id}`, { json: { name } }).json(messageSchema);
