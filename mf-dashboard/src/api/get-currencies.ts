import { api } from 'shared/api-client';
import { currenciesSchema, type Currency } from './schemas';

/** GET payment/currencies/. */
export function getCurrencies(): Promise<Currency[]> {
  return api.get('payment/currencies/').json(currenciesSchema);
}
