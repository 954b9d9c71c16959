import * as v from 'valibot';
import { api } from 'shared/api-client';
import { faqSchema } from './schemas';

/** GET /manager/faqs/ */
export const getFaqs = (signal?: AbortSignal) => api.get('manager/faqs/', { signal }).json(v.array(faqSchema));
