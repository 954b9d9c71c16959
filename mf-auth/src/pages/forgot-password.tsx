import { useState } from 'react';
import { Link } from 'react-router-dom';
import { forgotPasswordSchema } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Notice, TextField, useSchemaForm } from 'shared/ui';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { SUCCESS, passwordResetRequestFailure } from '../messages';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useSchemaForm(forgotPasswordSchema, { username: '' }, async (values) => {
    setSent(false);
    try {
      await requestPasswordReset(values);
    } catch (error) {
      showToast('ERROR', passwordResetRequestFailure(error));
      return;
    }
    showToast('SUCCESS', SUCCESS.resetMailSent);
    setSent(true);
  });

  return (
    <AuthLayout
      title="Forgot password"
      intro="Enter your username and we will mail you a link to set a new password."
      busy={form.submitting}
    >
      {sent ? (
        // Not the toast's words again: the same sentence twice on the page would make it ambiguous to find.
        <Notice role="status">Check your mail and follow the link in it to set a new password.</Notice>
      ) : null}
      <form onSubmit={form.onSubmit} noValidate>
        <TextField label="Username" autoComplete="username" autoCapitalize="none" {...form.field('username')} />
        <Button type="submit" disabled={form.submitting}>
          Send Mail
        </Button>
      </form>
      <p className="links">
        <Link to="/auth">Back to login</Link>
      </p>
    </AuthLayout>
  );
}
