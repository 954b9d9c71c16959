import { api } from 'shared/api-client';
import { sessionsSchema, type SessionRow } from './schemas';

/** GET core/sessions/: the signed-in sessions, the current one marked. */
export async function getSessions(): Promise<SessionRow[]> {
  return (await api.get('core/sessions/').json(sessionsSchema)).data;
}
