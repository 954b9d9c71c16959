import { ButtonLink } from 'shared/ui';
import { AuthLayout } from '../components/auth-layout';

export function EmailVerifiedPage() {
  return (
    <AuthLayout title="Email verified" intro="Thank you! Your email address has been verified and your account is ready.">
      <ButtonLink to="/auth" style={{ width: '100%' }}>
        Log in to your account
      </ButtonLink>
    </AuthLayout>
  );
}
