import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatMoney } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { Button, Card, Table, TextField } from 'shared/ui';
import { getInvoice } from '../api/get-invoice';
import { markPaid } from '../api/mark-paid';
import { refundInvoice } from '../api/refund-invoice';
import { Row, Section, StaffFrame } from '../components/staff-frame';
import { useAction } from '../components/use-action';

export function InvoicePage() {
  const id = useParams().id ?? '';
  const load = useLoad(() => getInvoice(id), { id: 'staff/invoice', key: id });
  const [refund, setRefund] = useState({ amount: '', reason: '' });
  const [reference, setReference] = useState('');
  const { busy, errors, run } = useAction();
  return (
    <StaffFrame title="Invoice">
      <p>
        <Link to="/staff/invoices">Back to invoices</Link>
      </p>
      <LoadState load={load} what="invoice" placeholder="cards" missing="No such invoice.">
        {(i) => (
          <>
            <Card style={{ marginBottom: '1.5rem' }}>
              <h2>
                {i.invoicenum} · {i.status}
              </h2>
              <p>
                <Link to={`/staff/customers/${i.user}`}>{i.username}</Link> · Total {formatMoney(i.total, i.currency)} · Refunded{' '}
                {formatMoney(i.refunded, i.currency)}
                {i.bank_reference ? ` · Bank transfer ${i.bank_reference}` : ''}
              </p>
              <ul>
                {i.items.map((it) => (
                  <li key={it.id}>
                    {it.name} {it.domain ?? ''} · {formatMoney(it.amount, i.currency)}
                  </li>
                ))}
              </ul>
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
                  { header: 'Reason', cell: (r) => r.reason },
                  { header: 'Date', cell: (r) => r.created_at.slice(0, 10) },
                ]}
              />
            ) : null}
          </>
        )}
      </LoadState>
    </StaffFrame>
  );
}
