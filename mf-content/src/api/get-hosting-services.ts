import * as v from 'valibot';
import { api } from 'shared/api-client';
import { hostingServiceSchema } from './schemas';

/** GET /hosting/services/: hosting-type services with their plans. */
export const getHostingServices = (signal?: AbortSignal) =>
  api.get('hosting/services/', { signal }).json(v.array(hostingServiceSchema));
