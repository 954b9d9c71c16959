import { Link } from 'react-router-dom';
import { ENDED_DOMAIN_STATUSES, hasEnded } from 'shared/schemas';
import { DomainText, Table, type Column } from 'shared/ui';
import { getUserDomains } from '../api/get-user-domains';
import type { UserDomain } from '../api/schemas';
import { AutoRenewSwitch } from '../components/auto-renew-switch';
import { CountTile, DashboardFrame, Tiles } from '../components/dashboard-frame';
import { dash } from '../components/dash';
import { DateCell, TableBox } from '../components/table-box';
import { ListState, useLoad } from 'shared/load';

// Spec: the last column is headed 'Server Hostname' but shows the next due date.
const COLUMNS: Column<UserDomain>[] = [
  { header: 'S/N', cell: (_d, index) => index + 1 },
  // The name opens the domain's own page (/dashboard/domains/{domain}); on a phone card it wraps at its dots only.
  {
    header: 'Domain Name',
    cell: (d) =>
      d.domainname ? (
        <Link to={`/dashboard/domains/${encodeURIComponent(d.domainname)}`}>
          <DomainText text={d.domainname_unicode || d.domainname} />
        </Link>
      ) : (
        dash(d.domainname)
      ),
  },
  { header: 'Payment Method', cell: (d) => dash(d.paymentmethodname) },
  { header: 'Billing Cycle', cell: (d) => dash(d.regperiod) },
  { header: 'Status', cell: (d) => dash(d.status) },
  { header: 'Server Hostname', cell: (d) => <DateCell value={d.nextduedate} /> },
  // Lifecycle (issue 14), added after the spec's columns.
  { header: 'Expiry Date', cell: (d) => <DateCell value={d.expirydate === undefined ? d.nextduedate : d.expirydate} /> },
  {
    header: 'Auto-renew',
    cell: (d) => (
      <AutoRenewSwitch what="domain" id={d.id} name={d.domainname ?? ''} initial={d.auto_renew} ended={hasEnded(ENDED_DOMAIN_STATUSES, d.status)} />
    ),
  },
];

export function DomainsPage() {
  const domains = useLoad(getUserDomains, { id: 'dashboard/domains' });
  return (
    <DashboardFrame title="Domains">
      <Tiles>
        <CountTile label="Total Domains" value={domains.state === 'ready' ? domains.data.length : domains.state === 'failed' ? 'failed' : null} />
      </Tiles>
      <ListState load={domains} what="domains" columns={COLUMNS.length} empty="No domains yet." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <TableBox>
            <Table caption="Domains" columns={COLUMNS} rows={list} rowKey={(d) => String(d.id ?? d.domainname)} />
          </TableBox>
        )}
      </ListState>
    </DashboardFrame>
  );
}
