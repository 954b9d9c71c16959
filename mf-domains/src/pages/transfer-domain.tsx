import { Page } from 'shared/ui';

export function TransferDomainPage() {
  return (
    <Page>
      <h1>Transfer domain</h1>
    </Page>
  );
}
