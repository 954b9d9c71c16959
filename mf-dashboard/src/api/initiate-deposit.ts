import { api } from 'shared/api-client';
import { depositSchema, type DepositAnswer } from './schemas';

/** POST payment/deposit/initiate-payment/: starts a wallet top-up; the answer carries the payment page address. */
export function initiateDeposit(amount: number, currency: string): Promise<DepositAnswer> {
  return api.post('payment/deposit/initiate-payment/', { json: { amount, currency } }).json(depositSchema);
}
