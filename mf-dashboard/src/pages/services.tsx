import { ENDED_SERVICE_STATUSES, hasEnded } from 'shared/schemas';
import { DomainText, Table, type Column } from 'shared/ui';
import { getUserServices } from '../api/get-user-services';
import type { UserService } from '../api/schemas';
import { AutoRenewSwitch } from '../components/auto-renew-switch';
import { CountTile, DashboardFrame, Tiles } from '../components/dashboard-frame';
import { dash } from '../components/dash';
import { DateCell, TableBox } from '../components/table-box';
import { ListState, useLoad } from 'shared/load';

const COLUMNS: Column<UserService>[] = [
  { header: 'S/N', cell: (_s, index) => index + 1 },
  { header: 'Service Name', cell: (s) => dash(s.name) },
  { header: 'Billing Cycle', cell: (s) => dash(s.billingcycle) },
  // A domain name wraps at its dots only (DomainText); an empty one is a dash.
  { header: 'Domain', cell: (s) => (s.domain?.trim() ? <DomainText text={dash(s.domain)} /> : dash(s.domain)) },
  { header: 'Registration Date', cell: (s) => <DateCell value={s.regdate} /> },
  // A host name wraps at its dots too: on one line it pushed the Auto-renew column out of sight at 1280 px.
  { header: 'Server Hostname', cell: (s) => (s.serverhostname?.trim() ? <DomainText text={s.serverhostname} /> : dash(s.serverhostname)) },
  // Lifecycle (issue 14), added after the spec's columns.
  { header: 'Next Due Date', cell: (s) => <DateCell value={s.nextduedate} /> },
  { header: 'Status', cell: (s) => dash(s.status) },
  {
    header: 'Auto-renew',
    cell: (s) => (
      <AutoRenewSwitch
        what="service"
        id={s.id}
        name={s.domain ? `${s.name ?? ''} (${s.domain})` : (s.name ?? '')}
        initial={s.auto_renew}
        ended={hasEnded(ENDED_SERVICE_STATUSES, s.status)}
      />
    ),
  },
];

export function ServicesPage() {
  const services = useLoad(getUserServices, { id: 'dashboard/services' });
  return (
    <DashboardFrame title="Services">
      <Tiles>
        <CountTile label="Total Services" value={services.state === 'ready' ? services.data.length : services.state === 'failed' ? 'failed' : null} />
      </Tiles>
      <ListState load={services} what="services" columns={COLUMNS.length} empty="No services yet." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <TableBox>
            <Table caption="Services" columns={COLUMNS} rows={list} rowKey={(s) => String(s.id ?? `${s.name}-${s.domain}-${s.regdate}`)} />
          </TableBox>
        )}
      </ListState>
    </DashboardFrame>
  );
}
