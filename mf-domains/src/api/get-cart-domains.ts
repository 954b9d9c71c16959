import { api } from 'shared/api-client';
import { cartDomainsSchema } from './schemas';

/** GET api/cart/: the domain names already in the visitor's or customer's cart, lower-cased. */
export async function getCartDomains(): Promise<Set<string>> {
  const cart = await api.get('api/cart/').json(cartDomainsSchema);
  return new Set(
    cart.items.map((item) => (item.metadata?.domain_name ?? '').toLowerCase()).filter((name) => name !== ''),
  );
}
