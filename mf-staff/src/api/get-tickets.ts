import { api } from 'shared/api-client';
import type { StaffTicket } from './types';

/** GET staff/tickets/?status=&priority= ('open' = every status but Closed). */
export const getTickets = (filter: { status?: string; priority?: string }) =>
  api.get('staff/tickets/', { searchParams: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) }).json<StaffTicket[]>();
