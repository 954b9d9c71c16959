import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { resendCodeSchema } from 'shared/schemas';
import { getCreatedUser, setCreatedUser } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, TextField, useSchemaForm } from 'shared/ui';
import { resendActivationCode } from '../api/resend-activation-code';
import { AuthLayout } from '../components/auth-layout';
import { failureDetail } from '../messages';

export function ResendCodePage() {
  const navigate = useNavigate();
  const [initial] = useState(() => ({ username: getCreatedUser()?.username ?? '' }));
  const form = useSchemaForm(resendCodeSchema, initial, async (values) => {
    let answer;
    try {
      answer = await resendActivationCode(values.username);
    } catch (error) {
      showToast('ERROR', failureDetail(error));
      return;
    }
    // The activation step reads the username from here, so it matches the account the new code was sent for.
    setCreatedUser(values.username);
    showToast('SUCCESS', answer.message);
    await navigate('/auth/activate-account');
  });

  return (
    <AuthLayout
      title="Resend activation code"
      intro="Enter your username and we will mail you a new activation code."
      busy={form.submitting}
    >
      <form onSubmit={form.onSubmit} noValidate>
        <TextField label="Username" autoComplete="username" autoCapitalize="none" {...form.field('username')} />
        <Button type="submit" disabled={form.submitting}>
          Resend Code
        </Button>
      </form>
      <p className="links">
        <Link to="/auth/activate-account">Back to activation</Link>
        <Link to="/auth">Login</Link>
      </p>
    </AuthLayout>
  );
}
