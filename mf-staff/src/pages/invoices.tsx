import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatMoney } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { EmptyState, Select, Table, type Column } from 'shared/ui';
import { getInvoices } from '../api/get-invoices';
import type { StaffInvoice } from '../api/types';
import { Row, StaffFrame, type Placeholder } from '../components/staff-frame';

const STATUS = ['', 'Unpaid', 'Overdue', 'Paid', 'Cancelled'].map((s) => ({ value: s, label: s || 'Any status' }));
const COLUMNS: Column<StaffInvoice>[] = [
  { header: 'Invoice', cell: (i) => <Link to={`/staff/invoices/${i.id}`}>{i.invoicenum}</Link> },
  { header: 'Customer', cell: (i) => <Link to={`/staff/customers/${i.user}`}>{i.username}</Link> },
  { header: 'Status', cell: (i) => i.status },
  { header: 'Total', cell: (i) => formatMoney(i.total, i.currency) },
  { header: 'Refunded', cell: (i) => (i.refunded ? formatMoney(i.refunded, i.currency) : '—') },
  { header: 'Due', cell: (i) => formatDate(i.due_date) },
];
/** While the invoices load: their table, in grey. */
export const INVOICES_LOADING: Placeholder = { placeholder: 'table', columns: COLUMNS.length };

export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const load = useLoad(() => getInvoices({ status }), { id: 'staff/invoices', key: status, keepOnNewKey: true });
  return (
    <StaffFrame title="Invoices">
      <Row>
        <Select label="Status" value={status} options={STATUS} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })} />
      </Row>
      <LoadState load={load} what="invoices" {...INVOICES_LOADING}>
        {(rows) =>
          rows.length ? (
            <Table
              caption="Invoices"
              rows={rows}
              rowKey={(i) => i.id}
              columns={COLUMNS}
            />
          ) : (
            <EmptyState>No invoices match.</EmptyState>
          )
        }
      </LoadState>
    </StaffFrame>
  );
}
