import { api } from 'shared/api-client';
import type { StaffRole } from './types';

/** POST staff/accounts/: a new staff account with a first password (it logs in with it and a mailed code). */
export const createStaffAccount = (body: { username: string; email: string; role: StaffRole | ''; password: string }) =>
  api.post('staff/accounts/', { json: body }).json();
