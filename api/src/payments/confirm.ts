// Asking a real gateway (Verify) and settling on its word: used by the webhook (a webhook is a hint), by the return
// from the payment page (callback_url) and by reconcilePendingPayments (a webhook that never came).
import type { FastifyInstance } from 'fastify';
import { type ChargeEvent, PaymentGatewayError, type PaymentProvider, type PaymentRef, type Verification } from './provider';
import { settle, type SettleOutcome } from './settle';

export type Confirmation =
  | { kind: 'settled'; outcome: SettleOutcome; verification: Verification }
  | { kind: 'open'; verification: Verification | null }
  /** A webhook said success; Verify does not say the same (state, amount or currency): nothing settled. */
  | { kind: 'disagrees'; verification: Verification | null }
  | { kind: 'unreachable'; message: string };

/**
 * Verify, then settle only on a final answer: `success` credits (settle() insists on our amount and currency),
 * `failed` declines; anything else (`pending`, `ongoing`, `abandoned`…) changes nothing. With the `event` of a
 * success webhook, only a Verify saying success with the event's amount and currency settles.
 */
export async function confirmWithGateway(
  app: FastifyInstance,
  provider: PaymentProvider,
  payment: PaymentRef,
  event?: ChargeEvent,
): Promise<Confirmation> {
  let verification: Verification | null;
  try {
    verification = await provider.verify(payment);
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    app.log.warn({ provider: provider.name, reference: payment.reference, err: err.message }, 'payment verify failed');
    return { kind: 'unreachable', message: err.message };
  }
  if (
    event?.outcome === 'success' &&
    (verification?.state !== 'success' ||
      verification.amountMinor !== event.amountMinor ||
      verification.currency !== event.currency)
  )
    return { kind: 'disagrees', verification };
  if (!verification || verification.state === 'open') return { kind: 'open', verification };
  const outcome = await settle(app, provider.name, {
    outcome: verification.state,
    reference: payment.reference,
    amountMinor: verification.amountMinor,
    currency: verification.currency,
  });
  return { kind: 'settled', outcome, verification };
}
