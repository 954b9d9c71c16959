import { api } from 'shared/api-client';
import type { StaffTicket, TicketReply } from './types';

/** GET staff/tickets/{id}/: the ticket and its replies. */
export const getTicket = (id: string) => api.get(`staff/tickets/${encodeURIComponent(id)}/`).json<StaffTicket & { replies: TicketReply[] }>();
