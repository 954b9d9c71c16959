import { Page } from 'shared/ui';

export function SignupPage() {
  return (
    <Page>
      <h1>Sign up</h1>
    </Page>
  );
}
