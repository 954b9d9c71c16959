import { api } from 'shared/api-client';

/**
 * A new Idempotency-Key: one per adjustment, sent again with each retry of it (after an error or a lost answer), so
 * the API makes it once however many times it arrives.
 */
export const newAdjustmentKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** POST staff/customers/{id}/wallet-adjustments/ */
export const adjustWallet = (id: number, body: { direction: string; amount: string; currency: string; reason: string }, key: string) =>
  api.post(`staff/customers/${id}/wallet-adjustments/`, { json: body, headers: { 'Idempotency-Key': key } }).json();
