import { randomBytes } from 'node:crypto';
import type { ChargeEvent, HeaderBag, InitializeInput, InitializeResult, PaymentProvider, Verification } from './provider';
import { PaymentGatewayError } from './provider';
import { PAYSTACK_REFERENCE, parsePaystackEvent, signBody, signatureMatches } from './signature';

/**
 * The development gateway of CONTRACT.md. `authorization_url` is the API's own `/sandbox/pay/<reference>` page; its
 * Approve button makes the sandbox sign a Paystack-shaped `charge.success` event with its secret and deliver it to the
 * same webhook route a real gateway uses, so settlement has exactly one path.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly confirmsByVerify = false;
  private readonly secret: string;

  constructor(
    private readonly apiBaseUrl: string,
    secret?: string,
  ) {
    this.secret = secret ?? randomBytes(32).toString('hex');
  }

  initialize(input: InitializeInput): Promise<InitializeResult> {
    // Refuses what Paystack refuses, so the sandbox cannot hide a reference a real gateway would not take.
    if (!PAYSTACK_REFERENCE.test(input.reference))
      return Promise.reject(
        new PaymentGatewayError(
          'Payment gateway: Invalid transaction reference (only letters, digits, "-", "." and "=" are allowed).',
        ),
      );
    return Promise.resolve({
      authorizationUrl: `${this.apiBaseUrl}/sandbox/pay/${encodeURIComponent(input.reference)}`,
      reference: input.reference,
    });
  }

  /** The webhook the sandbox sends for a decision on its page: the body and its `x-paystack-signature`. */
  webhookFor(event: ChargeEvent): { body: string; signature: string } {
    const body = JSON.stringify({
      event: event.outcome === 'success' ? 'charge.success' : 'charge.failed',
      data: {
        reference: event.reference,
        amount: event.amountMinor,
        currency: event.currency,
        status: event.outcome === 'success' ? 'success' : 'failed',
        channel: 'sandbox',
        paid_at: new Date().toISOString(),
      },
    });
    return { body, signature: signBody(this.secret, body) };
  }

  verifySignature(rawBody: Buffer, headers: HeaderBag): boolean {
    return signatureMatches(this.secret, rawBody, headers['x-paystack-signature']);
  }

  parseEvent(body: unknown): ChargeEvent | null {
    const e = parsePaystackEvent(body);
    if (!e || (e.event !== 'charge.success' && e.event !== 'charge.failed')) return null;
    return {
      outcome: e.event === 'charge.success' ? 'success' : 'failed',
      reference: e.reference,
      amountMinor: e.amount,
      currency: e.currency,
    };
  }

  /** The sandbox keeps no state of its own: the signed event is the whole truth. */
  verify(): Promise<Verification | null> {
    return Promise.resolve(null);
  }
}
