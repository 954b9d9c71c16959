import { Page } from 'shared/ui';

export function ContactUsPage() {
  return (
    <Page>
      <h1>Contact us</h1>
    </Page>
  );
}
