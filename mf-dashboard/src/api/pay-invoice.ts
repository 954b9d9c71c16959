import { api } from 'shared/api-client';
import type { PaymentKind } from 'shared/schemas';
import { payAnswerSchema, type PayAnswer } from './schemas';

/** POST api/invoices/{id}/pay/: pays an unpaid invoice from the wallet, or answers a payment page address. */
export function payInvoice(id: string | number, paymentKind: PaymentKind): Promise<PayAnswer> {
  return api.post(`api/invoices/${encodeURIComponent(id)}/pay/`, { json: { payment_kind: paymentKind } }).json(payAnswerSchema);
}
