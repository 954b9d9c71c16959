import { Page } from 'shared/ui';

export function HelpPage() {
  return (
    <Page>
      <h1>Contact us</h1>
    </Page>
  );
}
