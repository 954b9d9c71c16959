import { Link, useNavigate, useParams } from 'react-router-dom';
import { resetPasswordFormSchema } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, TextField, useSchemaForm } from 'shared/ui';
import { resetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { SUCCESS, resetPasswordFailure } from '../messages';

export function ResetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', re_password: '' }, async (values) => {
    try {
      await resetPassword({ uid, token, new_password: values.password, re_new_password: values.re_password });
    } catch (error) {
      showToast('ERROR', resetPasswordFailure(error));
      return;
    }
    showToast('SUCCESS', SUCCESS.passwordReset);
    await navigate('/auth');
  });

  return (
    <AuthLayout title="Reset password" intro="Choose a new password for your account." busy={form.submitting}>
      <form onSubmit={form.onSubmit} noValidate>
        <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('re_password')} />
        <Button type="submit" disabled={form.submitting}>
          Reset Password
        </Button>
      </form>
      <p className="links">
        <Link to="/auth">Remember your old Password</Link>
      </p>
    </AuthLayout>
  );
}
