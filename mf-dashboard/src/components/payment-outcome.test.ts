import type { PaymentOutcome } from '../api/schemas';
import { outcomeText } from './payment-outcome';

const paid: PaymentOutcome = {
  purpose: 'checkout',
  status: 'success',
  amount: 19887.5,
  currency: 'NGN',
  invoicenum: 'INV-000017',
  invoice_status: 'Paid',
  credited_to_wallet: false,
  refunds: [],
  renewal: false,
};

it('says a checkout payment paid its invoice only when it did; one credited to the wallet says so', () => {
  expect(outcomeText({ ...paid, invoice_status: 'Paid', credited_to_wallet: false })).toEqual({
    tone: 'success',
    text: 'Invoice INV-000017 is paid (₦19,887.50). Your order is now active.',
  });
  // A renewal invoice ordered nothing: it says the renewal is applied.
  expect(outcomeText({ ...paid, renewal: true })).toEqual({
    tone: 'success',
    text: 'Invoice INV-000017 is paid (₦19,887.50). The renewal is applied: see the new date on your domain or service.',
  });
  // Paid meanwhile another way (staff marked it paid, the wallet paid it first): the money went to the wallet.
  expect(outcomeText({ ...paid, invoice_status: 'Paid', credited_to_wallet: true })).toEqual({
    tone: 'info',
    text: 'Invoice INV-000017 was already paid, so this payment of ₦19,887.50 was credited to your wallet.',
  });
  // Its total changed while the payment was pending (a restore fee): still unpaid, the payment is in the wallet.
  expect(outcomeText({ ...paid, invoice_status: 'Unpaid', credited_to_wallet: true }).text).toBe(
    'Invoice INV-000017 changed after this payment started, so the payment of ₦19,887.50 was credited to your wallet.',
  );
  expect(outcomeText({ ...paid, invoice_status: 'Cancelled', credited_to_wallet: true }).text).toBe(
    'Invoice INV-000017 was cancelled before this payment arrived, so the payment of ₦19,887.50 was credited to your wallet.',
  );
  expect(outcomeText({ ...paid, purpose: 'deposit', invoicenum: null, invoice_status: null, credited_to_wallet: true }).text).toBe(
    '₦19,887.50 was credited to your wallet.',
  );
});

it('says which items of a paid invoice went back to the wallet', () => {
  const refunds = [{ amount: 18500, description: 'shop.ng was registered by someone else first' }];
  expect(outcomeText({ ...paid, invoice_status: 'Paid', credited_to_wallet: false, refunds })).toEqual({
    tone: 'info',
    text:
      'Invoice INV-000017 is paid (₦19,887.50). Not all of it could be delivered, and this went back to your wallet: ' +
      'shop.ng was registered by someone else first (₦18,500.00).',
  });
});

it('a declined payment: a new order’s items are back in the cart; a renewal invoice is still there to pay', () => {
  const declined = { ...paid, status: 'failed' as const };
  expect(outcomeText({ ...declined, invoice_status: 'Cancelled' }).text).toBe(
    'The payment for invoice INV-000017 was declined and nothing was charged. The items are back in your cart.',
  );
  expect(outcomeText({ ...declined, invoice_status: 'Unpaid', renewal: true })).toEqual({
    tone: 'error',
    text: 'The payment for invoice INV-000017 was declined and nothing was charged. The invoice is still unpaid: you can pay it again from its page.',
  });
  // Cancelled by the lifecycle meanwhile: nothing went into the cart.
  expect(outcomeText({ ...declined, invoice_status: 'Cancelled', renewal: true }).text).toBe(
    'The payment for invoice INV-000017 was declined and nothing was charged.',
  );
});
