import { api } from 'shared/api-client';
import { paymentOutcomeSchema, type PaymentOutcome } from './schemas';

/**
 * GET payment/outcome/?reference= or ?invoice=: what became of one of the customer's own payments. The amount and the
 * outcome come from the server, never from the address the browser returned to.
 */
export function getPaymentOutcome(by: { reference: string } | { invoice: string }): Promise<PaymentOutcome> {
  return api.get('payment/outcome/', { searchParams: by }).json(paymentOutcomeSchema);
}
