import { useNavigate } from 'react-router-dom';
import { errorData } from 'shared/api-client';
import { setCartCount } from 'shared/cart-count';
import { formatMoney } from 'shared/format';
import { showToast } from 'shared/toast';
import { PaymentMethodDialog, payNavigation } from 'shared/ui';
import { checkout } from '../api/checkout';
import { serverErrorText } from './messages';

// The dialog itself lives in shared/ui (the invoice page of mf-dashboard pays with the same one).
export { payNavigation };

/** 'Select Payment Method': Wallet, 'Pay with Fiat' or 'Pay with Crypto', then the checkout call. */
export function PaymentDialog({
  open,
  onClose,
  currency,
  total,
  vat,
  itemIds,
  onCartChanged,
}: {
  open: boolean;
  onClose(): void;
  currency: string;
  /** Sum of the item prices. */
  total: number;
  /** VAT on the cart when known; checkout charges total plus VAT. */
  vat: number | null;
  /** The ids of the items shown: checkout charges only this cart. */
  itemIds: number[];
  /** The server refused because the cart is no longer the one shown (another tab changed it): show it again. */
  onCartChanged(): void;
}) {
  const navigate = useNavigate();
  return (
    <PaymentMethodDialog
      open={open}
      onClose={onClose}
      amountText={
        vat === null
          ? `Amount due: ${formatMoney(total, currency)} plus VAT`
          : `Amount due: ${formatMoney((Math.round(total * 100) + Math.round(vat * 100)) / 100, currency)} including VAT`
      }
      errorText={(e) => serverErrorText(e)}
      onError={(text) => showToast('ERROR', text)}
      pay={async (kind) => {
        const answer = await checkout(kind, currency, { itemIds, total }).catch((error: unknown) => {
          if (errorData(error)?.cart_changed === true) onCartChanged();
          throw error;
        });
        // The server turned the cart into an invoice either way.
        setCartCount(0);
        const url = answer.data?.authorization_url;
        if (url) {
          payNavigation.go(url); // the page is leaving: stay busy
          return 'leaving';
        }
        const invoice = answer.data?.invoicenum;
        showToast('SUCCESS', answer.message || (invoice ? `Invoice ${invoice} paid.` : 'Payment successful.'));
        // The invoices page then says, from the API, that the order is active (as it does after a gateway payment).
        navigate(invoice ? `/dashboard/invoices?invoice=${encodeURIComponent(invoice)}` : '/dashboard/invoices');
      }}
    />
  );
}
