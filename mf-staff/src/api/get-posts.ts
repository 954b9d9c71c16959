import { api } from 'shared/api-client';
import type { Post } from './types';

/** GET staff/content/posts/: every post, drafts included. */
export const getPosts = () => api.get('staff/content/posts/').json<Post[]>();
