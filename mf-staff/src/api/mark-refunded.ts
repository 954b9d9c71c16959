import { api } from 'shared/api-client';

/** POST staff/payments/{reference}/refunded/: the payment the gateway kept was refunded there. */
export const markRefunded = (reference: string, refundReference: string) =>
  api.post(`staff/payments/${encodeURIComponent(reference)}/refunded/`, { json: { refund_reference: refundReference } }).json();
