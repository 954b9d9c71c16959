import { api } from 'shared/api-client';
import { packagesSchema, type Package } from './schemas';

/** GET manager/packages/. */
export function getPackages(): Promise<Package[]> {
  return api.get('manager/packages/').json(packagesSchema);
}
