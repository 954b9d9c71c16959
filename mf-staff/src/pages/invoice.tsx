import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from '@emotion/styled';
import { formatDate, formatMoney } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { Button, Card, Table, TextField, theme } from 'shared/ui';
import { getInvoice } from '../api/get-invoice';
import { markPaid } from '../api/mark-paid';
import { refundInvoice } from '../api/refund-invoice';
import { Row, Section, StaffFrame } from '../components/staff-frame';
import { useAction } from '../components/use-action';
import { formatWhen } from '../components/when';

const Facts = styled.dl`
  display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .35rem 1rem; margin: 0 0 1rem;
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
/** The invoice's lines, then subtotal, VAT, total and what was refunded: the sums the customer's invoice shows. */
const Lines = styled.table`
  width: 100%; border-collapse: collapse;
  th, td { padding: .4rem .5rem; border-bottom: 1px solid ${theme.color.border}; text-align: left; overflow-wrap: anywhere; }
  th:last-child, td:last-child { text-align: right; white-space: nowrap; }
  tfoot th { font-weight: 600; }
  tfoot tr:nth-last-child(2) th, tfoot tr:nth-last-child(2) td { font-weight: 700; }
`;

export function InvoicePage() {
  const id = useParams().id ?? '';
  const load = useLoad(() => getInvoice(id), { id: 'staff/invoice', key: id });
  const [refund, setRefund] = useState({ amount: '', reason: '' });
  const [reference, setReference] = useState('');
  const { busy, errors, run } = useAction();
  // A refund of all that was left takes the refund form away with the button pressed: the keyboard goes to the
  // invoice's heading (its status and totals), not to the page's start.
  const [refundedFrom, setRefundedFrom] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Once the invoice read again after the refund is shown.
    if (refundedFrom === null || busy || load.state !== 'ready' || load.data === refundedFrom) return;
    if (!document.querySelector('form[aria-label="Refund"]')) heading.current?.focus();
    setRefundedFrom(null);
  }, [refundedFrom, busy, load]);
  return (
    <StaffFrame title="Invoice">
      <p>
        <Link to="/staff/invoices">Back to invoices</Link>
      </p>
      <LoadState load={load} what="invoice" placeholder="cards" missing="No such invoice.">
        {(i) => (
          <>
            <Card style={{ marginBottom: '1.5rem' }}>
              <h2 ref={heading} tabIndex={-1}>
                {i.invoicenum} · {i.status}
              </h2>
              <Facts>
                <dt>Customer</dt>
                <dd>
                  <Link to={`/staff/customers/${i.user}`}>{i.username}</Link>
                </dd>
                <dt>Invoice date</dt>
                <dd>{formatWhen(i.created_at)}</dd>
                <dt>Due date</dt>
                <dd>{formatDate(i.due_date)}</dd>
                <dt>Paid</dt>
                <dd>{i.paid_at ? formatWhen(i.paid_at) : 'Not paid'}</dd>
                <dt>Payment</dt>
                {/* The API's words, as the customer is told it; none while nothing has paid a renewal invoice. */}
                <dd>{i.bank_reference ? `Bank transfer ${i.bank_reference}` : i.payment_method || 'None yet'}</dd>
              </Facts>
              <Lines aria-label={`Lines of ${i.invoicenum}`}>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {i.items.map((it) => (
                    <tr key={it.id}>
                      <td>
                        {it.name}
                        {it.domain && !it.name.includes(it.domain) ? `: ${it.domain}` : ''}
                      </td>
                      <td>{formatMoney(it.amount, i.currency)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {(
                    [
                      ['Subtotal', i.subtotal],
                      ['VAT', i.vat],
                      ['Total', i.total],
                      ['Refunded', i.refunded],
                    ] as const
                  ).map(([label, amount]) =>
                    amount === undefined ? null : (
                      <tr key={label}>
                        <th scope="row">{label}</th>
                        <td>{formatMoney(amount, i.currency)}</td>
                      </tr>
                    ),
                  )}
                </tfoot>
              </Lines>
            </Card>
            {i.status === 'Paid' && i.refundable > 0 ? (
              <Section>
                <h2>Refund to wallet</h2>
                <p>At most {formatMoney(i.refundable, i.currency)} can be refunded.</p>
                <form
                  aria-label="Refund"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(() => refundInvoice(i.id, refund), "Refunded to the customer's wallet.").then((ok) => {
                      if (ok) {
                        setRefund({ amount: '', reason: '' });
                        setRefundedFrom(i);
                        load.reload();
                      }
                    });
                  }}
                >
                  <Row>
                    <TextField label="Refund amount" inputMode="decimal" value={refund.amount} error={errors.amount} onChange={(e) => setRefund({ ...refund, amount: e.target.value })} />
                    <TextField label="Reason" value={refund.reason} error={errors.reason} onChange={(e) => setRefund({ ...refund, reason: e.target.value })} />
                  </Row>
                  <Button type="submit" disabled={busy}>
                    Refund
                  </Button>
                </form>
              </Section>
            ) : null}
            {i.status === 'Unpaid' ? (
              <Section>
                <h2>Mark paid by bank transfer</h2>
                <form
                  aria-label="Mark paid"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(() => markPaid(i.id, reference), 'Invoice marked paid.').then((ok) => ok && load.reload());
                  }}
                >
                  <TextField label="Bank transfer reference" value={reference} error={errors.reference} onChange={(e) => setReference(e.target.value)} />
                  <Button type="submit" disabled={busy}>
                    Mark paid
                  </Button>
                </form>
              </Section>
            ) : null}
            {i.refunds.length ? (
              <Table
                caption="Credit notes"
                rows={i.refunds}
                rowKey={(r) => r.id}
                columns={[
                  { header: 'Credit note', cell: (r) => r.credit_note },
                  { header: 'Amount', cell: (r) => formatMoney(r.amount, i.currency) },
                  { header: 'Reason', cell: (r) => r.reason, wrap: true },
                  { header: 'Date', cell: (r) => formatDate(r.created_at) },
                ]}
              />
            ) : null}
          </>
        )}
      </LoadState>
    </StaffFrame>
  );
}
