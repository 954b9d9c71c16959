import styled from '@emotion/styled';
import { Link, useParams } from 'react-router-dom';
import { isHTTPError } from 'shared/api-client';
import { DOMAIN_MESSAGES } from 'shared/schemas';
import { Button, EmptyState, Notice, Skeleton, theme } from 'shared/ui';
import { getDomain } from '../api/get-domain';
import { DashboardFrame } from '../components/dashboard-frame';
import { DnsRecordsSection } from '../components/domain/dns-records-section';
import { EppSection } from '../components/domain/epp-section';
import { NameserversSection } from '../components/domain/nameservers-section';
import { OverviewSection } from '../components/domain/overview-section';
import { SecuritySection } from '../components/domain/security-section';
import { useLoad } from 'shared/load';

const Back = styled(Link)`
  display: inline-flex; align-items: center; min-height: 44px; margin: -.5rem 0 .5rem; color: ${theme.color.primary};
  font-weight: 600;
`;
/** /dashboard/domains/{domain}: one domain's overview, nameservers, lock and protection, EPP code and DNS records. */
export function DomainPage() {
  const { domain = '' } = useParams();
  return <DomainView key={domain} domain={domain} />;
}

function DomainView({ domain }: { domain: string }) {
  const load = useLoad(() => getDomain(domain), { id: 'dashboard/domain', key: domain });
  const title = load.state === 'ready' ? (load.data.domainname_unicode ?? load.data.domainname) : decodeURIComponent(domain);
  return (
    <DashboardFrame title={title}>
      <Back to="/dashboard/domains">← Back to Domains</Back>
      {load.state === 'loading' ? (
        // Cards shaped like the sections that come (overview, nameservers, lock, transfer code, records).
        <Skeleton label="Loading the domain…" shape="cards" rows={3} />
      ) : load.state === 'failed' ? (
        <FailedDomain retry={isHTTPError(load.error) && load.error.response.status === 404 ? null : load.reload} />
      ) : (
        <>
          {load.data.read_only ? <Notice tone="info">{DOMAIN_MESSAGES.readOnly(load.data.status)}</Notice> : null}
          <OverviewSection domain={load.data} onRenewed={load.reload} />
          <NameserversSection domain={load.data} onSaved={load.reload} />
          <SecuritySection domain={load.data} onChanged={load.reload} />
          <EppSection domain={load.data} locked={load.data.registrar_lock} />
          <DnsRecordsSection domain={load.data} onChanged={load.reload} />
        </>
      )}
    </DashboardFrame>
  );
}

/** `retry`: null when the API answered 404 (the name is not in the account: trying again cannot help). */
function FailedDomain({ retry }: { retry: (() => void) | null }) {
  return (
    <div>
      <EmptyState>This domain is not in your account, or could not be loaded.</EmptyState>
      {retry ? (
        <Button variant="secondary" onClick={retry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
