import styled from '@emotion/styled';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from 'shared/schemas';
import { signOut } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, Dialog, Notice, TextField, theme, useSchemaForm } from 'shared/ui';
import { changeEmail } from '../api/change-email';
import { changePassword } from '../api/change-password';
import { deleteAccount } from '../api/delete-account';
import { exportData } from '../api/export-data';
import { getMe } from '../api/get-me';
import { reauthWithPassword } from 'shared/reauth';
import { problemText, serverErrors } from '../components/form-errors';
import { SettingsFrame } from '../components/settings-frame';
import { useLoad } from 'shared/load';

const Section = styled.section`
  padding: 1.25rem 0; border-top: 1px solid ${theme.color.border};
  &:first-of-type { border-top: 0; padding-top: 0; }
  h2 { margin: 0 0 .75rem; font-size: 1.15rem; }
  p { margin: 0 0 1rem; }
`;
const EmailRow = styled.div`
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .75rem;
  p { margin: 0; overflow-wrap: anywhere; min-width: 0; }
`;
const Row = styled.div`
  display: flex; flex-wrap: wrap; align-items: center; gap: .75rem 1.25rem;
`;

type ServerErrors = Partial<Record<string, string>>;

/**
 * Remounted (new key) after a change, so the fields empty themselves; the keyboard stays on 'Update Password' (the
 * remount took the focus to the page's start).
 */
function PasswordForm() {
  const [round, setRound] = useState(0);
  return <PasswordFields key={round} again={round > 0} onChanged={() => setRound((n) => n + 1)} />;
}

function PasswordFields({ onChanged, again }: { onChanged(): void; again: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (again) formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [again]);
  const [visible, setVisible] = useState(false);
  const [server, setServer] = useState<ServerErrors>({});
  const form = useSchemaForm(changePasswordSchema, { current_password: '', new_password: '', re_new_password: '' }, async (values) => {
    setServer({});
    try {
      const answer = await changePassword(values);
      showToast('SUCCESS', answer.message);
      onChanged();
    } catch (error) {
      const fields = serverErrors(error, ['current_password', 'new_password', 're_new_password']);
      if (fields) setServer(fields);
      else showToast('ERROR', problemText(error));
    }
  });
  const type = visible ? 'text' : 'password';
  const field = (name: 'current_password' | 'new_password' | 're_new_password') => {
    const f = form.field(name);
    return { ...f, error: f.error ?? server[name], onChange: (e: ChangeEvent<HTMLInputElement>) => { setServer((s) => ({ ...s, [name]: undefined })); f.onChange(e); } };
  };
  return (
    <form ref={formRef} onSubmit={form.onSubmit} noValidate>
      <TextField label="Current Password" type={type} autoComplete="current-password" {...field('current_password')} />
      <TextField label="New Password" type={type} autoComplete="new-password" hint="At least 8 characters." {...field('new_password')} />
      <TextField label="Confirm Password" type={type} autoComplete="new-password" {...field('re_new_password')} />
      <Row>
        <Button variant="secondary" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide passwords' : 'Show passwords'}
        </Button>
        <Button type="submit" disabled={form.submitting}>
          Update Password
        </Button>
        <Link to="/auth/forgot-password">Forgot your password?</Link>
      </Row>
      <p style={{ marginTop: '.75rem', color: theme.color.muted, fontSize: '.9rem' }}>
        Changing your password signs out every other device.
      </p>
    </form>
  );
}

