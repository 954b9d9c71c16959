import { api } from 'shared/api-client';
import { domainPath } from './domain-schemas';

/** DELETE domain/{domain}/records/{id}/. */
export async function deleteDnsRecord(domain: string, id: number): Promise<void> {
  await api.delete(`${domainPath(domain)}records/${id}/`);
}
