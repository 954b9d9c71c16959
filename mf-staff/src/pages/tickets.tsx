import { Link, useSearchParams } from 'react-router-dom';
import { LoadState, useLoad } from 'shared/load';
import { EmptyState, Select, Table, type Column } from 'shared/ui';
import { getTickets, ticketsAfter, TICKETS_PAGE_SIZE } from '../api/get-tickets';
import type { StaffTicket } from '../api/types';
import { Row, StaffFrame, type Placeholder } from '../components/staff-frame';
import { formatWhen } from '../components/when';

const STATUS = [
  { value: 'open', label: 'Open (not closed)' },
  { value: '', label: 'Any status' },
  { value: 'Open', label: 'Open' },
  { value: 'Answered', label: 'Answered' },
  { value: 'Customer-Reply', label: 'Customer-Reply' },
  { value: 'Closed', label: 'Closed' },
];
const PRIORITY = [
  { value: '', label: 'Any priority' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];
const ORDER = [
  { value: '', label: 'Recently updated first' },
  { value: 'oldest', label: 'Waiting longest first' },
];
const COLUMNS: Column<StaffTicket>[] = [
  { header: 'Ticket', cell: (t) => <Link to={`/staff/tickets/${t.id}`}>#{t.id} {t.title}</Link>, wrap: true },
  { header: 'Customer', cell: (t) => t.username },
  { header: 'Priority', cell: (t) => t.priority },
  { header: 'Status', cell: (t) => t.status },
  { header: 'Assigned to', cell: (t) => t.assigned_to_username ?? '—' },
  { header: 'Updated', cell: (t) => formatWhen(t.updated_at) },
];
/** While the tickets load: their table, in grey. */
export const TICKETS_LOADING: Placeholder = { placeholder: 'table', columns: COLUMNS.length };

export function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const priority = params.get('priority') ?? '';
  const order = params.get('order') === 'oldest' ? 'oldest' : '';
  const after = params.get('after') ?? '';
  const load = useLoad(() => getTickets({ status, priority, order, after }), { id: 'staff/tickets', key: `${status}|${priority}|${order}|${after}`, keepOnNewKey: true });
  // A filter or order changed starts again at the first page.
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    next.delete('after');
    setParams(next, { replace: true });
  };
  const pageHref = (at: string) => {
    const next = new URLSearchParams(params);
    if (at) next.set('after', at);
    else next.delete('after');
    return `?${next}`;
  };
  return (
    <StaffFrame title="Tickets">
      <Row>
        <Select label="Status" value={status} options={STATUS} onChange={(e) => set('status', e.target.value)} />
        <Select label="Priority" value={priority} options={PRIORITY} onChange={(e) => set('priority', e.target.value)} />
        <Select label="Order" value={order} options={ORDER} onChange={(e) => set('order', e.target.value)} />
      </Row>
      <LoadState load={load} what="tickets" {...TICKETS_LOADING}>
        {(rows) =>
          rows.length ? (
            <Table
              caption="Tickets"
              rows={rows}
              rowKey={(t) => t.id}
              columns={COLUMNS}
            />
          ) : (
            <EmptyState>No tickets match.</EmptyState>
          )
        }
      </LoadState>
      {load.state === 'ready' ? (
        <nav aria-label="Tickets pages" style={{ display: 'flex', gap: '1.5rem', marginTop: '1rem' }}>
          {after ? <Link to={pageHref('')}>First tickets</Link> : null}
          {load.data.length >= TICKETS_PAGE_SIZE ? <Link to={pageHref(ticketsAfter(load.data))}>More tickets</Link> : null}
        </nav>
      ) : null}
    </StaffFrame>
  );
}
