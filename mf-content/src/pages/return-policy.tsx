import { Page } from 'shared/ui';

export function ReturnPolicyPage() {
  return (
    <Page>
      <h1>Return Policy</h1>
    </Page>
  );
}
