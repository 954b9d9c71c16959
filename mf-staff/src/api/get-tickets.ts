import { api } from 'shared/api-client';
import type { StaffTicket } from './types';

/** GET staff/tickets/?status=&priority=&order= ('open' = every status but Closed; order newest (default) or oldest). */
export const getTickets = (filter: { status?: string; priority?: string; order?: string }) =>
  api.get('staff/tickets/', { searchParams: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) }).json<StaffTicket[]>();
