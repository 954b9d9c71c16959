import styled from '@emotion/styled';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText } from 'shared/api-client';
import { DOMAIN_MESSAGES, eppRevealSchema, validate } from 'shared/schemas';
import { Button, TextField, theme } from 'shared/ui';
import type { DomainDetail } from '../../api/domain-schemas';
import { revealEppCode } from '../../api/reveal-epp-code';
import { ErrorText, Section, serverFieldErrors } from './parts';

const Code = styled.output`
  display: inline-block; font-family: ui-monospace, monospace; font-size: 1.2rem; letter-spacing: .05em;
  background: ${theme.color.primarySoft}; border-radius: 8px; padding: .5rem .75rem; margin: .25rem 0 .75rem;
  overflow-wrap: anywhere;
`;
const Form = styled.form`
  max-width: 420px;
`;

/** The transfer (EPP) code: only while the lock is off, only after the account password is typed again. */
export function EppSection({ domain, locked }: { domain: DomainDetail; locked: boolean }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The form the keyboard was in gives way to the code: focus goes to the code (it fell to the page's start).
  const shown = useRef<HTMLOutputElement>(null);
  useEffect(() => {
    if (code) shown.current?.focus();
  }, [code]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(eppRevealSchema, { password });
    if (!checked.ok) {
      setError(checked.errors.password ?? DOMAIN_MESSAGES.password);
      return;
    }
    setError(null);
    setFormError(null);
    setBusy(true);
    try {
      setCode(await revealEppCode(domain.domainname, password));
      setPassword('');
    } catch (e) {
      const errors = serverFieldErrors(e);
      if (errors.password) setError(errors.password);
      else setFormError(errors.non_field_errors ?? errorText(e, 'The transfer code could not be shown.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section aria-labelledby="domain-epp">
      <h2 id="domain-epp">Transfer code (EPP)</h2>
      {locked ? (
        <p>{DOMAIN_MESSAGES.eppWhileLocked}</p>
      ) : code ? (
        <>
          <p>The transfer code of {domain.domainname}:</p>
          <Code aria-label="Transfer code" tabIndex={-1} ref={shown}>
            {code}
          </Code>
          <p>We sent a notice to your e-mail address: every reveal of this code is reported to the account holder.</p>
        </>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <p style={{ color: theme.color.muted, margin: '0 0 1rem' }}>
            Enter your account password to see the code. The account holder gets an e-mail each time it is shown.
          </p>
          <TextField
            label="Account password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={error ?? undefined}
            disabled={busy || domain.read_only}
            onChange={(e) => {
              setPassword(e.target.value);
              if (error) setError(null);
            }}
          />
          {formError ? <ErrorText role="alert">{formError}</ErrorText> : null}
          <Button type="submit" disabled={busy || domain.read_only}>
            {busy ? 'Checking…' : 'Show transfer code'}
          </Button>
        </Form>
      )}
    </Section>
  );
}
