import * as v from 'valibot';
import { api } from 'shared/api-client';

const schema = v.array(v.object({ id: v.number(), privacy_policy: v.optional(v.nullable(v.string()), '') }));

/** GET /manager/privacy_policies/: the first record's HTML, or null when there is none. */
export async function getPrivacyPolicy(signal?: AbortSignal): Promise<string | null> {
  const list = await api.get('manager/privacy_policies/', { signal }).json(schema);
  return list[0]?.privacy_policy || null;
}
