import { Page } from 'shared/ui';

export function ActivateAccountPage() {
  return (
    <Page>
      <h1>Activate account</h1>
    </Page>
  );
}
