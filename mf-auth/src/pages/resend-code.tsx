import { Page } from 'shared/ui';

export function ResendCodePage() {
  return (
    <Page>
      <h1>Resend code</h1>
    </Page>
  );
}
