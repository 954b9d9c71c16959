import { api } from 'shared/api-client';
import { invoiceDetailSchema, type InvoiceDetail } from './schemas';

/** GET api/invoices/{invoicenum}/: one invoice with its lines (the server finds it by number or id). */
export function getInvoice(invoicenum: string): Promise<InvoiceDetail> {
  return api.get(`api/invoices/${encodeURIComponent(invoicenum)}/`).json(invoiceDetailSchema);
}
