import * as v from 'valibot';
import { api } from 'shared/api-client';
import { slideSchema } from './schemas';

/** GET /manager/slide_images/: the home hero's slideshow. */
export const getSlides = (signal?: AbortSignal) => api.get('manager/slide_images/', { signal }).json(v.array(slideSchema));
