import { api } from 'shared/api-client';
import type { CustomerDetail } from './types';

/** GET staff/customers/{id}/ */
export const getCustomer = (id: string) => api.get(`staff/customers/${encodeURIComponent(id)}/`).json<CustomerDetail>();
