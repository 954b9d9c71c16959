import { Page } from 'shared/ui';

export function DomainsPage() {
  return (
    <Page>
      <h1>Domains</h1>
    </Page>
  );
}
