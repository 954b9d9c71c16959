import { api } from 'shared/api-client';

type Adjustment = { direction: string; amount: string; currency: string; reason: string };

// The Idempotency-Key of each adjustment sent and not known to have gone through, by customer and values, for as long
// as the console is open (leaving the customer's page and coming back keeps them). The same values for the same
// customer sent again (after an error or no answer, even with other adjustments tried in between) are the same
// adjustment, which the API makes once; other values are another adjustment.
const unconfirmed = new Map<string, string>();
const sendingOf = (id: number, a: Adjustment) => JSON.stringify([id, a.direction, a.amount, a.currency, a.reason]);
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * POST staff/customers/{id}/wallet-adjustments/ with its Idempotency-Key: the one these values were sent with before,
 * unless that one went through (then a new adjustment, a new key).
 */
export async function adjustWallet(id: number, adjustment: Adjustment): Promise<unknown> {
  const sending = sendingOf(id, adjustment);
  const key = unconfirmed.get(sending) ?? newKey();
  unconfirmed.set(sending, key);
  const answer = await api.post(`staff/customers/${id}/wallet-adjustments/`, { json: adjustment, headers: { 'Idempotency-Key': key } }).json();
  unconfirmed.delete(sending);
  return answer;
}
