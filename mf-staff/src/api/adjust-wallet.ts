import { api } from 'shared/api-client';

type Adjustment = { direction: string; amount: string; currency: string; reason: string };

// The Idempotency-Key of each adjustment sent and not known to have gone through, by customer and values, for as long
// as the console is open (leaving the customer's page and coming back keeps them). The same values for the same
// customer sent again (after an error or no answer, even with other adjustments tried in between) are the same
// adjustment, which the API makes once; other values are another adjustment.
const unconfirmed = new Map<string, string>();
const sendingOf = (id: number, a: Adjustment) => JSON.stringify([id, a.direction, a.amount, a.currency, a.reason]);
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The key to send this adjustment with: the one it was sent with before, unless that one went through. */
export function adjustmentKey(id: number, adjustment: Adjustment): string {
  const sending = sendingOf(id, adjustment);
  const key = unconfirmed.get(sending) ?? newKey();
  unconfirmed.set(sending, key);
  return key;
}

/** It went through: the same values again are a new adjustment. */
export const adjustmentMade = (id: number, adjustment: Adjustment) => void unconfirmed.delete(sendingOf(id, adjustment));

/** POST staff/customers/{id}/wallet-adjustments/ */
export const adjustWallet = (id: number, body: Adjustment, key: string) =>
  api.post(`staff/customers/${id}/wallet-adjustments/`, { json: body, headers: { 'Idempotency-Key': key } }).json();
