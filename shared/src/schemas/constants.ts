// Business constants of spec section 9.
export const SLIDE_INTERVAL_MS = 3000;
export const SEARCH_DEBOUNCE_MS = 1000;
export const PAGINATION_WINDOW = 5;
export const TOAST_TIMEOUT_MS = 5000;
export const ROWS_PER_PAGE = 15;
export const MAX_NAMESERVERS = 2;
export const DOMAIN_PROTECTION_PRICE = 0;
export const DOMAIN_SERVICE_ID = 1;
export const HOSTING_SERVICE_IDS = [2, 3, 4] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const PAYMENT_METHODS = [
  { value: 'wallet', label: 'Wallet' },
  { value: 'fiat_payment_gateway', label: 'Pay with Fiat' },
  { value: 'crypto_payment_gateway', label: 'Pay with Crypto' },
] as const;
export type PaymentKind = (typeof PAYMENT_METHODS)[number]['value'];
/** The list offered for deposits: gateways only. */
export const DEPOSIT_PAYMENT_METHODS = PAYMENT_METHODS.filter((m) => m.value !== 'wallet');
export const SESSION_KEY = 'session';
export const CURRENCY_KEY = 'currency';
export const CREATED_USER_KEY = 'createdUser';
export const TOAST_KEY = 'isEdit';
