import styled from '@emotion/styled';
import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { api } from '../api-client';
import { PAYMENT_METHODS, type PaymentKind } from '../schemas';
import { Button } from './button';
import { Dialog } from './dialog';
import { LoadingOverlay, Notice } from './misc';
import { theme } from './theme';

/** Where a gateway payment sends the browser (same window); tests replace it, as jsdom cannot navigate. */
export const payNavigation = { go: (url: string) => window.location.assign(url) };

const Options = styled.fieldset`
  border: 0; margin: 0 0 1.25rem; padding: 0; display: grid; gap: .5rem;
  label {
    display: flex; align-items: center; gap: .75rem; min-height: 48px; padding: .5rem 1rem; cursor: pointer;
    border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; font-weight: 600;
  }
  label:has(input:checked) { border-color: ${theme.color.primary}; background: ${theme.color.primarySoft}; }
  input { width: 20px; height: 20px; margin: 0; accent-color: ${theme.color.primary}; }
  input:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
`;
const Form = styled.form`
  position: relative;
  .amount { margin: 0 0 1rem; color: ${theme.color.muted}; }
`;

export interface PaymentMethodDialogProps {
  open: boolean;
  onClose(): void;
  /** 'Amount due: ...' as the caller words it. */
  amountText: string;
  /**
   * Pays with the chosen method. Resolves `'leaving'` when it sent the browser away (a gateway's payment page): the
   * dialog then stays busy. Throws to show an error (its text from `errorText`) and let the customer try again.
   */
  pay(kind: PaymentKind): Promise<'leaving' | void>;
  errorText(error: unknown): string;
  /** Called with the error text too (for a toast). */
  onError?(text: string): void;
}

/** Always offered: the wallet, and fiat (the API does not start without a fiat gateway). Crypto only when the API says. */
const ALWAYS: readonly PaymentKind[] = ['wallet', 'fiat_payment_gateway'];
const methodsSchema = v.array(v.object({ value: v.string(), label: v.string() }));

/**
 * GET payment/methods/: the payment methods offered now, in the spec's order and with its labels. The server leaves
 * out a gateway method no provider backs (crypto in production without a crypto gateway).
 */
export async function getPaymentMethods(): Promise<PaymentKind[]> {
  const list = v.parse(methodsSchema, await api.get('payment/methods/').json());
  return PAYMENT_METHODS.filter((m) => list.some((o) => o.value === m.value)).map((m) => m.value);
}

/**
 * 'Select Payment Method': Wallet, 'Pay with Fiat' or 'Pay with Crypto', then the caller's payment call (cart, invoice).
 * The methods are asked for when the page that can pay mounts, not when the dialog opens: a 'Pay with Crypto' row
 * arriving in an open (centred) dialog moved every row under the pointer, so a click meant for 'Pay with Fiat' could
 * land on 'Wallet'.
 */
export function PaymentMethodDialog({ open, onClose, ...form }: PaymentMethodDialogProps) {
  const [offered, setOffered] = useState<readonly PaymentKind[]>(ALWAYS);
  useEffect(() => {
    let live = true;
    getPaymentMethods().then(
      (list) => live && setOffered(list),
      () => {}, // keep the methods that are always offered
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Dialog open={open} title="Select Payment Method" onClose={onClose}>
      {open ? <PaymentForm {...form} offered={offered} /> : null}
    </Dialog>
  );
}

function PaymentForm({
  amountText,
  pay,
  errorText,
  onError,
  offered,
}: Omit<PaymentMethodDialogProps, 'open' | 'onClose'> & { offered: readonly PaymentKind[] }) {
  const [kind, setKind] = useState<PaymentKind>(PAYMENT_METHODS[0].value);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setPaying(true);
    setError(undefined);
    try {
      if ((await pay(kind)) !== 'leaving') setPaying(false);
    } catch (e) {
      const text = errorText(e);
      setError(text);
      onError?.(text);
      setPaying(false);
    }
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={paying}>
      <LoadingOverlay show={paying} label="Processing payment…" />
      <p className="amount">{amountText}</p>
      <Options>
        <legend className="visually-hidden">Payment method</legend>
        {PAYMENT_METHODS.filter((m) => offered.includes(m.value)).map((method) => (
          <label key={method.value}>
            <input
              type="radio"
              name="payment_kind"
              value={method.value}
              checked={kind === method.value}
              onChange={() => setKind(method.value)}
              disabled={paying}
            />
            {method.label}
          </label>
        ))}
      </Options>
      {error ? (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      ) : null}
      <Button type="submit" disabled={paying} style={{ width: '100%' }}>
        Pay Now
      </Button>
    </Form>
  );
}
