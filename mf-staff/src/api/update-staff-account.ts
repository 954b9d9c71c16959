import { api } from 'shared/api-client';
import type { StaffRole } from './types';

/** PATCH staff/accounts/{id}/: a new role, or disabled true/false. */
export const updateStaffAccount = (id: number, body: { role?: StaffRole; disabled?: boolean }) =>
  api.patch(`staff/accounts/${id}/`, { json: body }).json();
