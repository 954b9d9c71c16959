import { api } from 'shared/api-client';
import { createdSchema } from './schemas';

/** PATCH ticket/tickets/{id}/ with status Closed: the one change a customer may make to their ticket. */
export async function closeTicket(ticket: number | string): Promise<void> {
  await api.patch(`ticket/tickets/${encodeURIComponent(ticket)}/`, { json: { status: 'Closed' } }).json(createdSchema);
}
