import { api } from 'shared/api-client';
import { blogPostSchema } from './schemas';

/** GET /blog/blogposts/{slug or id} */
export const getBlogPost = (slug: string, signal?: AbortSignal) =>
  api.get(`blog/blogposts/${encodeURIComponent(slug)}`, { signal }).json(blogPostSchema);
