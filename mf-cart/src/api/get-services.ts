import { api } from 'shared/api-client';
import { servicesSchema, type Service } from './schemas';

/** GET api/services/: every service with its hosting plans. */
export function getServices(): Promise<Service[]> {
  return api.get('api/services/').json(servicesSchema);
}
