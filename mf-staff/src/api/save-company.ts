import { api } from 'shared/api-client';

/** PUT staff/content/company/ */
export const saveCompany = (body: { about_us: string; address: string; phone_number: string; email: string }) =>
  api.put('staff/content/company/', { json: body }).json();
