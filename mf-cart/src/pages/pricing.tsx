import { Page } from 'shared/ui';

export function PricingPage() {
  return (
    <Page>
      <h1>Pricing</h1>
    </Page>
  );
}
