import { api } from 'shared/api-client';
import type { Customer } from './types';

/** GET staff/customers/?q=: by username, e-mail, name or domain. */
export const getCustomers = (q: string) => api.get('staff/customers/', { searchParams: { q } }).json<Customer[]>();
