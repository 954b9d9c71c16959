import { api } from 'shared/api-client';
import { domainPath, lockAnswerSchema } from './domain-schemas';

/** PATCH domain/{domain}/lock/: the registrar lock on or off. */
export async function setDomainLock(domain: string, locked: boolean): Promise<boolean> {
  return (await api.patch(`${domainPath(domain)}lock/`, { json: { locked } }).json(lockAnswerSchema)).locked;
}
