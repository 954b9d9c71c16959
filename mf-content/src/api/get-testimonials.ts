import * as v from 'valibot';
import { api } from 'shared/api-client';
import { testimonialSchema } from './schemas';

/** GET /manager/testimonials/ */
export const getTestimonials = (signal?: AbortSignal) =>
  api.get('manager/testimonials/', { signal }).json(v.array(testimonialSchema));
