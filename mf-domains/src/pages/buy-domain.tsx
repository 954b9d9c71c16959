import { Page } from 'shared/ui';

export function BuyDomainPage() {
  return (
    <Page>
      <h1>Buy domain</h1>
    </Page>
  );
}
