import { api } from 'shared/api-client';

/**
 * POST staff/content/posts/ (new) or PATCH staff/content/posts/{id}/ (edit, publish, unpublish). `version`: the one
 * read with the post; a post saved by someone else since is then refused (409) instead of overwritten.
 */
export const savePost = (
  id: number | null,
  body: { title?: string; content?: string; published?: boolean; version?: string },
) =>
  id === null
    ? api.post('staff/content/posts/', { json: body }).json()
    : api.patch(`staff/content/posts/${id}/`, { json: body }).json();
