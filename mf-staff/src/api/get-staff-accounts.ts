import { api } from 'shared/api-client';
import type { StaffAccount } from './types';

/** GET staff/accounts/: every staff account (admin only). */
export const getStaffAccounts = () => api.get('staff/accounts/').json<StaffAccount[]>();
