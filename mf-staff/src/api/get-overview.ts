import { api } from 'shared/api-client';
import type { Overview } from './types';

/** GET staff/overview/ */
export const getOverview = () => api.get('staff/overview/').json<Overview>();
