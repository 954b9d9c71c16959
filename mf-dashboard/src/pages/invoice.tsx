// /dashboard/invoices/{invoicenum}: one invoice (lines, VAT, total, status), 'Pay' with the cart's 'Select Payment
// Method' dialog (shared/ui) and 'Download PDF'.
import styled from '@emotion/styled';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorText } from 'shared/api-client';
import { formatMoney } from 'shared/format';
import { showToast } from 'shared/toast';
import { Button, Card, Notice, PaymentMethodDialog, payNavigation, theme } from 'shared/ui';
import { getInvoice } from '../api/get-invoice';
import { getInvoicePdf } from '../api/get-invoice-pdf';
import { payInvoice } from '../api/pay-invoice';
import type { InvoiceDetail } from '../api/schemas';
import { dash } from '../components/dash';
import { DashboardFrame } from '../components/dashboard-frame';
import { DateCell } from '../components/table-box';
import { ListState, useLoad } from 'shared/load';

const Facts = styled.dl`
  display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .5rem 1.25rem; margin: 0 0 1.25rem;
  dt { color: ${theme.color.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;
const Lines = styled.table`
  width: 100%; border-collapse: collapse; margin: 0 0 1rem;
  th, td { text-align: left; padding: .6rem .5rem; border-bottom: 1px solid ${theme.color.border}; vertical-align: top; }
  th:last-of-type, td:last-of-type { text-align: right; white-space: nowrap; }
  tfoot th { text-align: right; font-weight: 600; }
  tfoot tr:last-of-type th, tfoot tr:last-of-type td { font-size: 1.1rem; font-weight: 700; border-bottom: 0; }
  .details { display: block; color: ${theme.color.muted}; font-size: .85rem; }
`;
const Refunds = styled.section`
  margin: 0 0 1rem; padding: .75rem 1rem; border-radius: ${theme.radius}; background: ${theme.color.successBg};
  h3 { margin: 0 0 .5rem; font-size: 1rem; }
  ul { margin: 0; padding-left: 1.25rem; }
  li { overflow-wrap: anywhere; }
`;
const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1rem;
`;

const money = (value: number | string | null | undefined, currency: string) =>
  value === null || value === undefined || value === '' ? '-' : formatMoney(value, currency || 'USD');

export function InvoicePage() {
  const { invoicenum = '' } = useParams();
  const fetchInvoice = useCallback(() => getInvoice(invoicenum), [invoicenum]);
  const invoice = useLoad(fetchInvoice, { id: 'dashboard/invoice', key: invoicenum });
  return (
    <DashboardFrame title={`Invoice ${invoicenum}`}>
      <p>
        <Link to="/dashboard/invoices">Back to invoices</Link>
      </p>
      <ListState load={invoice} what="invoice" empty="" isEmpty={() => false} missing="This invoice is not in your account.">
        {(data) => <InvoiceCard invoice={data} reload={invoice.reload} />}
      </ListState>
    </DashboardFrame>
  );
}

/**
 * Why a cancelled invoice was cancelled, from the last '(…)' its note ends with (the API writes it there: 'replaced by
 * INV-000160: renewal for 2 years requested', 'service terminated: unpaid', 'payment declined'), with the invoice that
 * replaced it as a link. A reminder mail's link can lead here after the invoice was replaced.
 */
function CancelledNotice({ notes }: { notes?: string | null }) {
  const reason = /\(([^()]*)\)\s*$/.exec(notes ?? '')?.[1]?.trim();
  const replaced = reason ? /^replaced by (INV-\d+)(?::\s*(.*))?$/.exec(reason) : null;
  return (
    <Notice tone="info" role="status">
      {replaced ? (
        <>
          This invoice was cancelled: it was replaced by{' '}
          <Link to={`/dashboard/invoices/${encodeURIComponent(replaced[1]!)}`}>{replaced[1]}</Link>
          {replaced[2] ? ` (${replaced[2]})` : ''}. Nothing is due on it.
        </>
      ) : (
        `This invoice was cancelled${reason ? ` (${reason})` : ''}. Nothing is due on it.`
      )}
    </Notice>
  );
}

