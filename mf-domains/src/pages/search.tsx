import { Page } from 'shared/ui';

export function SearchPage() {
  return (
    <Page>
      <h1>Domain search</h1>
    </Page>
  );
}
