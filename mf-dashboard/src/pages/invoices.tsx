import { Page } from 'shared/ui';

export function InvoicesPage() {
  return (
    <Page>
      <h1>Invoices</h1>
    </Page>
  );
}
