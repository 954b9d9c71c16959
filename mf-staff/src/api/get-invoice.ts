import { api } from 'shared/api-client';
import type { StaffInvoiceDetail } from './types';

/** GET staff/invoices/{id}/ */
export const getInvoice = (id: string) => api.get(`staff/invoices/${encodeURIComponent(id)}/`).json<StaffInvoiceDetail>();
