import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { resetPasswordFormSchema } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, ButtonLink, Notice, TextField, useSchemaForm } from 'shared/ui';
import { checkResetLink, type ResetLink } from '../api/check-reset-link';
import { resetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { SUCCESS, resetPasswordFailure } from '../messages';

export function ResetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  // The link is checked as the page opens, so a dead one says so before a new password is typed twice. If the check
  // itself fails, the form is offered as before and the server judges the link on submit.
  const [link, setLink] = useState<ResetLink | 'checking' | 'unknown'>('checking');
  useEffect(() => {
    let live = true;
    checkResetLink(uid, token).then(
      (answer) => live && setLink(answer),
      () => live && setLink('unknown'),
    );
    return () => {
      live = false;
    };
  }, [uid, token]);
  const dead = typeof link === 'object' && link.state !== 'valid';
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
      {dead ? (
        <div style={{ display: 'grid', gap: '.75rem', justifyItems: 'start', marginBottom: '1.75rem' }}>
          <Notice tone="error" role="alert">
            {link.message ?? 'This password reset link cannot be used. Please ask for a new one.'}
          </Notice>
          <ButtonLink to="/auth/forgot-password">Ask for a new link</ButtonLink>
        </div>
      ) : null}
      {/* The form stays under a dead link's notice: the server has the last word on submit (a check that answered
          before a newer mail, a link opened twice), and its refusal is the spec's 'Signin Failed:' toast. */}
      <form onSubmit={form.onSubmit} noValidate>
        <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...form.field('re_password')}
        />
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
