import { api } from 'shared/api-client';
import { autoRenewSchema } from './schemas';

/** PUT domain/{id}/auto-renew/ or api/user_services/{id}/auto-renew/: turns auto-renew on or off. */
export async function setAutoRenew(what: 'domain' | 'service', id: string | number, on: boolean): Promise<boolean> {
  const path = what === 'domain' ? `domain/${id}/auto-renew/` : `api/user_services/${id}/auto-renew/`;
  const answer = await api.put(path, { json: { auto_renew: on } }).json(autoRenewSchema);
  return answer.auto_renew;
}
