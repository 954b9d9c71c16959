import { api } from 'shared/api-client';

/** PUT staff/content/policies/{kind}/ with the version read (a policy saved by someone else since is a 409). */
export const savePolicy = (kind: string, body: string, version?: string) =>
  api.put(`staff/content/policies/${kind}/`, { json: { body, version } }).json();
