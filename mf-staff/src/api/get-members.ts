import { api } from 'shared/api-client';
import type { StaffMember } from './types';

/** GET staff/members/: the staff accounts (to assign tickets to). */
export const getMembers = () => api.get('staff/members/').json<StaffMember[]>();
