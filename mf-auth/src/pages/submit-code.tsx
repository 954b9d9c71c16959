import { Link, useSearchParams } from 'react-router-dom';
import { loginCodeSchema } from 'shared/schemas';
import { setSession } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, TextField, useSchemaForm } from 'shared/ui';
import { submitLoginCode } from '../api/submit-login-code';
import { AuthLayout } from '../components/auth-layout';
import { loadPage } from '../leave-page';
import { SUCCESS, signinFailure } from '../messages';
import { redirectTarget } from '../redirect';

export function SubmitCodePage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const form = useSchemaForm(loginCodeSchema, { login_code: '' }, async (values) => {
    let session;
    try {
      session = await submitLoginCode(values);
    } catch (error) {
      showToast('ERROR', signinFailure(error));
      return;
    }
    setSession({ access: session.access, refresh: session.refresh });
    showToast('SUCCESS', SUCCESS.loggedIn);
    loadPage(redirectTarget(redirect));
  });

  return (
    <AuthLayout title="Enter login code" intro="We have sent a login code to your email address." busy={form.submitting}>
      <form onSubmit={form.onSubmit} noValidate>
        <TextField
          label="Login Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...form.field('login_code')}
        />
        <Button type="submit" disabled={form.submitting}>
          Submit Code
        </Button>
      </form>
      <p className="links">
        <Link to="/auth/forgot-password">Forgot password?</Link>
        <Link to="/login">Back to login</Link>
      </p>
    </AuthLayout>
  );
}