function ChangeEmailForm({ onDone }: { onDone(): void }) {
  const [server, setServer] = useState<ServerErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(changeEmailSchema, { email: '', password: '' }, async (values) => {
    setServer({});
    setProblem(null);
    try {
      // The password asked here is also the recent authentication the API wants for this change.
      await reauthWithPassword(values.password);
      const answer = await changeEmail(values);
      showToast('SUCCESS', answer.message);
      onDone();
    } catch (error) {
      const fields = serverErrors(error, ['email', 'password']);
      if (fields) setServer(fields);
      else setProblem(problemText(error));
    }
  });
  const field = (name: 'email' | 'password') => {
    const f = form.field(name);
    return { ...f, error: f.error ?? server[name] };
  };
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p>We will send a confirmation link to the new address. Your email address changes only when you open it.</p>
      <TextField label="New Email Address" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      {problem ? <Notice tone="error" role="alert">{problem}</Notice> : null}
      <Button type="submit" disabled={form.submitting}>
        Send Confirmation Link
      </Button>
    </form>
  );
}

function DeleteAccountForm({ username }: { username: string }) {
  const [server, setServer] = useState<ServerErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSchemaForm(deleteAccountSchema, { password: '', username: '' }, async (values) => {
    setServer({});
    setProblem(null);
    try {
      await reauthWithPassword(values.password);
      const answer = await deleteAccount(values);
      signOut();
      showToast('SUCCESS', answer.message);
      window.location.assign('/auth');
    } catch (error) {
      const fields = serverErrors(error, ['password', 'username']);
      if (fields) setServer(fields);
      else setProblem(problemText(error));
    }
  });
  const field = (name: 'password' | 'username') => {
    const f = form.field(name);
    return { ...f, error: f.error ?? server[name] };
  };
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p>
        This cannot be undone. Every session is signed out and your personal data is erased; invoices and payment
        records are kept, without your name and address, as tax law requires.
      </p>
      <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
      <TextField label={`Type your username (${username}) to confirm`} autoComplete="off" autoCapitalize="none" {...field('username')} />
      {problem ? <Notice tone="error" role="alert">{problem}</Notice> : null}
      <Button type="submit" variant="danger" disabled={form.submitting}>
        Delete my account
      </Button>
    </form>
  );
}

function DownloadData() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const text = await exportData();
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'hosthub-my-data.json';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      showToast('ERROR', problemText(error, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={download} disabled={busy}>
      Download my data
    </Button>
  );
}

export function AccountSettingsPage() {
  const me = useLoad(getMe, { id: 'dashboard/me' });
  const [dialog, setDialog] = useState<'email' | 'delete' | null>(null);
  const email = me.state === 'ready' ? me.data.email || '-' : me.state === 'failed' ? 'Your email address could not be loaded.' : 'Loading…';
  const username = me.state === 'ready' ? me.data.username : '';
  return (
    <SettingsFrame>
      <Section aria-labelledby="email-heading">
        <h2 id="email-heading">Email Address</h2>
        <EmailRow>
          <p>{email}</p>
          <Button variant="secondary" onClick={() => setDialog('email')} disabled={me.state !== 'ready'}>
            Change
          </Button>
        </EmailRow>
      </Section>
      <Section aria-labelledby="password-heading">
        <h2 id="password-heading">Change Password</h2>
        <PasswordForm />
      </Section>
      <Section aria-labelledby="data-heading">
        <h2 id="data-heading">Your Data</h2>
        <p>Download everything your account holds: profile, domains, services, invoices, tickets and wallet entries (JSON).</p>
        <DownloadData />
      </Section>
      <Section aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete Account</h2>
        <p>
          Deleting your account is permanent. You cannot delete it while it has active domains or hosting, or money in
          its wallet.
        </p>
        <Button variant="danger" onClick={() => setDialog('delete')} disabled={me.state !== 'ready'}>
          Delete Account
        </Button>
      </Section>
      <Dialog open={dialog === 'email'} title="Change email address" onClose={() => setDialog(null)}>
        {dialog === 'email' ? <ChangeEmailForm onDone={() => setDialog(null)} /> : null}
      </Dialog>
      <Dialog open={dialog === 'delete'} title="Delete Account" onClose={() => setDialog(null)}>
        {dialog === 'delete' ? <DeleteAccountForm username={username} /> : null}
      </Dialog>
    </SettingsFrame>
  );
}
