import { Page } from 'shared/ui';

export function AuthLoginPage() {
  return (
    <Page>
      <h1>Login</h1>
    </Page>
  );
}
