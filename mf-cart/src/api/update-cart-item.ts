import { api } from 'shared/api-client';
import { cartItemSchema, type CartItem } from './schemas';

export interface CartItemChange {
  nameservers?: string[];
  protection?: boolean;
}

/** PATCH api/cart/items/{id}/: custom nameservers (at most 2) and domain protection of one item; answers the item. */
export function updateCartItem(itemId: number, change: CartItemChange): Promise<CartItem> {
  return api.patch(`api/cart/items/${itemId}/`, { json: change }).json(cartItemSchema);
}
