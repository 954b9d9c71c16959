import { api } from 'shared/api-client';

/** POST staff/tickets/{id}/replies/: a staff reply (the ticket becomes Answered). */
export const replyToTicket = (id: number, message: string) => api.post(`staff/tickets/${id}/replies/`, { json: { message } }).json();
