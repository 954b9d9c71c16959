import * as v from 'valibot';
import { api } from 'shared/api-client';

const schema = v.array(v.object({ id: v.number(), return_and_exchange_policy: v.optional(v.nullable(v.string()), '') }));

/** GET /manager/return_and_exchange_policy/: the first record's HTML, or null when there is none. */
export async function getReturnPolicy(signal?: AbortSignal): Promise<string | null> {
  const list = await api.get('manager/return_and_exchange_policy/', { signal }).json(schema);
  return list[0]?.return_and_exchange_policy || null;
}
