// The Security tab (issue 17): passkeys, the authenticator app, recovery codes and signed-in sessions. Removing a
// second factor or replacing recovery codes asks for the password when the API wants a recent authentication.
import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDate } from 'shared/format';
import { passkeyNameSchema, totpCodeSchema } from 'shared/schemas';
import { signOut } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, Notice, TextField, theme, useSchemaForm } from 'shared/ui';
import { addPasskey } from '../api/add-passkey';
import { confirmTotp } from '../api/confirm-totp';
import { disableTotp } from '../api/disable-totp';
import { getSecurity } from '../api/get-security';
import { getSessions } from '../api/get-sessions';
import { regenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { removePasskey } from '../api/remove-passkey';
import { renamePasskey } from '../api/rename-passkey';
import type { Passkey, SecurityOverview, SessionRow, TotpSetup } from '../api/schemas';
import { setupTotp } from '../api/setup-totp';
import { signOutOtherSessions } from '../api/sign-out-other-sessions';
import { signOutSession } from '../api/sign-out-session';
import { fieldError } from 'shared/api-client';
import { problemText } from '../components/form-errors';
import { ReauthCancelled, useReauth } from 'shared/reauth';
import { reauthWithPasskey } from '../api/reauthenticate';
import { SettingsFrame } from '../components/settings-frame';
import { ListState, useLoad } from 'shared/load';

const Section = styled.section`
  padding: 1.25rem 0; border-top: 1px solid ${theme.color.border};
  &:first-of-type { border-top: 0; padding-top: 0; }
  h2 { margin: 0 0 .5rem; font-size: 1.15rem; }
  h3 { margin: 1rem 0 .5rem; font-size: 1rem; }
  p { margin: 0 0 1rem; }
`;
const Items = styled.ul`
  list-style: none; margin: 0 0 1rem; padding: 0; display: grid; gap: .75rem;
  li { border: 1px solid ${theme.color.border}; border-radius: 8px; padding: .75rem 1rem; display: flex; flex-wrap: wrap;
    align-items: center; justify-content: space-between; gap: .5rem 1rem; min-width: 0; }
  .what { min-width: 0; overflow-wrap: anywhere; }
  .what strong { display: block; }
  .what span { color: ${theme.color.muted}; font-size: .9rem; }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; }
`;
const Codes = styled.ol`
  display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .35rem 1rem; margin: 0 0 1rem;
  padding: 1rem 1rem 1rem 2.5rem; background: ${theme.color.background}; border-radius: 8px;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 1rem;
`;
const Qr = styled.div`
  display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; margin-bottom: 1rem;
  img { width: 180px; height: 180px; background: #fff; border: 1px solid ${theme.color.border}; border-radius: 8px; }
  code { display: inline-block; overflow-wrap: anywhere; word-break: break-all; font-size: 1rem; background: ${theme.color.background}; padding: .25rem .5rem; border-radius: 6px; }
  .manual { flex: 1 1 14rem; min-width: 0; }
`;
const Badge = styled.span`
  display: inline-block; padding: .15rem .6rem; border-radius: 999px; font-size: .85rem; font-weight: 600;
  background: ${theme.color.primarySoft}; color: ${theme.color.primary};
`;

/**
 * Focus for a control that unmounts when pressed (its content is replaced): without a move, focus falls to <body> and a
 * keyboard or screen-reader user starts again from the top of the page. `moveFocus(...ids)` focuses, once the change
 * it comes with is rendered (set it with that state), the first of those elements on the page.
 */
function useMoveFocus() {
  const [target, setTarget] = useState<{ ids: string[] } | null>(null);
  useEffect(() => {
    if (target) focusFirst(target.ids);
  }, [target]);
  return (...ids: string[]) => setTarget({ ids });
}

/** Focuses the first of the elements `ids` names that takes focus (one gone or disabled does not). */
function focusFirst(ids: string[]): void {
  for (const id of ids) {
    const node = document.getElementById(id);
    node?.focus();
    if (node && document.activeElement === node) return;
  }
}

const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}` : 'never');

function RecoveryCodes({ codes, onClose }: { codes: string[]; onClose(): void }) {
  // New codes come from a control that has gone (the set-up form) or that stays below them: either way the reader is
  // taken to them, and Tab goes on to "Download codes" and "I have saved them".
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, [codes]);
  const download = () => {
    const url = URL.createObjectURL(new Blob([`HostHub recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'hosthub-recovery-codes.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div role="region" aria-labelledby="new-codes-heading" tabIndex={-1} ref={region}>
      <h3 id="new-codes-heading">Your recovery codes</h3>
      <Notice tone="info">
        Save these 10 codes somewhere safe. Each signs you in once if you lose your passkey or phone. They are shown only
        now.
      </Notice>
      <Codes aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Codes>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '.75rem' }}>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onClose}>I have saved them</Button>
      </div>
    </div>
  );
}

