import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ChargeEvent,
  HeaderBag,
  InitializeInput,
  InitializeResult,
  PaymentProvider,
  PaymentRef,
  Verification,
} from './provider';
import { PaymentGatewayError } from './provider';
import { INCOMING_REFERENCE } from './signature';

export interface CoinbaseOptions {
  apiKey: string;
  /** The webhook subscription's shared secret (Settings > Notifications). */
  webhookSecret: string;
  baseUrl?: string;
  /** Currencies a charge may be priced in (local_price), COINBASE_COMMERCE_CURRENCIES. */
  currencies?: readonly string[];
  timeoutMs?: number;
}

interface Charge {
  code?: string;
  hosted_url?: string;
  metadata?: { reference?: unknown };
  pricing?: { local?: { amount?: unknown; currency?: unknown } };
  timeline?: { status?: unknown; time?: unknown }[];
}

/** "12.50" -> 1250 (exact, from the decimal text; two decimals: USD and NGN), or null. */
export function minorFromDecimal(amount: unknown): number | null {
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(String(amount).trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const decimalFromMinor = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** Timeline statuses: COMPLETED (and RESOLVED, a charge the merchant resolved) are paid; EXPIRED, FAILED, CANCELED never will be. */
function stateOf(status: string): Verification['state'] {
  if (status === 'COMPLETED' || status === 'RESOLVED') return 'success';
  if (status === 'EXPIRED' || status === 'FAILED' || status === 'CANCELED') return 'failed';
  return 'open'; // NEW, SIGNED, PENDING (seen on chain, not final), UNRESOLVED (under/over-paid: staff decide)
}

/**
 * Coinbase Commerce (https://docs.cdp.coinbase.com/commerce): a hosted checkout for crypto. Charges are priced in our
 * currency (`local_price`), carry our reference in `metadata`, and are retrieved by their code for Verify. Webhooks
 * carry `X-CC-Webhook-Signature`: hex HMAC-SHA256 of the raw body with the webhook shared secret. Why this one and not
 * NOWPayments: see commerce/README.md.
 */
export class CoinbaseCommerceProvider implements PaymentProvider {
  readonly name = 'coinbase' as const;
  readonly confirmsByVerify = true;
  readonly currencies?: readonly string[];
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: CoinbaseOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.commerce.coinbase.com').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.currencies = options.currencies;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Charge> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'x-cc-api-key': this.options.apiKey,
          'x-cc-version': '2018-03-22',
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new PaymentGatewayError('The crypto payment gateway could not be reached. Please try again.');
    }
    const json = (await res.json().catch(() => ({}))) as { data?: Charge; error?: { message?: string } };
    if (!res.ok || !json.data) {
      throw new PaymentGatewayError(
        json.error?.message ? `Crypto payment gateway: ${json.error.message}` : 'The crypto payment gateway refused the request.',
      );
    }
    return json.data;
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const charge = await this.call('POST', '/charges', {
      name: input.purpose === 'deposit' ? 'Wallet deposit' : 'Order payment',
      description: `Payment ${input.reference}`,
      pricing_type: 'fixed_price',
      local_price: { amount: decimalFromMinor(input.amountMinor), currency: input.currency },
      metadata: { reference: input.reference, purpose: input.purpose },
      redirect_url: input.callbackUrl,
      cancel_url: input.callbackUrl,
    });
    if (!charge.hosted_url || !charge.code) throw new PaymentGatewayError('The crypto payment gateway gave no payment page.');
    return { authorizationUrl: charge.hosted_url, reference: input.reference, providerReference: charge.code };
  }

  verifySignature(rawBody: Buffer, headers: HeaderBag): boolean {
    const given = headers['x-cc-webhook-signature'];
    if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
    const expected = createHmac('sha256', this.options.webhookSecret).update(rawBody).digest();
    return timingSafeEqual(Buffer.from(given, 'hex'), expected);
  }

  /** `{event: {type, data: charge}}`: charge:confirmed / charge:resolved say paid, charge:failed says not; others are ignored. */
  parseEvent(body: unknown): ChargeEvent | null {
    const event = (body as { event?: { type?: unknown; data?: Charge } } | null)?.event;
    if (!event || typeof event.type !== 'string') return null;
    const outcome =
      event.type === 'charge:confirmed' || event.type === 'charge:resolved' ? 'success' : event.type === 'charge:failed' ? 'failed' : null;
    const reference = event.data?.metadata?.reference;
    const amountMinor = minorFromDecimal(event.data?.pricing?.local?.amount);
    const currency = event.data?.pricing?.local?.currency;
    if (!outcome || typeof reference !== 'string' || !INCOMING_REFERENCE.test(reference)) return null;
    if (amountMinor === null || typeof currency !== 'string') return null;
    return { outcome, reference, amountMinor, currency: currency.toUpperCase() };
  }

  /** GET /charges/:code: the last timeline status decides; the charge must carry our reference. */
  async verify(payment: PaymentRef): Promise<Verification | null> {
    if (!payment.providerReference) return null;
    const charge = await this.call('GET', `/charges/${encodeURIComponent(payment.providerReference)}`);
    const last = charge.timeline?.at(-1)?.status;
    const amountMinor = minorFromDecimal(charge.pricing?.local?.amount);
    const currency = charge.pricing?.local?.currency;
    if (charge.metadata?.reference !== payment.reference) return null;
    if (typeof last !== 'string' || amountMinor === null || typeof currency !== 'string') return null;
    return { state: stateOf(last), status: last, amountMinor, currency: currency.toUpperCase() };
  }
}
