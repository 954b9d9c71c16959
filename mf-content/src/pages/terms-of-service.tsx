import { Page } from 'shared/ui';

export function TermsOfServicePage() {
  return (
    <Page>
      <h1>Terms and Conditions</h1>
    </Page>
  );
}
