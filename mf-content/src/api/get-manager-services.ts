import * as v from 'valibot';
import { api } from 'shared/api-client';
import { managerServiceSchema } from './schemas';

/** GET /manager/services/: the items of the home page's services block. */
export const getManagerServices = (signal?: AbortSignal) =>
  api.get('manager/services/', { signal }).json(v.array(managerServiceSchema));
