import * as v from 'valibot';
import { api } from 'shared/api-client';
import { packageSchema } from './schemas';

/** GET /manager/packages/: hosting packages; a package's 1-based position is its /pricing?package= value. */
export const getPackages = (signal?: AbortSignal) => api.get('manager/packages/', { signal }).json(v.array(packageSchema));
