import { api } from 'shared/api-client';
import type { PaymentKind } from 'shared/schemas';
import { checkoutSchema, type CheckoutAnswer } from './schemas';

/**
 * POST api/checkout/ {payment_kind, currency}: a wallet payment answers the paid invoice; a gateway answers
 * `data.authorization_url`, the payment page. Failures are 400 `{error}`.
 */
export function checkout(paymentKind: PaymentKind, currency: string): Promise<CheckoutAnswer> {
  return api.post('api/checkout/', { json: { payment_kind: paymentKind, currency } }).json(checkoutSchema);
}