function PasskeyItem({ passkey, onRename, onRemove }: { passkey: Passkey; onRename(name: string): Promise<void>; onRemove(): Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const ids = useId();
  const renameId = `${ids}-rename`;
  const fieldId = `${ids}-name`;
  const moveFocus = useMoveFocus();
  const edit = (on: boolean) => {
    setEditing(on);
    moveFocus(on ? fieldId : renameId);
  };
  const form = useSchemaForm(passkeyNameSchema, { name: passkey.name }, async (values) => {
    await onRename(values.name);
    edit(false);
  });
  if (editing) {
    return (
      <li>
        <form onSubmit={form.onSubmit} noValidate style={{ flex: '1 1 100%' }}>
          <TextField id={fieldId} label={`New name for ${passkey.name}`} {...form.field('name')} />
          <div className="actions">
            <Button type="submit" disabled={form.submitting}>
              Save name
            </Button>
            <Button variant="secondary" onClick={() => edit(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li>
      <div className="what">
        <strong>{passkey.name}</strong>
        <span>
          Added {when(passkey.created_at)} · Last used {when(passkey.last_used_at)}
        </span>
      </div>
      <div className="actions">
        <Button id={renameId} variant="secondary" onClick={() => edit(true)} aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
        <Button variant="danger" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

function NewPasskeyForm({ onAdd }: { onAdd(name: string): Promise<void> }) {
  const form = useSchemaForm(passkeyNameSchema, { name: '' }, (values) => onAdd(values.name));
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField label="Passkey name" hint="For example: Work laptop" {...form.field('name')} />
      <Button type="submit" disabled={form.submitting}>
        Add a passkey
      </Button>
    </form>
  );
}

function TwoFactor({ overview, reload }: { overview: SecurityOverview; reload(): void }) {
  const reauth = useReauth({ withPasskey: overview.passkeys.length > 0 ? reauthWithPasskey : undefined });
  /** New recovery codes, and where focus goes back to once they are saved: the first of `back` on the page. */
  const [codes, setCodes] = useState<{ list: string[]; back: string[] } | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const moveFocus = useMoveFocus();

  /** Runs a call; a refusal shows in the section, a cancelled password prompt changes nothing. */
  const act = async (fn: () => Promise<void>) => {
    setProblem(null);
    try {
      await reauth.run(fn);
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      setProblem(fieldError(error, 'passkey') ?? fieldError(error, 'name') ?? problemText(error));
    }
  };

  const [passkeyRound, setPasskeyRound] = useState(0);
  const onAddPasskey = (name: string) =>
    act(async () => {
      const answer = await addPasskey(name);
      setPasskeyRound((n) => n + 1);
      // The form is made anew (its button goes): focus to the codes, else to the list the passkey joined.
      if (answer.recovery_codes.length > 0) setCodes({ list: answer.recovery_codes, back: ['passkeys-heading'] });
      else moveFocus('passkeys-heading');
      showToast('SUCCESS', answer.message);
      reload();
    });

  /** The server's answer to a code (wrong, expired): shown at the code field, where the reader is looking. */
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const totpForm = useSchemaForm(totpCodeSchema, { code: '' }, async (values) => {
    setProblem(null);
    setCodeProblem(null);
    try {
      // Adding a second factor needs a recent sign-in (the API's rule): past it, the password prompt comes first.
      await reauth.run(async () => {
        const answer = await confirmTotp(values.code);
        setSetup(null);
        // The form goes: focus to the codes (RecoveryCodes takes it), else to this part's heading ("Turn off
        // authenticator app" comes with the reload).
        if (answer.recovery_codes.length > 0) setCodes({ list: answer.recovery_codes, back: ['totp-turn-off', 'totp-heading'] });
        else moveFocus('totp-heading');
        showToast('SUCCESS', answer.message);
        reload();
      });
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      setCodeProblem(fieldError(error, 'code') ?? problemText(error));
    }
  });
  const codeField = totpForm.field('code');

  return (
    <>
      {reauth.dialog}
      <Section aria-labelledby="twofactor-heading">
        <h2 id="twofactor-heading" tabIndex={-1}>
          Two-factor sign-in
        </h2>
        <p>
          {overview.second_factor
            ? 'When you log in, we ask for your passkey or a code from your authenticator app after your password.'
            : 'Your account is protected by a code we mail you at each login. Add a passkey or an authenticator app so that access to your mailbox alone is not enough to sign in.'}
        </p>
        {problem ? (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        ) : null}
        {codes ? (
          <RecoveryCodes
            codes={codes.list}
            onClose={() => {
              setCodes(null);
              moveFocus(...codes.back, 'twofactor-heading');
            }}
          />
        ) : null}

        <h3 id="passkeys-heading" tabIndex={-1}>
          Passkeys
        </h3>
        {overview.passkeys.length > 0 ? (
          <Items aria-labelledby="passkeys-heading">
            {overview.passkeys.map((p) => (
              <PasskeyItem
                key={p.id}
                passkey={p}
                onRename={(name) =>
                  act(async () => {
                    await renamePasskey(p.id, name);
                    reload();
                  })
                }
                onRemove={() =>
                  act(async () => {
                    await removePasskey(p.id);
                    moveFocus('passkeys-heading');
                    showToast('SUCCESS', 'Passkey removed.');
                    reload();
                  })
                }
              />
            ))}
          </Items>
        ) : (
          <p>No passkey yet. A passkey signs you in with your device's screen lock, fingerprint or face.</p>
        )}
        <NewPasskeyForm key={passkeyRound} onAdd={onAddPasskey} />

        <h3 id="totp-heading" tabIndex={-1}>
          Authenticator app
        </h3>
        {overview.totp.enabled ? (
          <Items>
            <li>
              <div className="what">
                <strong>Authenticator app is on</strong>
                <span>Since {when(overview.totp.enabled_at)}</span>
              </div>
              <div className="actions">
                <Button
                  id="totp-turn-off"
                  variant="danger"
                  onClick={() =>
                    act(async () => {
                      await disableTotp();
                      moveFocus('totp-heading');
                      showToast('SUCCESS', 'Authenticator app turned off.');
                      reload();
                    })
                  }
                >
                  Turn off authenticator app
                </Button>
              </div>
            </li>
          </Items>
        ) : setup ? (
          <form onSubmit={totpForm.onSubmit} noValidate>
            <Qr>
              <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`} alt="QR code to scan with your authenticator app" />
              <div className="manual">
                {/* Where focus goes when the form appears: read on, it gives the key, then Tab reaches the code field. */}
                <p id="totp-setup-start" tabIndex={-1}>
                  Scan the QR code with your authenticator app, or enter this key by hand:
                </p>
                <p>
                  <code data-testid="totp-secret">{setup.secret}</code>
                </p>
              </div>
            </Qr>
            <TextField
              label="Authentication Code"
              hint="The 6-digit code the app shows now."
              autoComplete="one-time-code"
              inputMode="numeric"
              {...codeField}
              error={codeField.error ?? codeProblem ?? undefined}
              onChange={(event) => {
                setCodeProblem(null);
                codeField.onChange(event);
              }}
            />
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '.75rem' }}>
              <Button type="submit" disabled={totpForm.submitting}>
                Turn on authenticator app
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setSetup(null);
                  setCodeProblem(null);
                  moveFocus('totp-set-up');
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p>Use an app such as Google Authenticator, Microsoft Authenticator or 1Password for a new code every 30 seconds.</p>
            <Button
              id="totp-set-up"
              variant="secondary"
              onClick={() =>
                act(async () => {
                  setSetup(await setupTotp());
                  moveFocus('totp-setup-start');
                })
              }
            >
              Set up authenticator app
            </Button>
          </>
        )}

        <h3 id="recovery-heading" tabIndex={-1}>
          Recovery codes
        </h3>
        {overview.second_factor ? (
          <>
            <p>{overview.recovery_codes_left} of 10 recovery codes unused.</p>
            <Button
              id="recovery-new"
              variant="secondary"
              onClick={() =>
                act(async () => {
                  const answer = await regenerateRecoveryCodes();
                  setCodes({ list: answer.recovery_codes, back: ['recovery-new', 'recovery-heading'] });
                  reload();
                })
              }
            >
              Generate new recovery codes
            </Button>
          </>
        ) : (
          <p>You get 10 recovery codes when you add a passkey or an authenticator app.</p>
        )}
      </Section>
    </>
  );
}

const signOutId = (id: number) => `session-sign-out-${id}`;

function Sessions({ sessions, reload }: { sessions: SessionRow[]; reload(): void }) {
  const [busy, setBusy] = useState(false);
  // The pressed button goes with its row (or is disabled): once the list is read again, focus goes to the first of
  // `ids` that can take it (another session's Sign out, next or before, then the Sessions heading), not to <body>.
  const [focusAfter, setFocusAfter] = useState<{ ids: string[]; list: SessionRow[] } | null>(null);
  useEffect(() => {
    if (!focusAfter || focusAfter.list === sessions) return;
    setFocusAfter(null);
    // Only when focus is lost (on <body>, on a button gone or disabled): not from where the visitor has moved it since.
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !(active as HTMLButtonElement).disabled) return;
    focusFirst(focusAfter.ids);
  }, [sessions, focusAfter]);
  const run = async (fn: () => Promise<void>, focusIds: string[]) => {
    setBusy(true);
    try {
      await fn();
      setFocusAfter({ ids: [...focusIds, 'sessions-heading'], list: sessions });
      reload();
    } catch (error) {
      showToast('ERROR', problemText(error));
    } finally {
      setBusy(false);
    }
  };
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <Items aria-label="Signed-in sessions">
        {sessions.map((s, i) => (
          <li key={s.id}>
            <div className="what">
              <strong>
                {s.device} {s.current ? <Badge>This device</Badge> : null}
              </strong>
              <span>
                IP {s.ip || 'unknown'} · Signed in {when(s.signed_in)} · Last seen {when(s.last_seen)}
              </span>
            </div>
            <div className="actions">
              <Button
                id={signOutId(s.id)}
                variant="secondary"
                disabled={busy}
                aria-label={s.current ? 'Sign out this device' : `Sign out ${s.device}, signed in ${when(s.signed_in)}`}
                onClick={() =>
                  run(
                    async () => {
                      await signOutSession(s.id);
                      if (s.current) {
                        signOut();
                        window.location.assign('/auth');
                      } else showToast('SUCCESS', 'Session signed out.');
                    },
                    // Not to this device's own Sign out: Enter pressed once more would end the visit.
                    [sessions[i + 1], sessions[i - 1]].filter((n) => n !== undefined && !n.current).map((n) => signOutId(n!.id)),
                  )
                }
              >
                Sign out
              </Button>
            </div>
          </li>
        ))}
      </Items>
      <Button
        variant="danger"
        disabled={busy || others === 0}
        onClick={() =>
          run(async () => {
            const answer = await signOutOtherSessions();
            showToast('SUCCESS', answer.message);
          }, [])
        }
      >
        Sign out everywhere else
      </Button>
    </>
  );
}

export function AccountSettingsSecurityPage() {
  const overview = useLoad(getSecurity, { id: 'dashboard/security' });
  const sessions = useLoad(getSessions, { id: 'dashboard/sessions' });
  return (
    <SettingsFrame>
      <ListState load={overview} what="security settings" empty="" isEmpty={() => false}>
        {(data) => <TwoFactor overview={data} reload={overview.reload} />}
      </ListState>
      <Section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" tabIndex={-1}>
          Sessions
        </h2>
        <p>Where your account is signed in. Sign out any session you do not recognise.</p>
        <ListState load={sessions} what="sessions" empty="No sessions." isEmpty={(list) => list.length === 0}>
          {(list) => <Sessions sessions={list} reload={sessions.reload} />}
        </ListState>
      </Section>
    </SettingsFrame>
  );
}
