import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { activationFormSchema, activationSchema } from 'shared/schemas';
import { clearCreatedUser, getCreatedUser, setSession } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, TextField, useSchemaForm } from 'shared/ui';
import { activateAccount } from '../api/activate-account';
import { AuthLayout } from '../components/auth-layout';
import { activationFailure } from '../messages';

export function ActivateAccountPage() {
  const navigate = useNavigate();
  // The username comes from signup. Someone arriving without it (another browser, cleared storage) types it in.
  const [createdUser] = useState(getCreatedUser);
  const form = useSchemaForm(
    createdUser ? activationFormSchema : activationSchema,
    { username: createdUser?.username ?? '', activation_code: '' },
    async (values) => {
      let answer;
      try {
        answer = await activateAccount({ username: createdUser?.username ?? ('username' in values ? values.username : ''), activation_code: values.activation_code });
      } catch (error) {
        showToast('ERROR', activationFailure(error));
        return;
      }
      setSession({ access: answer.access, refresh: answer.refresh });
      clearCreatedUser();
      showToast('SUCCESS', answer.message);
      await navigate('/dashboard');
    },
  );

  return (
    <AuthLayout
      title="Activate your account"
      intro="Enter the activation code we sent to your email address."
      busy={form.submitting}
    >
      <form onSubmit={form.onSubmit} noValidate>
        {createdUser ? null : <TextField label="Username" autoComplete="username" autoCapitalize="none" {...form.field('username')} />}
        <TextField label="Activation Code" autoComplete="one-time-code" inputMode="numeric" {...form.field('activation_code')} />
        <Button type="submit" disabled={form.submitting}>
          Activate Account
        </Button>
      </form>
      <p className="links">
        <span>
          Did not get a code? <Link to="/resend-code/">Resend code</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
