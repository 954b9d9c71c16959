import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { formatMoney } from 'shared/format';
import { hideToast } from 'shared/toast';
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
  if (o.status === 'failed') {
    const declined = `The payment for invoice ${o.invoicenum ?? ''} was declined and nothing was charged.`;
    return {
      tone: 'error',
      text:
        o.purpose === 'deposit'
          ? `Your deposit of ${money} was declined and nothing was charged.`
          : // A renewal invoice stays open (only a new order's goes back into the cart).
            o.invoice_status === 'Unpaid'
            ? `${declined} The invoice is still unpaid: you can pay it again from its page.`
            : o.renewal
              ? declined
              : `${declined} The items are back in your cart.`,
    };
  }
  if (o.status === 'pending')
    return {
      tone: 'info',
      text:
        o.purpose === 'deposit'
          ? `Your deposit of ${money} is waiting for the payment gateway's confirmation.`
          : `Invoice ${o.invoicenum ?? ''} (${money}) is waiting for the payment's confirmation.`,
    };
  if (o.purpose === 'deposit') return { tone: 'success', text: `${money} was credited to your wallet.` };
  const invoice = `Invoice ${o.invoicenum ?? ''}`;
  if (o.credited_to_wallet)
    return {
      tone: 'info',
      text:
        o.invoice_status === 'Paid'
          ? `${invoice} was already paid, so this payment of ${money} was credited to your wallet.`
          : o.invoice_status === 'Cancelled'
            ? `${invoice} was cancelled before this payment arrived, so the payment of ${money} was credited to your wallet.`
            : `${invoice} changed after this payment started, so the payment of ${money} was credited to your wallet.`,
    };
  if (o.refunds.length) {
    const back = o.refunds.map((r) => `${r.description} (${formatMoney(r.amount, o.currency)})`).join('; ');
    return { tone: 'info', text: `${invoice} is paid (${money}). Not all of it could be delivered, and this went back to your wallet: ${back}.` };
  }
  if (o.renewal) return { tone: 'success', text: `${invoice} is paid (${money}). The renewal is applied: see the new date on your domain or service.` };
  return { tone: 'success', text: `${invoice} is paid (${money}). Your order is now active.` };
}

/**
 * After a gateway (or a wallet checkout) sends the customer back here: the outcome of that payment, asked from the API
 * by the reference in the address (`reference`, or Paystack's `trxref`) or the invoice number (`invoice`).
 */
export function PaymentOutcomeNotice({ purpose }: { purpose: 'deposit' | 'checkout' }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const kept = (location.state as { paymentOutcome?: { reference: string | null; invoice: string | null } } | null)?.paymentOutcome;
  const reference = params.get('reference') ?? params.get('trxref') ?? kept?.reference ?? null;
  const invoice = params.get('invoice') ?? kept?.invoice ?? null;
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  // Back from a gateway's page: the toast kept from before the trip ('Deposit initiated. Complete the payment…') is
  // over, and beside a declined payment's notice it would say the opposite.
  const fromGateway = params.has('reference') || params.has('trxref');
  useEffect(() => {
    if (fromGateway) hideToast();
  }, [fromGateway]);

  // The address goes back to the page's own (/dashboard, /dashboard/invoices, as the contract names the returns); what
  // the notice needs stays in this history entry's state, so a reload still shows it and nothing else changes.
  useEffect(() => {
    if (!['reference', 'trxref', 'invoice'].some((k) => params.has(k))) return;
    const rest = new URLSearchParams(params);
    for (const k of ['reference', 'trxref', 'invoice']) rest.delete(k);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: { ...((location.state as object | null) ?? {}), paymentOutcome: { reference, invoice } } },
    );
  }, [params, location.pathname, location.state, navigate, reference, invoice]);

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
