import { Page } from 'shared/ui';

export function AccountSettingsPaymentsPage() {
  return (
    <Page>
      <h1>Account Settings</h1>
    </Page>
  );
}
