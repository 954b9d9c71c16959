import { api } from 'shared/api-client';
import type { Catalogue } from './types';

/** GET staff/catalogue/ */
export const getCatalogue = () => api.get('staff/catalogue/').json<Catalogue>();
