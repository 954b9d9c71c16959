import * as v from 'valibot';
import { api } from 'shared/api-client';

const schema = v.array(v.object({ id: v.number(), terms_and_condition: v.optional(v.nullable(v.string()), '') }));

/** GET /manager/terms_conditions/: the first record's HTML, or null when there is none. */
export async function getTermsConditions(signal?: AbortSignal): Promise<string | null> {
  const list = await api.get('manager/terms_conditions/', { signal }).json(schema);
  return list[0]?.terms_and_condition || null;
}
