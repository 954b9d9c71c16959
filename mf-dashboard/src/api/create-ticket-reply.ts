import { api } from 'shared/api-client';
import { createdSchema } from './schemas';

/** POST ticket/replies/. */
export async function createTicketReply(ticket: number | string, message: string): Promise<void> {
  await api.post('ticket/replies/', { json: { message, ticket } }).json(createdSchema);
}
