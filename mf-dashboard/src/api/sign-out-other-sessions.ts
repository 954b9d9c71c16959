import { api } from 'shared/api-client';
import { messageSchema } from './schemas';

/** POST core/sessions/sign-out-others/. */
export const signOutOtherSessions = () => api.post('core/sessions/sign-out-others/', { json: {} }).json(messageSchema);
