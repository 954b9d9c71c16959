import { api } from 'shared/api-client';
import type { PaymentKind } from 'shared/schemas';
import { checkoutSchema, type CheckoutAnswer } from './schemas';

/** The cart as the customer confirmed it in the payment dialog: its items' ids and its total before VAT. */
export interface ConfirmedCart {
  itemIds: number[];
  total: number;
}

/**
 * POST api/checkout/ {payment_kind, currency, expected_items, expected_total}: a wallet payment answers the paid
 * invoice; a gateway answers `data.authorization_url`, the payment page. Failures are 400 `{error}`; a cart that is no
 * longer the one confirmed (another tab added to it) is refused with `cart_changed`, nothing charged.
 */
export function checkout(paymentKind: PaymentKind, currency: string, confirmed: ConfirmedCart): Promise<CheckoutAnswer> {
  return api
    .post('api/checkout/', {
      json: { payment_kind: paymentKind, currency, expected_items: confirmed.itemIds, expected_total: confirmed.total.toFixed(2) },
    })
    .json(checkoutSchema);
}
