import { Link, useSearchParams } from 'react-router-dom';
import { loginSchema } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, TextField, useSchemaForm } from 'shared/ui';
import { login } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { loadPage } from '../leave-page';
import { SUCCESS, signinFailure } from '../messages';

export function AuthLoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const form = useSchemaForm(loginSchema, { username: '', password: '' }, async (values) => {
    let answer;
    try {
      answer = await login(values);
    } catch (error) {
      showToast('ERROR', signinFailure(error));
      return;
    }
    const query = redirect !== null ? `?redirect=${encodeURIComponent(redirect)}` : '';
    // An account with a passkey or an authenticator app is asked for it instead of a mailed code (issue 17).
    if (answer.second_factor?.length) {
      showToast('SUCCESS', answer.message);
      const methods = `methods=${answer.second_factor.join(',')}`;
      loadPage(`/auth/second-factor${query ? `${query}&${methods}` : `?${methods}`}`);
      return;
    }
    showToast('SUCCESS', SUCCESS.loginCode);
    loadPage(`/auth/submit-code${query}`);
  });

  return (
    <AuthLayout title="Login" intro="Log in with your username and password. We will mail you a login code." busy={form.submitting}>
      <form onSubmit={form.onSubmit} noValidate>
        <TextField label="Username" autoComplete="username" autoCapitalize="none" {...form.field('username')} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <p className="row-end">
          <Link to="/auth/forgot-password">Forgot password?</Link>
        </p>
        <Button type="submit" disabled={form.submitting}>
          Login
        </Button>
      </form>
      <p className="links">
        <span>
          Don&apos;t have an account? <Link to="/auth/signup">Sign up</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
