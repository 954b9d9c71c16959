import { Page } from 'shared/ui';

export function AboutPage() {
  return (
    <Page>
      <h1>About us</h1>
    </Page>
  );
}
