import type { CartItem } from '../api/schemas';
import { cartAction, cartTotal, loginHref } from './cart-rules';

const item = (service: number, price = 1): CartItem => ({ id: service * 10, service, price, metadata: {} });

it.each([
  [[], true, 'none'],
  [[], false, 'none'],
  [[item(1)], false, 'login'],
  [[item(1)], true, 'pay'],
  [[item(1), item(2)], true, 'pay'],
  [[item(1), item(3), item(4)], true, 'pay'],
  [[item(2)], true, 'add-domain'],
  [[item(3), item(4)], true, 'add-domain'],
] as const)('cart %j, logged in %s → %s', (items, loggedIn, expected) => {
  expect(cartAction({ items: [...items] }, loggedIn)).toBe(expected);
});

it('offers Add Hosting only when the server says the cart needs it', () => {
  expect(cartAction({ items: [item(1)], needs_hosting: true }, true)).toBe('add-hosting');
  expect(cartAction({ items: [item(1)], needs_hosting: true }, false)).toBe('login');
});

it('adds prices in minor units', () => {
  expect(cartTotal([item(1, 0.1), item(2, 0.2)])).toBe(0.3);
  expect(cartTotal([])).toBe(0);
});

it('builds the login address with the current path, its query kept', () => {
  expect(loginHref('/cart', '')).toBe('/auth?redirect=/cart');
  expect(loginHref('/cart', '?a=1&b=2')).toBe('/auth?redirect=/cart%3Fa%3D1%26b%3D2');
});
