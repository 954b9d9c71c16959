import * as v from 'valibot';
import { api } from 'shared/api-client';
import { blogPostSchema } from './schemas';

/** GET /blog/blogposts/: newest first. */
export const getBlogPosts = (signal?: AbortSignal) => api.get('blog/blogposts/', { signal }).json(v.array(blogPostSchema));
