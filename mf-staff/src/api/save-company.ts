import { api } from 'shared/api-client';

/** PUT staff/content/company/ with the version read (details saved by someone else since are a 409). */
export const saveCompany = (body: { about_us: string; address: string; phone_number: string; email: string; version?: string }) =>
  api.put('staff/content/company/', { json: body }).json();
