import { api } from 'shared/api-client';

/** POST staff/content/faqs/ (new) or PATCH staff/content/faqs/{id}/ with the version read (a FAQ saved by someone else since is a 409). */
export const saveFaq = (id: number | null, body: { question: string; answer: string; version?: string }) =>
  id === null
    ? api.post('staff/content/faqs/', { json: body }).json()
    : api.patch(`staff/content/faqs/${id}/`, { json: body }).json();
