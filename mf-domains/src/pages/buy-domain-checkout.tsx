import { Page } from 'shared/ui';

export function BuyDomainCheckoutPage() {
  return (
    <Page>
      <h1>Checkout</h1>
    </Page>
  );
}
