import { api } from 'shared/api-client';
import { vatSchema, type Vat } from './schemas';

/** GET api/vat-calculate/?cart_id=&currency=: the VAT on the cart, in `currency`. */
export function getVat(cartId: string | number, currency: string): Promise<Vat> {
  return api.get('api/vat-calculate/', { searchParams: { cart_id: String(cartId), currency } }).json(vatSchema);
}
