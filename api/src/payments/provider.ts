/**
 * A payment gateway as the store sees it. Money only ever moves on a signed webhook (`verifySignature` over the exact
 * bytes received, then `parseEvent`); `initialize` just sends the customer to pay.
 */
export type PaymentPurpose = 'deposit' | 'checkout';
export type GatewayKind = 'fiat' | 'crypto';

export interface InitializeInput {
  reference: string;
  /** Minor units (kobo, cents). */
  amountMinor: number;
  currency: string;
  email: string;
  purpose: PaymentPurpose;
  kind: GatewayKind;
  /** Where the gateway sends the browser back. */
  callbackUrl: string;
}

export interface InitializeResult {
  authorizationUrl: string;
  reference: string;
}

/** A gateway's statement about one payment. */
export interface ChargeEvent {
  outcome: 'success' | 'failed';
  reference: string;
  amountMinor: number;
  currency: string;
}

export type HeaderBag = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack' | 'nowpayments';
  /** The currencies this gateway accepts (configuration: an account may lack some); undefined: every one we sell. */
  readonly currencies?: readonly string[];
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verifySignature(rawBody: Buffer, headers: HeaderBag): boolean;
  /** The charge a webhook body speaks about, or null for events the store does not act on. */
  parseEvent(body: unknown): ChargeEvent | null;
  /** Asks the gateway for the state of a payment (defence in depth after a webhook); null if it cannot say. */
  verify(reference: string): Promise<ChargeEvent | null>;
}

export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
}
