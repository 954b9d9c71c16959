// The number of items in the cart, kept by whoever reads or changes the cart (mf-cart, mf-domains) and shown by the
// shell's header, without any of them importing another.
import { createStore, useStore } from 'zustand';

export const cartCountStore = createStore<{ count: number | null }>()(() => ({ count: null }));
export const setCartCount = (count: number): void => cartCountStore.setState({ count });
export const useCartCount = (): number | null => useStore(cartCountStore, (s) => s.count);

/** Reads the cart once to seed the count (the header does this at start-up). Failures leave the count unknown. */
export async function loadCartCount(currency: string): Promise<void> {
  const { api } = await import('shared/api-client');
  try {
    const cart = await api.get('api/cart/', { searchParams: { currency } }).json<{ items?: unknown[] }>();
    setCartCount(Array.isArray(cart.items) ? cart.items.length : 0);
  } catch {
    /* the header simply shows no count */
  }
}
