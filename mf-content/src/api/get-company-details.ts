import * as v from 'valibot';
import { api } from 'shared/api-client';
import { companySchema, type Company } from './schemas';

/** GET /manager/company_details/: the first record, or null when the list is empty. */
export async function getCompanyDetails(signal?: AbortSignal): Promise<Company | null> {
  const list = await api.get('manager/company_details/', { signal }).json(v.array(companySchema));
  return list[0] ?? null;
}
