import { api } from 'shared/api-client';

/** PATCH staff/tickets/{id}/: status, priority or assignee. */
export const updateTicket = (id: number, change: { status?: string; priority?: string; assigned_to?: number | null }) =>
  api.patch(`staff/tickets/${id}/`, { json: change }).json();
