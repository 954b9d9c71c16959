import { api } from 'shared/api-client';
import { messageSchema } from './schemas';

/** POST api/cart/clear_cart/ with an empty body. */
export function clearCart(): Promise<{ message?: string | null | undefined }> {
  return api.post('api/cart/clear_cart/', { json: {} }).json(messageSchema);
}
