import { api } from 'shared/api-client';
import { setCartCount } from 'shared/cart-count';
import { cartSchema, type Cart } from './schemas';

/** GET api/cart/?currency=: the visitor's or customer's cart, prices in `currency`. Keeps the header count in step. */
export async function getCart(currency: string): Promise<Cart> {
  const cart = await api.get('api/cart/', { searchParams: { currency } }).json(cartSchema);
  setCartCount(cart.items.length);
  return cart;
}
