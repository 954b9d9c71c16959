import { redirectTarget } from './redirect';

const ORIGIN = 'http://localhost:3000';

it.each([
  [null, '/dashboard'],
  [undefined, '/dashboard'],
  ['', '/dashboard'],
  ['null', '/dashboard'],
  ['undefined', '/dashboard'],
  ['/login', '/dashboard'],
  ['/login/', '/dashboard'],
  ['/dashboard/tickets', '/dashboard/tickets'],
  ['/cart?currency=NGN#summary', '/cart?currency=NGN#summary'],
  ['/account-settings/payments', '/account-settings/payments'],
  ['http://localhost:3000/dashboard/invoices?page=2', '/dashboard/invoices?page=2'],
  ['http://localhost:3000/login', '/dashboard'],
])('redirect %p goes to %p', (raw, target) => {
  expect(redirectTarget(raw, ORIGIN)).toBe(target);
});

it.each([
  'https://evil.example/phish',
  'http://localhost:3000.evil.example/',
  'https://localhost:3000/dashboard',
  'http://localhost:3001/dashboard',
  'http://user@evil.example/',
  '//evil.example/path',
  '/\\evil.example',
  '/\t/evil.example',
  ' //evil.example',
  'javascript:alert(1)',
  'dashboard',
  'mailto:someone@example.com',
])('refuses to leave the site for %p', (raw) => {
  expect(redirectTarget(raw, ORIGIN)).toBe('/dashboard');
});
