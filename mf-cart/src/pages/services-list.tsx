import { Page } from 'shared/ui';

export function ServicesListPage() {
  return (
    <Page>
      <h1>Services</h1>
    </Page>
  );
}
