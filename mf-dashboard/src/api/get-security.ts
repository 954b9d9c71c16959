import { api } from 'shared/api-client';
import { securitySchema, type SecurityOverview } from './schemas';

/** GET core/security/: passkeys, authenticator app and recovery codes left. */
export async function getSecurity(): Promise<SecurityOverview> {
  return (await api.get('core/security/').json(securitySchema)).data;
}
