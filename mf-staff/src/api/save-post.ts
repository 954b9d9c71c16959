import { api } from 'shared/api-client';

/** POST staff/content/posts/ (new) or PATCH staff/content/posts/{id}/ (edit, publish, unpublish). */
export const savePost = (id: number | null, body: { title?: string; content?: string; published?: boolean }) =>
  id === null ? api.post('staff/content/posts/', { json: body }).json() : api.patch(`staff/content/posts/${id}/`, { json: body }).json();
