import { api } from 'shared/api-client';

/** POST staff/customers/{id}/wallet-adjustments/ */
export const adjustWallet = (id: number, body: { direction: string; amount: string; currency: string; reason: string }) =>
  api.post(`staff/customers/${id}/wallet-adjustments/`, { json: body }).json();
