import { Page } from 'shared/ui';

export function HomePage() {
  return (
    <Page>
      <h1>Home</h1>
    </Page>
  );
}
