import { api } from 'shared/api-client';

/** PUT staff/catalogue/tld-prices/ */
export const saveTldPrice = (body: { tld: string; currency: string; register: string; renewal: string; transfer: string }) =>
  api.put('staff/catalogue/tld-prices/', { json: body }).json();
