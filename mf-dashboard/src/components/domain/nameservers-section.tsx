import styled from '@emotion/styled';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText } from 'shared/api-client';
import {
  DOMAIN_MESSAGES,
  CUSTOM_NAMESERVERS_MAX,
  CUSTOM_NAMESERVERS_MIN,
  nameserverFieldSchema,
  nameserversSchema,
  validate,
} from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, TextField, theme } from 'shared/ui';
import type { DomainDetail } from '../../api/domain-schemas';
import { setNameservers } from '../../api/set-nameservers';
import { ReauthCancelled, useReauth } from 'shared/reauth';
import { ErrorText, Section, serverFieldErrors } from './parts';

const Choice = styled.fieldset`
  border: 0; margin: 0 0 1rem; padding: 0; min-width: 0;
  legend { font-weight: 600; padding: 0; margin-bottom: .5rem; }
  label { display: flex; align-items: center; gap: .6rem; min-height: 44px; cursor: pointer; }
  input[type='radio'] { width: 20px; height: 20px; margin: 0; accent-color: ${theme.color.primary}; }
  input[type='radio']:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
`;
const Ours = styled.ul`
  margin: 0 0 1rem; padding-left: 1.25rem; font-family: ui-monospace, monospace; overflow-wrap: anywhere;
`;
const Row = styled.div`
  display: flex; gap: .5rem; align-items: flex-start; flex-wrap: wrap;
  > div { flex: 1 1 220px; margin-bottom: .5rem; }
  > button { margin-top: 1.85rem; }
`;
const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: .75rem; margin-top: .5rem;
`;

/** 'Use our nameservers' or 2 to 4 custom host names, saved to the domain at the (simulated) registry. */
export function NameserversSection({ domain, onSaved }: { domain: DomainDetail; onSaved(): void }) {
  const [ours, setOurs] = useState(domain.uses_store_nameservers);
  const initial = domain.uses_store_nameservers ? ['', ''] : [...domain.nameservers, '', ''].slice(0, Math.max(CUSTOM_NAMESERVERS_MIN, domain.nameservers.length));
  const [list, setList] = useState<string[]>(initial);
  const [fieldErrors, setFieldErrors] = useState<Record<number, string>>({});
  const [groupError, setGroupError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reauth = useReauth();
  const disabled = domain.read_only || saving;

  /** The message of one field's value, or null (an empty field is the set's concern: too few nameservers). */
  const fieldError = (value: string) => {
    const result = value.trim() === '' ? null : validate(nameserverFieldSchema, value.trim());
    return result && !result.ok ? (Object.values(result.errors)[0] ?? '') : null;
  };
  const checkOne = (index: number, value: string) => {
    const error = fieldError(value);
    setFieldErrors((e) => {
      const next = { ...e };
      if (error !== null) next[index] = error;
      else delete next[index];
      return next;
    });
  };

  // The pressed Remove goes (with its row, or with every Remove once the minimum is left): focus goes to the field that
  // took the row's place, else the one before, not to <body>.
  const form = useRef<HTMLFormElement>(null);
  const [focusField, setFocusField] = useState<number | null>(null);
  useEffect(() => {
    if (focusField === null) return;
    form.current?.querySelector<HTMLInputElement>(`input[name="nameserver-${focusField + 1}"]`)?.focus();
    setFocusField(null);
  }, [focusField]);

  // The rows below move up: their errors move with them, and a message naming a row by number no longer holds.
  const remove = (index: number) => {
    setList(list.filter((_, i) => i !== index));
    setFocusField(Math.min(index, list.length - 2));
    setFieldErrors((e) => Object.fromEntries(Object.entries(e).flatMap(([k, msg]) => (+k === index ? [] : [[+k > index ? +k - 1 : +k, msg]]))));
    setGroupError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Each field first, at its field; the set's rules (how many, no repeats) only once every field is valid, so an
    // earlier message about the set never stays beside a new one about a field.
    if (!ours) {
      const errors: Record<number, string> = {};
      list.forEach((value, i) => {
        const error = fieldError(value);
        if (error !== null) errors[i] = error;
      });
      setFieldErrors(errors);
      if (Object.keys(errors).length) {
        setGroupError(null);
        return;
      }
    }
    const body = { use_store_nameservers: ours, nameservers: ours ? [] : list };
    const checked = validate(nameserversSchema, body);
    if (!checked.ok) {
      setGroupError(checked.errors.nameservers ?? checked.errors.use_store_nameservers ?? null);
      return;
    }
    setGroupError(null);
    setSaving(true);
    try {
      await reauth.run(() => setNameservers(domain.domainname, checked.value));
      showToast('SUCCESS', ours ? 'Your domain now uses our nameservers.' : 'Custom nameservers saved.');
      onSaved();
    } catch (e) {
      if (e instanceof ReauthCancelled) return;
      const errors = serverFieldErrors(e);
      setGroupError(errors.nameservers ?? errors.use_store_nameservers ?? errors.non_field_errors ?? errorText(e, 'The nameservers could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  const groupErrorId = 'nameservers-error';
  return (
    <Section aria-labelledby="domain-nameservers">
      <h2 id="domain-nameservers">Nameservers</h2>
      <form ref={form} onSubmit={onSubmit} noValidate>
        <Choice disabled={disabled}>
          <legend>Which nameservers answer for {domain.domainname_unicode ?? domain.domainname}?</legend>
          <label>
            <input type="radio" name="ns-mode" checked={ours} onChange={() => setOurs(true)} />
            Use our nameservers
          </label>
          <label>
            <input type="radio" name="ns-mode" checked={!ours} onChange={() => setOurs(false)} />
            Use custom nameservers
          </label>
        </Choice>
        {ours ? (
          <>
            <p>
              {domain.dns_served || !domain.uses_store_nameservers
                ? 'Our nameservers answer for your domain, with the DNS records below:'
                : DOMAIN_MESSAGES.notServed(domain.status)}
            </p>
            <Ours aria-label="Our nameservers">
              {domain.store_nameservers.map((ns) => (
                <li key={ns}>{ns}</li>
              ))}
            </Ours>
          </>
        ) : (
          <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-describedby={groupError ? groupErrorId : undefined} disabled={disabled}>
            <legend style={{ fontWeight: 600, padding: 0, marginBottom: '.25rem' }}>Custom nameservers</legend>
            <p style={{ margin: '0 0 .75rem', color: theme.color.muted }}>
              {CUSTOM_NAMESERVERS_MIN} to {CUSTOM_NAMESERVERS_MAX} host names, like ns1.example.com. While they are used, our DNS
              server does not answer for this domain.
            </p>
            {list.map((value, index) => (
              <Row key={index}>
                <TextField
                  label={`Nameserver ${index + 1}`}
                  name={`nameserver-${index + 1}`}
                  value={value}
                  autoComplete="off"
                  spellCheck={false}
                  error={fieldErrors[index]}
                  onChange={(e) => {
                    const next = [...list];
                    next[index] = e.target.value;
                    setList(next);
                    if (fieldErrors[index]) checkOne(index, e.target.value);
                  }}
                  // Not when the focus goes to Save: the message appearing under the field would move the button
                  // between the press and the release, and the click would be lost; Save checks every field itself.
                  onBlur={(e) => {
                    if ((e.relatedTarget as HTMLButtonElement | null)?.type !== 'submit') checkOne(index, e.target.value);
                  }}
                />
                {list.length > CUSTOM_NAMESERVERS_MIN ? (
                  <Button variant="ghost" aria-label={`Remove nameserver ${index + 1}`} onClick={() => remove(index)}>
                    Remove
                  </Button>
                ) : null}
              </Row>
            ))}
            {list.length < CUSTOM_NAMESERVERS_MAX ? (
              <Button variant="ghost" onClick={() => setList([...list, ''])}>
                + Add Nameserver
              </Button>
            ) : null}
          </fieldset>
        )}
        {groupError ? (
          <ErrorText id={groupErrorId} role="alert">
            {groupError}
          </ErrorText>
        ) : null}
        <Actions>
          <Button type="submit" disabled={disabled}>
            {saving ? 'Saving…' : 'Save nameservers'}
          </Button>
        </Actions>
      </form>
      {reauth.dialog}
    </Section>
  );
}
