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
import { parsePaystackEvent, signatureMatches } from './signature';

export interface PaystackOptions {
  secretKey: string;
  /** The currencies the Paystack account accepts (PAYSTACK_CURRENCIES): an account without USD refuses USD. */
  currencies?: readonly string[];
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface PaystackEnvelope<T> {
  status?: boolean;
  message?: string;
  data?: T;
}

/** Paystack (https://paystack.com/docs/api/transaction): initialize, verify, and `x-paystack-signature` webhooks. */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;
  readonly confirmsByVerify = true;
  readonly currencies?: readonly string[];
  /** Paystack's smallest charge by currency (NGN 50.00, USD 2.00, GHS 0.10): a smaller one is refused at initialize. */
  readonly minimumMinor = { NGN: 5000, USD: 200, GHS: 10 };
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: PaystackOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.currencies = options.currencies;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaystackEnvelope<T>> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new PaymentGatewayError('The payment gateway could not be reached. Please try again.');
    }
    const json = (await res.json().catch(() => ({}))) as PaystackEnvelope<T>;
    if (!res.ok || json.status !== true) {
      throw new PaymentGatewayError(
        json.message ? `Payment gateway: ${json.message}` : 'The payment gateway refused the request.',
      );
    }
    return json;
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const json = await this.call<{ authorization_url?: string; reference?: string }>(
      'POST',
      '/transaction/initialize',
      {
        email: input.email,
        amount: String(input.amountMinor),
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: { purpose: input.purpose },
      },
    );
    const url = json.data?.authorization_url;
    if (!url) throw new PaymentGatewayError('The payment gateway gave no payment page.');
    return { authorizationUrl: url, reference: json.data?.reference ?? input.reference };
  }

  verifySignature(rawBody: Buffer, headers: HeaderBag): boolean {
    return signatureMatches(this.options.secretKey, rawBody, headers['x-paystack-signature']);
  }

  parseEvent(body: unknown): ChargeEvent | null {
    const e = parsePaystackEvent(body);
    if (!e || e.event !== 'charge.success') return null; // Paystack reports failures only through verify
    return { outcome: 'success', reference: e.reference, amountMinor: e.amount, currency: e.currency };
  }

  /**
   * GET /transaction/verify/:reference. Only `success` is paid; `failed` and `reversed` are final; `abandoned` (the
   * customer may still pay on the same page), `pending`, `ongoing`, `processing`, `queued` are not final.
   */
  async verify(payment: PaymentRef): Promise<Verification | null> {
    const json = await this.call<{ status?: string; amount?: number | string; currency?: string }>(
      'GET',
      `/transaction/verify/${encodeURIComponent(payment.reference)}`,
    );
    const d = json.data;
    const amount = typeof d?.amount === 'string' ? Number(d.amount) : d?.amount;
    if (!d || typeof d.status !== 'string' || !Number.isSafeInteger(amount) || typeof d.currency !== 'string') return null;
    const state = d.status === 'success' ? 'success' : d.status === 'failed' || d.status === 'reversed' ? 'failed' : 'open';
    return { state, status: d.status, amountMinor: amount!, currency: d.currency.toUpperCase() };
  }
}
