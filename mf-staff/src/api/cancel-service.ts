import { api } from 'shared/api-client';

/** POST staff/services/{id}/cancel/: billing ends a customer's hosting service (and its open renewal invoice). */
export const cancelService = (id: number, reason: string) =>
  api.post(`staff/services/${id}/cancel/`, { json: { reason } }).json<{ message: string }>();
