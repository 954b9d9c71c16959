import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, TextField, theme } from 'shared/ui';
import { getMe } from '../api/get-me';
import { SettingsFrame } from '../components/settings-frame';
import { useLoad } from '../components/use-load';

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

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [visible, setVisible] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec: 'Update Password' only logs; the passwords themselves are kept out of the console.
    console.log('Update Password requested');
  };
  const type = visible ? 'text' : 'password';
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Current Password" name="current_password" type={type} autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      <TextField label="New Password" name="new_password" type={type} autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
      <Row>
        <Button variant="secondary" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide passwords' : 'Show passwords'}
        </Button>
        <Button type="submit">Update Password</Button>
        <Link to="/auth/forgot-password">Forgot your password?</Link>
      </Row>
    </form>
  );
}

export function AccountSettingsPage() {
  const me = useLoad(getMe);
  const email = me.state === 'ready' ? me.data.email || '-' : me.state === 'failed' ? 'Your email address could not be loaded.' : 'Loading…';
  return (
    <SettingsFrame>
      <Section aria-labelledby="email-heading">
        <h2 id="email-heading">Email Address</h2>
        <EmailRow>
          <p>{email}</p>
          {/* Spec: 'Change' is non-functional. */}
          <Button variant="secondary" disabled>
            Change
          </Button>
        </EmailRow>
      </Section>
      <Section aria-labelledby="password-heading">
        <h2 id="password-heading">Change Password</h2>
        <PasswordForm />
      </Section>
      <Section aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete Account</h2>
        <p>
          Deleting your account is permanent: your services, domains, invoices and tickets will be removed and cannot be
          recovered.
        </p>
        {/* Spec: the button is not wired to any call. */}
        <Button variant="danger">Delete Account</Button>
      </Section>
    </SettingsFrame>
  );
}
