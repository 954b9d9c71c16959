import styled from '@emotion/styled';
import { theme } from 'shared/ui';
import type { DomainDetail } from '../../api/domain-schemas';
import { dash, dashDate } from '../dash';
import { Section } from './parts';
import { RenewalControls } from './renewal-controls';

const Facts = styled.dl`
  /* As many columns as fit at least 9.5rem each (five on a desktop): in rem, so larger text makes fewer, wider columns
     instead of labels printed over their neighbours. */
  display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr)); gap: .75rem 1.5rem; margin: 0;
  div { min-width: 0; }
  dt { color: ${theme.color.muted}; font-weight: 600; font-size: .9rem; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

/** Status, dates, and the renewal: auto-renew and 'Renew now'. */
/** The registration period in years ('1 year', '2 years'), as stored when it is not a plain number. */
function periodText(regperiod: string | number | null | undefined): string {
  const years = Number(regperiod);
  if (regperiod === null || regperiod === undefined || regperiod === '' || !Number.isInteger(years)) return dash(regperiod);
  return `${years} year${years === 1 ? '' : 's'}`;
}

export function OverviewSection({ domain, onRenewed }: { domain: DomainDetail; onRenewed(): void }) {
  return (
    <Section aria-labelledby="domain-overview">
      <h2 id="domain-overview">Overview</h2>
      <Facts>
        <div>
          <dt>Status</dt>
          <dd>{dash(domain.status)}</dd>
        </div>
        <div>
          <dt>Registration date</dt>
          <dd>{dashDate(domain.registrationdate)}</dd>
        </div>
        <div>
          <dt>Next due date</dt>
          <dd>{dashDate(domain.nextduedate)}</dd>
        </div>
        <div>
          <dt>Expiry date</dt>
          <dd>{dashDate(domain.expirydate === undefined ? domain.nextduedate : domain.expirydate)}</dd>
        </div>
        <div>
          <dt>Billing Cycle</dt>
          <dd>{periodText(domain.regperiod)}</dd>
        </div>
      </Facts>
      <RenewalControls domain={domain} onRenewed={onRenewed} />
    </Section>
  );
}
