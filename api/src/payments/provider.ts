/**
 * A payment gateway as the store sees it. `initialize` just sends the customer to pay. Money moves on a signed webhook
 * (`verifySignature` over the exact bytes received, then `parseEvent`) and, for a real gateway, only once its Verify
 * (`verify`) says the payment succeeded with our amount and currency; the same Verify settles a payment whose
 * webhook never came (the return from the payment page, and reconcile.ts).
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
  /** The gateway's own id for the payment when it is not our reference (stored, used by verify). */
  providerReference?: string;
}

/** What a gateway's Verify says about one payment. */
export interface Verification {
  /**
   * success: paid (final). failed: will never be paid (final: failed, reversed, expired). open: may still change
   * (pending, ongoing, abandoned, processing, NEW, SIGNED, …): never credited, asked again later.
   */
  state: 'success' | 'failed' | 'open';
  /** The gateway's own word, for the log. */
  status: string;
  amountMinor: number;
  currency: string;
}

export interface PaymentRef {
  reference: string;
  providerReference: string | null;
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
  readonly name: 'sandbox' | 'paystack' | 'coinbase';
  /**
   * true: a webhook is only a hint, money moves when `verify` confirms (real gateways). false: the signed event is the
   * whole truth (the sandbox, which has nothing more to say).
   */
  readonly confirmsByVerify: boolean;
  /** The currencies this gateway accepts (configuration: an account may lack some); undefined: every one we sell. */
  readonly currencies?: readonly string[];
  /** The smallest payment the gateway takes, in minor units, by currency (none listed: no minimum). */
  readonly minimumMinor?: Readonly<Record<string, number>>;
  initialize(input: InitializeInput): Promise<InitializeResult>;
  verifySignature(rawBody: Buffer, headers: HeaderBag): boolean;
  /** The charge a webhook body speaks about, or null for events the store does not act on. */
  parseEvent(body: unknown): ChargeEvent | null;
  /** Asks the gateway for the state of a payment; null if it cannot say; throws PaymentGatewayError if unreachable. */
  verify(payment: PaymentRef): Promise<Verification | null>;
}

export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
}
