import { Link, useNavigate } from 'react-router-dom';
import { formatMoney } from 'shared/format';
import { Table, type Column } from 'shared/ui';
import { getInvoices } from '../api/get-invoices';
import type { Invoice } from '../api/schemas';
import { Clip } from '../components/clip';
import { CountTile, DashboardFrame, Tiles } from '../components/dashboard-frame';
import { dash } from '../components/dash';
import { PaymentOutcomeNotice } from '../components/payment-outcome';
import { DateCell, TableBox } from '../components/table-box';
import { ListState, useLoad } from 'shared/load';

const COLUMNS: Column<Invoice>[] = [
  {
    header: 'Invoice Number',
    cell: (i) =>
      i.invoicenum === null || i.invoicenum === undefined || i.invoicenum === '' ? (
        '-'
      ) : (
        <Link to={`/dashboard/invoices/${encodeURIComponent(String(i.invoicenum))}`} onClick={(e) => e.stopPropagation()}>
          {String(i.invoicenum)}
        </Link>
      ),
  },
  { header: 'Payment Method', cell: (i) => dash(i.paymentmethod) },
  { header: 'Note', cell: (i) => <Clip text={dash(i.notes)} /> },
  { header: 'Due Date', cell: (i) => <DateCell value={i.duedate} /> },
  {
    header: 'Total',
    cell: (i) => (i.total === null || i.total === undefined || i.total === '' ? '-' : formatMoney(i.total, i.currencycode || 'USD')),
  },
  { header: 'Date Created', cell: (i) => <DateCell value={i.created_at} /> },
  { header: 'Status', cell: (i) => dash(i.status) },
];

export function InvoicesPage() {
  const invoices = useLoad(getInvoices, { id: 'dashboard/invoices' });
  const navigate = useNavigate();
  return (
    <DashboardFrame title="Invoices">
      <PaymentOutcomeNotice purpose="checkout" />
      <Tiles>
        <CountTile label="Total Invoices" value={invoices.state === 'ready' ? invoices.data.total : invoices.state === 'failed' ? 'failed' : null} />
      </Tiles>
      <ListState load={invoices} what="invoices" columns={COLUMNS.length} empty="No invoices yet." isEmpty={(data) => data.invoices.length === 0}>
        {(data) => (
          <TableBox>
            <Table
              caption="Invoices"
              columns={COLUMNS}
              rows={data.invoices}
              rowKey={(i) => String(i.id ?? i.invoicenum)}
              onRowClick={(i) => navigate(`/dashboard/invoices/${encodeURIComponent(String(i.invoicenum ?? i.id))}`)}
            />
          </TableBox>
        )}
      </ListState>
    </DashboardFrame>
  );
}
