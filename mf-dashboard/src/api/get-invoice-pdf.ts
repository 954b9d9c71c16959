import { api } from 'shared/api-client';

/** GET api/invoices/{id}/pdf/: the invoice as a PDF file (sent with the session, so fetched, then saved). */
export function getInvoicePdf(id: string | number): Promise<Blob> {
  return api.get(`api/invoices/${encodeURIComponent(id)}/pdf/`).blob();
}
