import { api } from 'shared/api-client';
import type { TicketPriority } from 'shared/schemas';
import { createdSchema } from './schemas';

export interface NewTicket {
  title: string;
  description: string;
  priority: TicketPriority;
}

/** POST ticket/tickets/. */
export async function createTicket(ticket: NewTicket): Promise<void> {
  await api.post('ticket/tickets/', { json: ticket }).json(createdSchema);
}
