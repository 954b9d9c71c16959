import { api } from 'shared/api-client';
import { repliesSchema, type Reply } from './schemas';

/** GET ticket/replies?ticket_id=: the thread of one ticket. */
export function getTicketReplies(ticketId: number | string): Promise<Reply[]> {
  return api.get('ticket/replies', { searchParams: { ticket_id: String(ticketId) } }).json(repliesSchema);
}
