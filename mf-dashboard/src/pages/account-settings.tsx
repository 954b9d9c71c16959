import { Page } from 'shared/ui';

export function AccountSettingsPage() {
  return (
    <Page>
      <h1>Account Settings</h1>
    </Page>
  );
}
