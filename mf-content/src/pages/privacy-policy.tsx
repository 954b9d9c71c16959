import { Page } from 'shared/ui';

export function PrivacyPolicyPage() {
  return (
    <Page>
      <h1>Privacy Policy</h1>
    </Page>
  );
}
