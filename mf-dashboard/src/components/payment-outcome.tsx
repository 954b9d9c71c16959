import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney } from 'shared/format';
import { theme } from 'shared/ui';
import { getPaymentOutcome } from '../api/get-payment-outcome';
import type { PaymentOutcome } from '../api/schemas';

const Box = styled.p<{ tone: 'success' | 'error' | 'info' }>`
  margin: 0 0 1.5rem; padding: 1rem 1.25rem; border-radius: ${theme.radius}; font-weight: 600;
  background: ${(p) => (p.tone === 'success' ? theme.color.successBg : p.tone === 'error' ? theme.color.errorBg : theme.color.primarySoft)};
  color: ${(p) => (p.tone === 'success' ? theme.color.success : p.tone === 'error' ? theme.color.error : theme.color.text)};
  border-left: 4px solid currentColor;
`;

/** How often, and how many times, a payment the gateway has not confirmed yet is asked about again. */
export const OUTCOME_POLL_MS = 2000;
const OUTCOME_POLLS = 5;

/** The sentence for an outcome: what was credited or paid, or that nothing was charged. */
export function outcomeText(o: PaymentOutcome): { tone: 'success' | 'error' | 'info'; text: string } {
  const money = formatMoney(o.amount, o.currency);
  if (o.status === 'failed')
    return {
      tone: 'error',
      text:
        o.purpose === 'deposit'
          ? `Your deposit of ${money} was declined and nothing was charged.`
          : `The payment for invoice ${o.invoicenum ?? ''} was declined and nothing was charged. The items are back in your cart.`,
    };
  if (o.status === 'pending')
    return {
      tone: 'info',
      text:
        o.purpose === 'deposit'
          ? `Your deposit of ${money} is waiting for the payment gateway's confirmation.`
          : `Invoice ${o.invoicenum ?? ''} (${money}) is waiting for the payment's confirmation.`,
    };
  return {
    tone: 'success',
    text:
      o.purpose === 'deposit'
        ? `${money} was credited to your wallet.`
        : `Invoice ${o.invoicenum ?? ''} is paid (${money}). Your order is now active.`,
  };
}

/**
 * After a gateway (or a wallet checkout) sends the customer back here: the outcome of that payment, asked from the API
 * by the reference in the address (`reference`, or Paystack's `trxref`) or the invoice number (`invoice`).
 */
export function PaymentOutcomeNotice({ purpose }: { purpose: 'deposit' | 'checkout' }) {
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const invoice = params.get('invoice');
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  useEffect(() => {
    const by = reference ? { reference } : invoice && purpose === 'checkout' ? { invoice } : null;
    if (!by) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (left: number) => {
      getPaymentOutcome(by).then(
        (answer) => {
          if (!live || answer.purpose !== purpose) return;
          setOutcome(answer);
          if (answer.status === 'pending' && left > 0) timer = setTimeout(() => ask(left - 1), OUTCOME_POLL_MS);
        },
        // An unknown or foreign reference says nothing at all.
        (error: unknown) => console.error(error),
      );
    };
    ask(OUTCOME_POLLS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [reference, invoice, purpose]);

  if (!outcome) return null;
  const { tone, text } = outcomeText(outcome);
  return (
    <Box tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-testid="payment-outcome">
      {text}
    </Box>
  );
}
