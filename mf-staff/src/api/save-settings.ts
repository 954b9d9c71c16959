import { api } from 'shared/api-client';

/** PUT staff/catalogue/settings/: the USD→NGN rate and the VAT percent. */
export const saveSettings = (body: { usd_ngn_rate?: string; vat_percent?: string }) => api.put('staff/catalogue/settings/', { json: body }).json();
