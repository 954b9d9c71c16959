import { api } from 'shared/api-client';

/** POST staff/invoices/{id}/refunds/: to the customer's wallet, as a credit note. */
export const refundInvoice = (id: number, body: { amount: string; reason: string }) => api.post(`staff/invoices/${id}/refunds/`, { json: body }).json();
