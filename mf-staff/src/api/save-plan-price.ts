import { api } from 'shared/api-client';

/** PUT staff/catalogue/plans/{id}/ */
export const savePlanPrice = (id: number, price: string) => api.put(`staff/catalogue/plans/${id}/`, { json: { price } }).json();
