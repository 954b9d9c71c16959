import { api } from 'shared/api-client';
import { invoiceListSchema, type InvoiceList } from './schemas';

/** GET api/user_invoice_list/: the invoices sit at invoices.invoices.invoice; the count is invoices.totalresults. */
export async function getInvoices(): Promise<InvoiceList> {
  const { invoices } = await api.get('api/user_invoice_list/').json(invoiceListSchema);
  const list = invoices.invoices.invoice;
  const total = Number(invoices.totalresults);
  return { total: Number.isFinite(total) ? total : list.length, invoices: list };
}
