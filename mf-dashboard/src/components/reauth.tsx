// Recent re-authentication in the browser (issue 17): an action the API refuses with 403 REAUTH_REQUIRED opens a
// password prompt (or a passkey); once confirmed, the action runs again. Cancelling leaves everything unchanged.
import { useRef, useState, type ReactNode } from 'react';
import { errorData, isHTTPError } from 'shared/api-client';
import { REAUTH_REQUIRED, reauthPasswordSchema } from 'shared/schemas';
import { Button, Dialog, TextField, useSchemaForm } from 'shared/ui';
import { reauthWithPasskey, reauthWithPassword } from '../api/reauthenticate';
import { fieldError } from './form-errors';

export const needsReauth = (error: unknown) =>
  isHTTPError(error) && error.response.status === 403 && errorData(error)?.detail === REAUTH_REQUIRED;

export class ReauthCancelled extends Error {}

function ReauthForm({ passkey, onDone }: { passkey: boolean; onDone(): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(reauthPasswordSchema, { password: '' }, async (values) => {
    setProblem(null);
    try {
      await reauthWithPassword(values.password);
      onDone();
    } catch (error) {
      setProblem(fieldError(error, 'password') ?? 'We could not confirm your password. Please try again.');
    }
  });
  const withPasskey = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await reauthWithPasskey();
      onDone();
    } catch (error) {
      setProblem(fieldError(error, 'passkey') ?? fieldError(error, 'detail') ?? 'Your passkey could not be verified. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <p>{REAUTH_REQUIRED}</p>
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} error={form.field('password').error ?? problem ?? undefined} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '.75rem' }}>
        <Button type="submit" disabled={form.submitting || busy}>
          Confirm Password
        </Button>
        {passkey ? (
          <Button type="button" variant="secondary" onClick={withPasskey} disabled={form.submitting || busy}>
            Use a passkey instead
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** `run(action)` runs it, asking for the password first when the API wants a recent authentication. */
export function useReauth({ passkey = false }: { passkey?: boolean } = {}): { run<T>(action: () => Promise<T>): Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve(): void; reject(e: Error): void } | null>(null);
  const ask = () =>
    new Promise<void>((resolve, reject) => {
      waiting.current = { resolve, reject };
      setOpen(true);
    });
  const close = (confirmed: boolean) => {
    setOpen(false);
    const w = waiting.current;
    waiting.current = null;
    if (confirmed) w?.resolve();
    else w?.reject(new ReauthCancelled('cancelled'));
  };
  async function run<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (!needsReauth(error)) throw error;
      await ask();
      return action();
    }
  }
  const dialog = (
    <Dialog open={open} title="Confirm it's you" onClose={() => close(false)}>
      {open ? <ReauthForm passkey={passkey} onDone={() => close(true)} /> : null}
    </Dialog>
  );
  return { run, dialog };
}

