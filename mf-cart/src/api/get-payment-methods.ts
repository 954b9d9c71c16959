import { api } from 'shared/api-client';
import { PAYMENT_METHODS, type PaymentKind } from 'shared/schemas';
import * as v from 'valibot';
import { paymentMethodsSchema } from './schemas';

/**
 * GET payment/methods/: the payment methods offered now, in the spec's order and with its labels. The server leaves
 * out a gateway method no provider backs (crypto in production without a crypto gateway).
 */
export async function getPaymentMethods(): Promise<PaymentKind[]> {
  const list = v.parse(paymentMethodsSchema, await api.get('payment/methods/').json());
  return PAYMENT_METHODS.filter((m) => list.some((o) => o.value === m.value)).map((m) => m.value);
}
