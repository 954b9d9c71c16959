// Which payment methods this store offers right now: wallet always; a gateway method only when a provider backs it
// (in production: a real one, see commerce/context.ts). GET /payment/methods/ tells the storefront, and every call that
// starts a payment goes through `gatewayFor`, so a method that is not offered is refused with a clear 400.
import type { FastifyInstance } from 'fastify';
import { PAYMENT_METHODS } from 'shared/schemas';
import type { Commerce } from '../commerce/context';
import { doc } from '../commerce/docs';
import { formatMoney } from '../money/money';
import type { GatewayKind, PaymentProvider } from './provider';

export type GatewayMethod = 'fiat_payment_gateway' | 'crypto_payment_gateway';

export const gatewayKindOf = (method: GatewayMethod): GatewayKind =>
  method === 'crypto_payment_gateway' ? 'crypto' : 'fiat';

const labelOf = (method: string) => PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;

export class MethodUnavailable extends Error {
  override name = 'MethodUnavailable';
  constructor(
    message: string,
    /** The request field at fault. */
    readonly field: 'payment_kind' | 'currency',
  ) {
    super(message);
  }
}

/**
 * The provider for a gateway method, or MethodUnavailable with the message the customer sees: the method is not
 * offered, or its gateway does not accept `currency` (never start a payment the gateway will refuse).
 */
export function gatewayFor(commerce: Commerce, method: GatewayMethod, currency?: string): PaymentProvider {
  const provider = commerce.providers.forKind(gatewayKindOf(method));
  if (!provider)
    throw new MethodUnavailable(`${labelOf(method)} is not available in this store. Choose another payment method.`, 'payment_kind');
  if (currency && provider.currencies && !provider.currencies.includes(currency))
    throw new MethodUnavailable(
      `${labelOf(method)} does not accept ${currency} in this store: choose ${provider.currencies.join(' or ')}, or another payment method.`,
      'currency',
    );
  return provider;
}

/**
 * Why `provider` cannot take a payment of `amountMinor` (below its smallest charge), or null when it can: the store
 * never starts a payment the gateway will refuse (it would come back as a failed payment and a 502).
 */
export function belowMinimum(provider: PaymentProvider, method: GatewayMethod, amountMinor: number, currency: string, then: string): string | null {
  const minimum = provider.minimumMinor?.[currency];
  if (minimum === undefined || amountMinor >= minimum) return null;
  return `${labelOf(method)} takes payments of at least ${formatMoney(minimum, currency)}: ${then}`;
}

/**
 * Where the gateway sends the browser back. A real gateway comes back through the API, which verifies the payment
 * (the webhook may be late or lost) and then redirects to the storefront; the sandbox redirects by itself.
 */
export function returnUrl(app: FastifyInstance, provider: PaymentProvider, reference: string, purpose: 'deposit' | 'checkout') {
  if (provider.confirmsByVerify) return `${app.config.apiBaseUrl}/payment/return/${provider.name}/${encodeURIComponent(reference)}`;
  return `${app.config.storefrontUrl}${purpose === 'deposit' ? '/dashboard' : '/dashboard/invoices'}`;
}

/** The methods offered, in the spec's order, each with the currencies its gateway accepts (null: any we sell). */
export interface OfferedMethod {
  value: string;
  label: string;
  currencies: readonly string[] | null;
}

export function offeredMethods(commerce: Commerce): OfferedMethod[] {
  return PAYMENT_METHODS.flatMap((m): OfferedMethod[] => {
    if (m.value === 'wallet') return [{ value: m.value, label: m.label, currencies: null }];
    const provider = commerce.providers.forKind(gatewayKindOf(m.value));
    return provider ? [{ value: m.value, label: m.label, currencies: provider.currencies ?? null }] : [];
  });
}

export async function paymentMethodRoutes(app: FastifyInstance) {
  app.get(
    '/payment/methods/',
    { schema: doc('payments', 'Payment methods offered now (a gateway method only when a provider backs it)', 'none') },
    async () => offeredMethods(app.commerce),
  );
}
