import { api } from 'shared/api-client';
import { userServicesSchema, type UserService } from './schemas';

/** GET api/user_services/: the customer's hosting services. */
export function getUserServices(): Promise<UserService[]> {
  return api.get('api/user_services/').json(userServicesSchema);
}
