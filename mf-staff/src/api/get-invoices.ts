import { api } from 'shared/api-client';
import type { StaffInvoice } from './types';

/** GET staff/invoices/?status=&q= */
export const getInvoices = (filter: { status?: string; q?: string }) =>
  api.get('staff/invoices/', { searchParams: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) }).json<StaffInvoice[]>();
