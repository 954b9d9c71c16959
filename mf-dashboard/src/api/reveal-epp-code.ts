import { api } from 'shared/api-client';
import { domainPath, eppAnswerSchema } from './domain-schemas';

/** POST domain/{domain}/epp/ with the account password: the transfer code (the account holder gets a notice mail). */
export async function revealEppCode(domain: string, password: string): Promise<string> {
  return (await api.post(`${domainPath(domain)}epp/`, { json: { password } }).json(eppAnswerSchema)).epp_code;
}
