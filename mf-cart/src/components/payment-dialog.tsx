import styled from '@emotion/styled';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { setCartCount } from 'shared/cart-count';
import { formatMoney } from 'shared/format';
import { PAYMENT_METHODS, type PaymentKind } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Dialog, LoadingOverlay, Notice, theme } from 'shared/ui';
import { checkout } from '../api/checkout';
import { getPaymentMethods } from '../api/get-payment-methods';
import { serverErrorText } from './messages';

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

/** 'Select Payment Method': Wallet, 'Pay with Fiat' or 'Pay with Crypto', then the checkout call. */
export function PaymentDialog({
  open,
  onClose,
  currency,
  total,
  vat,
}: {
  open: boolean;
  onClose(): void;
  currency: string;
  /** Sum of the item prices. */
  total: number;
  /** VAT on the cart when known; checkout charges total plus VAT. */
  vat: number | null;
}) {
  return (
    <Dialog open={open} title="Select Payment Method" onClose={onClose}>
      {open ? <PaymentForm currency={currency} total={total} vat={vat} /> : null}
    </Dialog>
  );
}

/** Always offered: the wallet, and fiat (the API does not start without a fiat gateway). Crypto only when the API says. */
const ALWAYS: readonly PaymentKind[] = ['wallet', 'fiat_payment_gateway'];

function PaymentForm({ currency, total, vat }: { currency: string; total: number; vat: number | null }) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<PaymentKind>(PAYMENT_METHODS[0].value);
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
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setPaying(true);
    setError(undefined);
    try {
      const answer = await checkout(kind, currency);
      // The server turned the cart into an invoice either way.
      setCartCount(0);
      const url = answer.data?.authorization_url;
      if (url) {
        payNavigation.go(url); // the page is leaving: stay busy
        return;
      }
      const invoice = answer.data?.invoicenum;
      showToast('SUCCESS', answer.message || (invoice ? `Invoice ${invoice} paid.` : 'Payment successful.'));
      navigate('/dashboard/invoices');
    } catch (e) {
      const text = serverErrorText(e);
      setError(text);
      showToast('ERROR', text);
      setPaying(false);
    }
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-busy={paying}>
      <LoadingOverlay show={paying} label="Processing payment…" />
      <p className="amount">
        {vat === null
          ? `Amount due: ${formatMoney(total, currency)} plus VAT`
          : `Amount due: ${formatMoney((Math.round(total * 100) + Math.round(vat * 100)) / 100, currency)} including VAT`}
      </p>
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
