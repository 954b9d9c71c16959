import { api } from 'shared/api-client';
import { domainPath, nameserversAnswerSchema, type NameserversAnswer } from './domain-schemas';

/** PATCH domain/{domain}/nameservers/: the store's nameservers, or 2 to 4 custom ones. */
export function setNameservers(domain: string, body: { use_store_nameservers: boolean; nameservers: string[] }): Promise<NameserversAnswer> {
  return api.patch(`${domainPath(domain)}nameservers/`, { json: body }).json(nameserversAnswerSchema);
}
