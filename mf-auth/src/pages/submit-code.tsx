import { Page } from 'shared/ui';

export function SubmitCodePage() {
  return (
    <Page>
      <h1>Submit login code</h1>
    </Page>
  );
}
