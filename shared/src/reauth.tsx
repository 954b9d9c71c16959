// Recent re-authentication in the browser (issue 17): an action the API refuses with 403 REAUTH_REQUIRED opens a
// password prompt (or a passkey); once confirmed, the action runs again. Cancelling leaves everything unchanged.
// In `shared` for every remote whose actions the API guards this way (the dashboard's account and domain pages, the
// staff console's accounts page). The passkey ceremony is the caller's (`withPasskey`): only the dashboard carries
// the WebAuthn library.
import * as v from 'valibot';
import { useRef, useState, type ReactNode } from 'react';
import { api, errorData, fieldError, isHTTPError } from 'shared/api-client';
import { REAUTH_REQUIRED, reauthPasswordSchema } from 'shared/schemas';
import { Button, Dialog, TextField, useSchemaForm } from 'shared/ui';

/** POST core/reauth/ with the password: the session counts as recently authenticated for 10 minutes. */
export const reauthWithPassword = (password: string) =>
  api.post('core/reauth/', { json: { password } }).json(v.object({ message: v.string() }));

export const needsReauth = (error: unknown) =>
  isHTTPError(error) && error.response.status === 403 && errorData(error)?.detail === REAUTH_REQUIRED;

export class ReauthCancelled extends Error {}

function ReauthForm({ withPasskey: passkeyCeremony, onDone }: { withPasskey?: () => Promise<unknown>; onDone(): void }) {
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
      await passkeyCeremony!();
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
        {passkeyCeremony ? (
          <Button type="button" variant="secondary" onClick={withPasskey} disabled={form.submitting || busy}>
            Use a passkey instead
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * `run(action)` runs it, asking for the password first when the API wants a recent authentication. `withPasskey`:
 * the account's passkey ceremony (then offered beside the password).
 */
export function useReauth({ withPasskey }: { withPasskey?: () => Promise<unknown> } = {}): { run<T>(action: () => Promise<T>): Promise<T>; dialog: ReactNode } {
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
      {open ? <ReauthForm withPasskey={withPasskey} onDone={() => close(true)} /> : null}
    </Dialog>
  );
  return { run, dialog };
}

