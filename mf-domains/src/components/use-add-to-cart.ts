import { useCallback, useState } from 'react';
import { loadCartCount } from 'shared/cart-count';
import { showToast } from 'shared/toast';
import { addDomainToCart, type DomainCartItem } from '../api/add-to-cart';
import { serverErrorText } from '../api/server-error';

// Spec section 8, spelled as the product spells them.
export const ADDED_FALLBACK = 'Item added to successfully added to cart.';
export const ADD_FAILED_FALLBACK = 'Something went wrong... Please retry later.';

/**
 * Adds a domain to the cart with the toasts of spec section 8 and keeps the header's cart count in step.
 * `adding` names the domain being added, so its buttons can be disabled meanwhile. Resolves true on success.
 */
export function useAddToCart() {
  const [adding, setAdding] = useState<string | null>(null);
  const add = useCallback(async (item: DomainCartItem): Promise<boolean> => {
    setAdding(item.domain);
    try {
      const answer = await addDomainToCart(item);
      showToast('SUCCESS', answer.message || ADDED_FALLBACK);
      await loadCartCount(item.currency);
      return true;
    } catch (error) {
      showToast('ERROR', serverErrorText(error, ADD_FAILED_FALLBACK));
      return false;
    } finally {
      setAdding(null);
    }
  }, []);
  return { add, adding };
}
