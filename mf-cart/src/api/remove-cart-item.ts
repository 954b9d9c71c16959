import { api } from 'shared/api-client';
import { messageSchema } from './schemas';

/** POST api/cart/remove_item/ {item_id}. */
export function removeCartItem(itemId: number): Promise<{ message?: string | null | undefined }> {
  return api.post('api/cart/remove_item/', { json: { item_id: itemId } }).json(messageSchema);
}
