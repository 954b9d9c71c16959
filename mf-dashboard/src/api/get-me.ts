import { api } from 'shared/api-client';
import { meSchema, type Me } from './schemas';

/** GET core/me/: the signed-in user. */
export async function getMe(): Promise<Me> {
  return (await api.get('core/me/').json(meSchema)).data;
}
