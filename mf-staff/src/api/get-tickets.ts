import { api } from 'shared/api-client';
import type { StaffTicket } from './types';

/** The most tickets the API gives at once (api/src/staff/tickets.ts TICKETS_PAGE). */
export const TICKETS_PAGE_SIZE = 500;

/**
 * GET staff/tickets/?status=&priority=&order=&after= ('open' = every status but Closed; order newest (default) or
 * oldest; `after`: where the page before ended, its last ticket's `updated_at~id`).
 */
export const getTickets = (filter: { status?: string; priority?: string; order?: string; after?: string }) =>
  api.get('staff/tickets/', { searchParams: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) }).json<StaffTicket[]>();

/** Where the next page starts after `rows` (a full page), as `after`. */
export const ticketsAfter = (rows: StaffTicket[]) => {
  const last = rows[rows.length - 1]!;
  return `${last.updated_at}~${last.id}`;
};
