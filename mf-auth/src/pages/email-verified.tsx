import { Page } from 'shared/ui';

export function EmailVerifiedPage() {
  return (
    <Page>
      <h1>Email verified</h1>
    </Page>
  );
}
