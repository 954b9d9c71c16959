// Messages of spec section 8, spelled as the product spells them.
import { errorData, errorText } from 'shared/api-client';

export const PAY_FAILED_FALLBACK = 'Something went wrong... Please retry later.';
export const ADDED_FALLBACK = 'Item added to successfully added to cart.';
export const CART_CLEARED = 'Cart cleared successfully';
export const ITEM_REMOVED = 'Item removed successfully';

/**
 * The server's own words for a failed call: `error`, `message` or `detail` (errorText), else the first DRF field
 * message (`{"nameservers": ["…"]}`), else the fallback. The pay-failure logic of spec section 8.
 */
export function serverErrorText(error: unknown, fallback: string = PAY_FAILED_FALLBACK): string {
  const text = errorText(error, '');
  if (text) return text;
  for (const value of Object.values(errorData(error) ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) return first;
  }
  return fallback;
}
