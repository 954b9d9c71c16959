import { api } from 'shared/api-client';

/** PUT staff/content/policies/{kind}/ */
export const savePolicy = (kind: string, body: string) => api.put(`staff/content/policies/${kind}/`, { json: { body } }).json();
