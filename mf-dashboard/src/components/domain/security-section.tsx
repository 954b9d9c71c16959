import { useState } from 'react';
import { errorText } from 'shared/api-client';
import { useCurrency } from 'shared/currency';
import { formatMoney } from 'shared/format';
import { DOMAIN_PROTECTION_PRICE } from 'shared/schemas';
import { showToast } from 'shared/toast';
import type { DomainDetail } from '../../api/domain-schemas';
import { setDomainLock } from '../../api/set-domain-lock';
import { updateDomain } from '../../api/update-domain';
import { ReauthCancelled, useReauth } from 'shared/reauth';
import { Section, Switch } from './parts';

/** The registrar lock (on by default) and Full Domain Protection (free, as in the cart). */
export function SecuritySection({ domain, onChanged }: { domain: DomainDetail; onChanged(): void }) {
  const currency = useCurrency();
  const [locked, setLocked] = useState(domain.registrar_lock);
  const reauth = useReauth();
  const [protection, setProtection] = useState(domain.protection);
  const [busy, setBusy] = useState<'lock' | 'protection' | null>(null);
  const [errors, setErrors] = useState<{ lock?: string; protection?: string }>({});

  const toggleLock = async (next: boolean) => {
    // The switch moves at once (as a switch should) and goes back if the change is refused.
    setLocked(next);
    setBusy('lock');
    setErrors({});
    try {
      setLocked(await reauth.run(() => setDomainLock(domain.domainname, next)));
      showToast('SUCCESS', next ? 'Registrar lock is on.' : 'Registrar lock is off.');
      onChanged();
    } catch (e) {
      setLocked(!next);
      if (e instanceof ReauthCancelled) return;
      setErrors({ lock: errorText(e, 'The registrar lock could not be changed.') });
    } finally {
      setBusy(null);
    }
  };
  const toggleProtection = async (next: boolean) => {
    setProtection(next);
    setBusy('protection');
    setErrors({});
    try {
      setProtection((await updateDomain(domain.domainname, { protection: next })).protection);
      showToast('SUCCESS', next ? 'Full Domain Protection is on.' : 'Full Domain Protection is off.');
    } catch (e) {
      setProtection(!next);
      setErrors({ protection: errorText(e, 'Full Domain Protection could not be changed.') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section aria-labelledby="domain-security">
      <h2 id="domain-security">Lock and protection</h2>
      <Switch
        label="Registrar lock"
        checked={locked}
        disabled={domain.read_only}
        busy={busy !== null}
        onChange={(e) => void toggleLock(e.target.checked)}
        hint="While the lock is on, the domain cannot be transferred to another registrar. Turn it off only to transfer it."
        error={errors.lock}
      />
      <Switch
        label="Full Domain Protection"
        checked={protection}
        disabled={domain.read_only}
        busy={busy !== null}
        onChange={(e) => void toggleProtection(e.target.checked)}
        extra={<span>{formatMoney(DOMAIN_PROTECTION_PRICE, currency)}</span>}
        hint="Protects your domain by preventing hackers from stealing the domain or making unauthorized changes to it."
        error={errors.protection}
      />
      {reauth.dialog}
    </Section>
  );
}