function InvoiceCard({ invoice, reload }: { invoice: InvoiceDetail; reload(): void }) {
  const [paying, setPaying] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const currency = invoice.currencycode || 'USD';
  const unpaid = invoice.status === 'Unpaid';
  const number = String(invoice.invoicenum ?? invoice.id);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await getInvoicePdf(invoice.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${number}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      showToast('ERROR', errorText(e, 'The PDF could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading" className="visually-hidden">
        Invoice details
      </h2>
      {invoice.overdue ? (
        <Notice tone="error" role="status">
          {invoice.service_suspended
            ? 'This invoice is overdue and the service it renews is suspended. Pay it to reactivate your service.'
            : 'This invoice is overdue. Pay it to keep your service.'}
        </Notice>
      ) : null}
      {invoice.status === 'Cancelled' ? <CancelledNotice notes={invoice.notes} /> : null}
      <Facts>
        <dt>Status</dt>
        <dd>{dash(invoice.status)}</dd>
        <dt>Date Created</dt>
        <dd>
          <DateCell value={invoice.created_at} />
        </dd>
        <dt>Due Date</dt>
        <dd>
          <DateCell value={invoice.duedate} />
        </dd>
        {invoice.datepaid ? (
          <>
            <dt>Date Paid</dt>
            <dd>
              <DateCell value={invoice.datepaid} />
            </dd>
          </>
        ) : null}
        <dt>Payment Method</dt>
        <dd>{dash(invoice.paymentmethod)}</dd>
      </Facts>
      <Lines>
        <caption className="visually-hidden">Invoice lines</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.items.map((item) => (
            <tr key={String(item.id)}>
              <td>
                {dash(item.description)}
                {item.details && item.details !== item.description ? <span className="details">{item.details}</span> : null}
              </td>
              <td>{money(item.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Subtotal</th>
            <td>{money(invoice.subtotal, currency)}</td>
          </tr>
          <tr>
            <th scope="row">{invoice.vat_percent === null || invoice.vat_percent === undefined ? 'VAT' : `VAT (${Number(invoice.vat_percent)} %)`}</th>
            <td>{money(invoice.tax, currency)}</td>
          </tr>
          <tr>
            <th scope="row">Total</th>
            <td>{money(invoice.total, currency)}</td>
          </tr>
        </tfoot>
      </Lines>
      {invoice.refunds.length ? (
        <Refunds aria-labelledby="refunds-heading">
          <h3 id="refunds-heading">Credited back to your wallet</h3>
          <ul>
            {invoice.refunds.map((r, i) => (
              <li key={i}>
                <DateCell value={r.created_at} /> · {r.description}: <strong>{money(r.amount, currency)}</strong>
              </li>
            ))}
          </ul>
        </Refunds>
      ) : null}
      <Actions>
        {unpaid ? <Button onClick={() => setPaying(true)}>Pay</Button> : null}
        <Button variant="secondary" onClick={download} disabled={downloading} aria-busy={downloading}>
          Download PDF
        </Button>
      </Actions>
      <PaymentMethodDialog
        open={paying}
        onClose={() => setPaying(false)}
        amountText={`Amount due: ${money(invoice.total, currency)} including VAT`}
        errorText={(e) => errorText(e, 'The payment could not be made. Please try again.')}
        onError={(text) => showToast('ERROR', text)}
        pay={async (kind) => {
          const answer = await payInvoice(invoice.id, kind);
          const url = answer.data?.authorization_url;
          if (url) {
            payNavigation.go(url);
            return 'leaving';
          }
          showToast('SUCCESS', answer.message || `Invoice ${number} paid.`);
          setPaying(false);
          reload();
        }}
      />
    </Card>
  );
}
