import { api } from 'shared/api-client';
import { userDomainsSchema, type UserDomain } from './schemas';

/** GET domain/: the customer's domains. */
export function getUserDomains(): Promise<UserDomain[]> {
  return api.get('domain/').json(userDomainsSchema);
}
