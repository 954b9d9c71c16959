import { api } from 'shared/api-client';
import { domainDetailSchema, domainPath, type DomainDetail } from './domain-schemas';

/** PATCH domain/{domain}/: Full Domain Protection on or off. */
export function updateDomain(domain: string, body: { protection: boolean }): Promise<DomainDetail> {
  return api.patch(domainPath(domain), { json: body }).json(domainDetailSchema);
}
