import { Page } from 'shared/ui';

export function ServicesPage() {
  return (
    <Page>
      <h1>Services</h1>
    </Page>
  );
}
