import styled from '@emotion/styled';
import { useState } from 'react';
import { errorText } from 'shared/api-client';
import { showToast } from 'shared/toast';
import { theme } from 'shared/ui';
import { setAutoRenew } from '../api/set-auto-renew';

const Switch = styled.button`
  display: inline-flex; align-items: center; gap: .5rem; min-height: 36px; padding: .25rem .75rem; cursor: pointer;
  border: 1px solid ${theme.color.border}; border-radius: 999px; background: #fff; font: inherit; font-weight: 600;
  color: ${theme.color.muted};
  &[aria-checked='true'] { border-color: ${theme.color.primary}; background: ${theme.color.primarySoft}; color: ${theme.color.primary}; }
  &[aria-disabled='true'] { opacity: .6; cursor: progress; }
  &:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
  .knob { width: 12px; height: 12px; border-radius: 50%; background: currentColor; }
`;

/** Auto-renew on or off for one domain or service: a switch that saves at once (PUT .../auto-renew/). */
export function AutoRenewSwitch({
  what,
  id,
  name,
  initial,
  ended = false,
}: {
  what: 'domain' | 'service';
  id: string | number | undefined;
  name: string;
  initial: boolean | undefined;
  /** The item has left the account (a Released domain, a Terminated service): nothing left to renew. */
  ended?: boolean;
}) {
  const [on, setOn] = useState(initial ?? true);
  const [saving, setSaving] = useState(false);
  if (id === undefined || initial === undefined || ended) return <>-</>;
  const toggle = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const now = await setAutoRenew(what, id, !on);
      setOn(now);
      showToast('SUCCESS', `Auto-renew ${now ? 'on' : 'off'} for ${name}.`);
    } catch (e) {
      showToast('ERROR', errorText(e, 'Auto-renew could not be changed. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    // Named 'Auto-renew' only: its row says which item (a name repeating the domain would make every cell of the row
    // match the domain for assistive technology searches too).
    <Switch type="button" role="switch" aria-checked={on} aria-label="Auto-renew" title={`Auto-renew ${name}`} aria-disabled={saving || undefined} onClick={toggle}>
      <span className="knob" aria-hidden="true" />
      {on ? 'On' : 'Off'}
    </Switch>
  );
}
