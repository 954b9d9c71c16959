import { api } from 'shared/api-client';

/** POST staff/invoices/{id}/mark-paid/: paid by bank transfer. */
export const markPaid = (id: number, reference: string) => api.post(`staff/invoices/${id}/mark-paid/`, { json: { reference } }).json();
