import { Page } from 'shared/ui';

export function CartPage() {
  return (
    <Page>
      <h1>Your Cart</h1>
    </Page>
  );
}
