import { api } from 'shared/api-client';
import { domainDetailSchema, domainPath, type DomainDetail } from './domain-schemas';

/** GET domain/{domain}/: one of the customer's domains (404 for anyone else's). */
export function getDomain(domain: string): Promise<DomainDetail> {
  return api.get(domainPath(domain)).json(domainDetailSchema);
}
