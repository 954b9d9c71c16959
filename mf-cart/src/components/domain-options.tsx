import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatMoney } from 'shared/format';
import { DOMAIN_PROTECTION_PRICE, MAX_NAMESERVERS } from 'shared/schemas';
import { Button, TextField, theme } from 'shared/ui';
import { updateCartItem } from '../api/update-cart-item';
import type { CartItem } from '../api/schemas';
import { serverErrorText } from './messages';

const Box = styled.div`
  margin-top: 1rem; padding-top: 1rem; border-top: 1px solid ${theme.color.border};
  display: grid; gap: 1rem;
`;
const Toggle = styled.div`
  display: grid; grid-template-columns: auto 1fr auto; gap: .25rem .75rem; align-items: center;
  input { width: 22px; height: 22px; margin: 0; accent-color: ${theme.color.primary}; cursor: pointer; }
  input:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
  label { font-weight: 600; cursor: pointer; }
  .price { font-weight: 600; }
  p { grid-column: 2 / -1; margin: 0; color: ${theme.color.muted}; font-size: .9rem; }
`;
const Fieldset = styled.fieldset`
  border: 0; margin: 0; padding: 0; min-width: 0;
  /* A long domain name in the legend wraps rather than sticking out of the card. */
  legend { font-weight: 600; padding: 0; margin-bottom: .25rem; max-width: 100%; overflow-wrap: break-word; }
  .hint { margin: 0 0 .75rem; color: ${theme.color.muted}; font-size: .9rem; }
  .hint.below { margin: .75rem 0 0; }
`;
const Row = styled.div`
  display: flex; gap: .5rem; align-items: flex-end; flex-wrap: wrap;
  > div { flex: 1 1 200px; margin-bottom: 0; }
`;
const Rows = styled.div`
  display: grid; gap: .75rem; margin-bottom: .75rem;
`;
const ErrorText = styled.p`
  margin: .5rem 0 0; color: ${theme.color.error}; font-size: .9rem;
`;

const clean = (list: readonly string[]) => list.map((s) => s.trim()).filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * 'Full Domain Protection' (free) and up to MAX_NAMESERVERS custom nameservers of one domain-like cart item, each
 * change saved to the server: the toggle at once, a nameserver when its field loses focus (or on Enter) or is removed.
 */
export function DomainOptions({ item, currency, itemLabel }: { item: CartItem; currency: string; itemLabel: string }) {
  const ids = useId();
  const [protection, setProtection] = useState(Boolean(item.metadata.protection));
  const [protectionError, setProtectionError] = useState<string>();
  const [saved, setSaved] = useState<string[]>(item.metadata.nameservers ?? []);
  const [list, setList] = useState<string[]>(item.metadata.nameservers ?? []);
  // '+ Add Nameserver' puts focus in the field it adds (the button itself goes once the last one is added).
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    fieldset.current?.querySelectorAll<HTMLInputElement>('input')[added]?.focus();
    setAdded(null);
  }, [added]);
  const [nsError, setNsError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const toggleProtection = async (next: boolean) => {
    setProtection(next);
    setProtectionError(undefined);
    try {
      const answer = await updateCartItem(item.id, { protection: next });
      setProtection(answer.metadata.protection ?? next);
    } catch (error) {
      setProtection(!next);
      setProtectionError(serverErrorText(error));
    }
  };

  const saveNameservers = async (next: readonly string[]) => {
    const wanted = clean(next);
    if (same(wanted, saved)) {
      setNsError(undefined);
      return;
    }
    setSaving(true);
    try {
      const answer = await updateCartItem(item.id, { nameservers: wanted });
      setSaved(answer.metadata.nameservers ?? wanted);
      setNsError(undefined);
    } catch (error) {
      setNsError(serverErrorText(error));
    } finally {
      setSaving(false);
    }
  };

  const removeAt = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    setList(next);
    void saveNameservers(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveNameservers(list);
    }
  };

  // The fields the refusal is about: those whose value it names ('"x" is not a valid host name', 'ns1.x.com is inside
  // this domain'), else every one filled in (a rule about the list); an empty field is never sent, so never wrong.
  const said = (nsError ?? '').toLowerCase();
  const named = list.map((raw) => {
    const v = raw.trim().toLowerCase();
    return v !== '' && (said.includes(JSON.stringify(v)) || said.startsWith(`${v.replace(/\.$/, '')} `));
  });
  const invalidAt = (index: number) =>
    Boolean(nsError) && list[index]!.trim() !== '' && (named[index] || !named.some(Boolean));

  const explainId = `${ids}-protection-explain`;
  const nsErrorId = `${ids}-ns-error`;
  return (
    <Box>
      <Toggle>
        <input
          id={`${ids}-protection`}
          type="checkbox"
          role="switch"
          checked={protection}
          aria-describedby={explainId}
          onChange={(e) => void toggleProtection(e.target.checked)}
        />
        <label htmlFor={`${ids}-protection`}>Full Domain Protection</label>
        <span className="price">{formatMoney(DOMAIN_PROTECTION_PRICE, currency)}</span>
        <p id={explainId}>
          Protects your domain by preventing hackers from stealing the domain or making unauthorized changes to it.
        </p>
        {protectionError ? (
          <ErrorText role="alert" style={{ gridColumn: '2 / -1' }}>
            {protectionError}
          </ErrorText>
        ) : null}
      </Toggle>

      <Fieldset ref={fieldset} aria-describedby={nsError ? nsErrorId : undefined}>
        <legend>Custom nameservers for {itemLabel}</legend>
        <p className="hint">Up to {MAX_NAMESERVERS} nameservers, like ns1.example.com. Leave empty to use ours.</p>
        {list.length > 0 ? (
          <Rows>
            {list.map((value, index) => (
              <Row key={index}>
                <TextField
                  label={`Nameserver ${index + 1}`}
                  value={value}
                  placeholder={`ns${index + 1}.example.com`}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={invalidAt(index) ? true : undefined}
                  onChange={(e) => {
                    setList(list.map((v, i) => (i === index ? e.target.value : v)));
                    // The message was about the value as it was: it goes as it is edited, not when the next save
                    // answers (it went after a press of '+ Add Nameserver' began, the button moved up, the click was lost).
                    setNsError(undefined);
                  }}
                  onBlur={() => void saveNameservers(list)}
                  onKeyDown={onKeyDown}
                />
                <Button variant="ghost" aria-label={`Remove nameserver ${index + 1}`} onClick={() => removeAt(index)} disabled={saving}>
                  Remove
                </Button>
              </Row>
            ))}
          </Rows>
        ) : null}
        {list.length < MAX_NAMESERVERS ? (
          <Button
            variant="secondary"
            onClick={() => {
              setList([...list, '']);
              setAdded(list.length);
            }}
          >
            + Add Nameserver
          </Button>
        ) : null}
        {saved.length === 1 ? (
          // A domain needs at least two (the domain page's rule): one alone is not put on the domain (api provision.ts).
          // Below the fields and the button: it appears when the save on leaving the first field answers, which may be
          // during a press of '+ Add Nameserver' (above them it moved the button down and the click was lost).
          <p className="hint below">
            A domain needs two nameservers: with one, it starts on ours, and you can set yours later on its page.
          </p>
        ) : null}
        {nsError ? (
          <ErrorText id={nsErrorId} role="alert">
            {nsError}
          </ErrorText>
        ) : null}
      </Fieldset>
    </Box>
  );
}
