// The link mailed to a new e-mail address (issue 17): opening it confirms the change. It works without a session,
// so the customer can open it on any device.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isLoggedIn } from 'shared/session';
import { confirmEmail } from '../api/confirm-email';
import { AuthLayout } from '../components/auth-layout';
import { failureDetail } from '../messages';

export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    // The link is single use: send it once even when React runs effects twice.
    if (sent.current) return;
    sent.current = true;
    confirmEmail(token).then(
      (answer) => setResult({ ok: true, text: `${answer.message} You now use ${answer.email}.` }),
      (error: unknown) => setResult({ ok: false, text: failureDetail(error) }),
    );
  }, [token]);
  return (
    <AuthLayout title="Confirm email address" busy={result === null}>
      <p role="status">{result ? result.text : 'Confirming your new email address…'}</p>
      <p className="links">
        {isLoggedIn() ? <Link to="/account-settings">Account Settings</Link> : <Link to="/auth">Login</Link>}
      </p>
    </AuthLayout>
  );
}
