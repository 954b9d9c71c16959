// The second step of a login for an account with a passkey or an authenticator app (issue 17): the passkey, a code
// from the app, or one of the recovery codes. The login attempt is the HttpOnly cookie set by the password step.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { recoveryCodeSchema, totpCodeSchema } from 'shared/schemas';
import { setSession } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, Notice, TextField, useSchemaForm } from 'shared/ui';
import { passkeyLogin } from '../api/passkey-login';
import type { SessionResponse, SecondFactorMethod } from '../api/schemas';
import { submitSecondFactor } from '../api/submit-second-factor';
import { AuthLayout } from '../components/auth-layout';
import { loadPage } from '../leave-page';
import { SUCCESS, signinFailure } from '../messages';
import { redirectTarget } from '../redirect';

/**
 * The browser refused the passkey step (a NotAllowedError; @simplewebauthn/browser passes it on with that name): the
 * prompt was cancelled or timed out, or no passkey for this site is on this device. The browser does not say which.
 */
/** Said at the code's field when the server refused it (its reason is in the toast). */
export const CODE_NOT_ACCEPTED = 'This code was not accepted: check it and try again.';

const passkeyNotUsed = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError';

export function SecondFactorPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const methods = (params.get('methods') ?? 'passkey,totp,recovery_code').split(',') as SecondFactorMethod[];
  const hasPasskey = methods.includes('passkey');
  const hasTotp = methods.includes('totp');
  const [mode, setMode] = useState<'totp' | 'recovery_code'>(hasTotp ? 'totp' : 'recovery_code');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);

  const done = (session: SessionResponse) => {
    setSession({ access: session.access, refresh: session.refresh });
    showToast('SUCCESS', SUCCESS.loggedIn);
    loadPage(redirectTarget(redirect));
  };

  // A refused code is marked at its field too (the toast, with the server's reason, goes after a few seconds), which
  // takes the focus back to be typed again; the mark goes once the code is changed. In words of its own, so the
  // reason is on the page once.
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async (method: 'totp' | 'recovery_code', code: string) => {
    setRefused(null);
    try {
      done(await submitSecondFactor({ method, code }));
    } catch (error) {
      showToast('ERROR', signinFailure(error));
      setRefused(code);
    }
  };
  const totp = useSchemaForm(totpCodeSchema, { code: '' }, (values) => submit('totp', values.code));
  const recovery = useSchemaForm(recoveryCodeSchema, { code: '' }, (values) => submit('recovery_code', values.code));
  /** The field's props, with the server's refusal while the code is the one refused. */
  const codeField = (form: typeof totp) => {
    const field = form.field('code');
    return refused !== null && form.values.code === refused && !field.error ? { ...field, error: CODE_NOT_ACCEPTED } : field;
  };

  const usePasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyProblem(null);
    try {
      done(await passkeyLogin());
    } catch (error) {
      if (passkeyNotUsed(error)) {
        // Said by the button, and kept there: the way on is one of the other methods this account has.
        setPasskeyProblem(
          `Your passkey was not used: it may not be on this device, or the request was cancelled. Try again, or use ${hasTotp ? 'your authenticator app or a recovery code' : 'a recovery code'}.`,
        );
      } else showToast('ERROR', signinFailure(error));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const busy = passkeyBusy || totp.submitting || recovery.submitting;
  // Once the field is enabled again after a refusal.
  useEffect(() => {
    if (refused !== null && !busy) document.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [refused, busy]);
  return (
    <AuthLayout title="Confirm it's you" intro="Your password was right. Finish signing in with your second factor." busy={busy}>
      {hasPasskey ? (
        <section aria-labelledby="passkey-heading">
          <h2 id="passkey-heading" style={{ fontSize: '1.1rem', margin: '0 0 .75rem' }}>
            Passkey
          </h2>
          <Button type="button" onClick={usePasskey} disabled={busy} style={{ width: '100%' }}>
            Use your passkey
          </Button>
          {passkeyProblem ? (
            <Notice tone="error" role="alert" style={{ margin: '.75rem 0 0' }}>
              {passkeyProblem}
            </Notice>
          ) : null}
        </section>
      ) : null}
      {mode === 'totp' && hasTotp ? (
        <form onSubmit={totp.onSubmit} noValidate style={{ marginTop: hasPasskey ? '1.5rem' : 0 }}>
          <TextField label="Authentication Code" hint="The 6-digit code your authenticator app shows." autoComplete="one-time-code" inputMode="numeric" {...codeField(totp)} />
          <Button type="submit" disabled={busy}>
            Verify Code
          </Button>
        </form>
      ) : (
        <form onSubmit={recovery.onSubmit} noValidate style={{ marginTop: hasPasskey ? '1.5rem' : 0 }}>
          <TextField label="Recovery Code" hint="One of the 10 codes you saved when you turned on two-factor sign-in. Each works once." autoComplete="off" autoCapitalize="none" {...codeField(recovery)} />
          <Button type="submit" disabled={busy}>
            Use Recovery Code
          </Button>
        </form>
      )}
      <p className="links">
        {hasTotp ? (
          <Button type="button" variant="secondary" onClick={() => setMode(mode === 'totp' ? 'recovery_code' : 'totp')}>
            {mode === 'totp' ? 'Use a recovery code' : 'Use your authenticator app'}
          </Button>
        ) : null}
        <Link to="/login">Back to login</Link>
      </p>
    </AuthLayout>
  );
}
