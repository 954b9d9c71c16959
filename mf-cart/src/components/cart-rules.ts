// The cart's rules of spec sections 2, 4 and 9 (and issue 8), kept apart from the screens that show them.
import { DOMAIN_SERVICE_ID, HOSTING_SERVICE_IDS } from 'shared/schemas';
import type { Cart, CartItem } from '../api/schemas';

export type CartAction = 'none' | 'login' | 'pay' | 'add-domain' | 'add-hosting';

const isHosting = (item: CartItem) => (HOSTING_SERVICE_IDS as readonly number[]).includes(item.service);

/**
 * Which action the cart offers. An empty cart offers none; a visitor must log in first; a hosting plan needs a domain
 * (the server enforces the same rule at checkout); a domain-only cart is payable unless the server says it needs hosting.
 */
export function cartAction(cart: Pick<Cart, 'items' | 'needs_hosting'>, loggedIn: boolean): CartAction {
  if (cart.items.length === 0) return 'none';
  if (!loggedIn) return 'login';
  const hasDomain = cart.items.some((i) => i.service === DOMAIN_SERVICE_ID);
  if (cart.items.some(isHosting) && !hasDomain) return 'add-domain';
  if (cart.needs_hosting) return 'add-hosting';
  return 'pay';
}

/** Domains (service 1) and service-2 items carry domain protection and custom nameservers. */
export const hasDomainOptions = (item: CartItem): boolean => item.service === DOMAIN_SERVICE_ID || item.service === 2;

export const itemName = (item: CartItem): string =>
  item.metadata.name || item.metadata.domain_name || item.metadata.domain || `Item ${item.id}`;

/** Sum of the item prices, added in minor units so 0.1 + 0.2 stays 0.30. */
export const cartTotal = (items: readonly CartItem[]): number =>
  items.reduce((sum, item) => sum + Math.round(item.price * 100), 0) / 100;

/** '/auth?redirect=/cart': the login page, coming back here afterwards (spec section 2). */
export function loginHref(pathname: string, search: string): string {
  const target = encodeURIComponent(`${pathname}${search}`).replace(/%2F/gi, '/');
  return `/auth?redirect=${target}`;
}
