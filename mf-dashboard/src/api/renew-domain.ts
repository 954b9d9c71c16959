import { api } from 'shared/api-client';
import { domainPath, renewAnswerSchema, type RenewAnswer } from './domain-schemas';

/** POST domain/{domain}/renew/: issues (or answers the open) renewal invoice for N years. */
export function renewDomain(domain: string, years: number): Promise<RenewAnswer> {
  return api.post(`${domainPath(domain)}renew/`, { json: { years } }).json(renewAnswerSchema);
}
