import { api } from 'shared/api-client';
import { ticketsSchema, type Ticket } from './schemas';

/** GET ticket/tickets: the customer's support tickets. */
export function getTickets(): Promise<Ticket[]> {
  return api.get('ticket/tickets').json(ticketsSchema);
}
