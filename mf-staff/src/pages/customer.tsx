import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, formatMoney } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { Button, Card, EmptyState, Select, Table, TextField } from 'shared/ui';
import { adjustWallet } from '../api/adjust-wallet';
import { cancelService } from '../api/cancel-service';
import { getCustomer } from '../api/get-customer';
import type { CustomerDetail, CustomerPayment } from '../api/types';
import { useMay } from '../components/access';
import { Row, Section, StaffFrame } from '../components/staff-frame';
import { OneFieldDialog } from '../components/one-field-dialog';
import { useAction } from '../components/use-action';

export function CustomerPage() {
  const id = useParams().id ?? '';
  // Another customer is another page: nothing typed for one (a half-filled adjustment, an open dialog) stays for the next.
  return <Customer key={id} id={id} />;
}

function Customer({ id }: { id: string }) {
  const load = useLoad(() => getCustomer(id), { id: 'staff/customer', key: id });
  const [form, setForm] = useState({ direction: 'credit', amount: '', currency: 'USD', reason: '' });
  const { busy, errors, run } = useAction();
  // Every staff role reads a customer; the wallet form and the invoice links are for billing and admin, the ticket links
  // for support and admin (the API answers 404 to the others).
  const mayAdjust = useMay('adjustWallet');
  const mayInvoices = useMay('invoices');
  const mayTickets = useMay('tickets');
  const mayCancel = useMay('cancelService');
  const [cancelling, setCancelling] = useState<Service | null>(null);
  return (
    <StaffFrame title="Customer">
      <p>
        <Link to="/staff/customers">Back to customers</Link>
      </p>
      <LoadState load={load} what="customer" placeholder="cards" missing="No such customer.">
        {(c) => (
          <>
            <Card style={{ marginBottom: '1.5rem' }}>
              <h2>{c.username}</h2>
              <p>
                {`${c.first_name} ${c.last_name}`.trim()} · {c.email} · {c.phone_number || 'no phone'}
              </p>
            </Card>
            <Section>
              <h2>Wallet</h2>
              <p>
                Balance:{' '}
                {c.wallet.balances.length ? c.wallet.balances.map((b) => formatMoney(b.balance, b.currency)).join(' · ') : formatMoney(0, 'USD')}
              </p>
              {mayAdjust ? (
                <form
                  aria-label="Wallet adjustment"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(() => adjustWallet(c.id, form), form.direction === 'credit' ? 'Wallet credited.' : 'Wallet debited.').then((ok) => {
                      if (ok) {
                        setForm({ ...form, amount: '', reason: '' });
                        load.reload();
                      }
                    });
                  }}
                >
                  <Row>
                    <Select
                      label="Adjustment"
                      value={form.direction}
                      options={[
                        { value: 'credit', label: 'Credit' },
                        { value: 'debit', label: 'Debit' },
                      ]}
                      onChange={(e) => setForm({ ...form, direction: e.target.value })}
                    />
                    <TextField label="Amount" inputMode="decimal" value={form.amount} error={errors.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />
                    <Select
                      label="Currency"
                      value={form.currency}
                      error={errors.currency}
                      options={[
                        { value: 'USD', label: 'USD' },
                        { value: 'NGN', label: 'NGN' },
                      ]}
                      onChange={(e) => setForm({ ...form, currency: e.target.value })}
                    />
                    <TextField label="Reason" value={form.reason} error={errors.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
                  </Row>
                  <Button type="submit" disabled={busy}>
                    Adjust wallet
                  </Button>
                </form>
              ) : null}
              <div style={{ marginTop: '1rem' }}>
                {c.wallet.entries.length ? (
                  <Table
                    caption="Wallet ledger"
                    rows={c.wallet.entries}
                    rowKey={(e) => e.id}
                    columns={[
                      { header: 'Date', cell: (e) => formatDate(e.created_at) },
                      { header: 'Kind', cell: (e) => e.kind },
                      { header: 'Amount', cell: (e) => formatMoney(e.amount, e.currency) },
                      { header: 'Description', cell: (e) => e.description, wrap: true },
                    ]}
                  />
                ) : (
                  <EmptyState>No wallet entries.</EmptyState>
                )}
              </div>
            </Section>
            <Section>
              <h2>Domains</h2>
              {c.domains.length ? (
                <Table caption="Domains" rows={c.domains} rowKey={(d) => d.id} columns={[
                  { header: 'Domain', cell: (d) => d.domainname },
                  { header: 'Status', cell: (d) => d.status },
                  { header: 'Next due', cell: (d) => formatDate(d.nextduedate) },
                ]} />
              ) : (
                <EmptyState>No domains.</EmptyState>
              )}
            </Section>
            <Section>
              <h2>Services</h2>
              {c.services.length ? (
                <Table caption="Services" rows={c.services} rowKey={(s) => s.id} columns={[
                  { header: 'Service', cell: (s) => s.name },
                  { header: 'Domain', cell: (s) => s.domain },
                  { header: 'Status', cell: (s) => s.status },
                  { header: 'Next due', cell: (s) => formatDate(s.nextduedate) },
                  ...(mayCancel
                    ? [
                        {
                          header: 'Action',
                          cell: (s: Service) =>
                            CANCELLABLE.includes(s.status) ? (
                              <Button variant="ghost" aria-label={`Cancel service: ${serviceName(s)}`} onClick={() => setCancelling(s)}>
                                Cancel service
                              </Button>
                            ) : null,
                        },
                      ]
                    : []),
                ]} />
              ) : (
                <EmptyState>No services.</EmptyState>
              )}
            </Section>
            <Section>
              <h2>Invoices</h2>
              {c.invoices.length ? (
                <Table caption="Invoices" rows={c.invoices} rowKey={(i) => i.id} columns={[
                  { header: 'Invoice', cell: (i) => (mayInvoices ? <Link to={`/staff/invoices/${i.id}`}>{i.invoicenum}</Link> : i.invoicenum) },
                  { header: 'Status', cell: (i) => i.status },
                  { header: 'Total', cell: (i) => formatMoney(i.total, i.currency) },
                  { header: 'Due', cell: (i) => formatDate(i.due_date) },
                ]} />
              ) : (
                <EmptyState>No invoices.</EmptyState>
              )}
            </Section>
            <Section>
              <h2>Payments</h2>
              {c.payments?.length ? (
                <Table caption="Payments" rows={c.payments} rowKey={(p) => p.reference} columns={[
                  { header: 'Date', cell: (p) => formatDate(p.created_at) },
                  { header: 'Reference', cell: (p) => p.reference },
                  {
                    header: 'For',
                    cell: (p) =>
                      p.invoice !== null && p.invoicenum ? (
                        mayInvoices ? <Link to={`/staff/invoices/${p.invoice}`}>{p.invoicenum}</Link> : p.invoicenum
                      ) : (
                        'Wallet deposit'
                      ),
                  },
                  { header: 'Amount', cell: (p) => formatMoney(p.amount, p.currency) },
                  { header: 'Status', cell: paymentStatus },
                ]} />
              ) : (
                <EmptyState>No payments.</EmptyState>
              )}
            </Section>
            <Section>
              <h2>Tickets</h2>
              {c.tickets.length ? (
                <Table caption="Tickets" rows={c.tickets} rowKey={(t) => t.id} columns={[
                  { header: 'Ticket', cell: (t) => (mayTickets ? <Link to={`/staff/tickets/${t.id}`}>#{t.id} {t.title}</Link> : `#${t.id} ${t.title}`), wrap: true },
                  { header: 'Status', cell: (t) => t.status },
                  { header: 'Priority', cell: (t) => t.priority },
                ]} />
              ) : (
                <EmptyState>No tickets.</EmptyState>
              )}
            </Section>
          </>
        )}
      </LoadState>
      {/* Billing ends a hosting service, with a reason for the audit log; its open renewal invoice is cancelled with it. */}
      <OneFieldDialog
        item={cancelling}
        itemKey={(svc) => svc.id}
        title="Cancel service"
        submit="Cancel service"
        variant="danger"
        intro={(svc) => (
          <>
            {serviceName(svc)} ends now: it is not renewed again, and its unpaid renewal invoice, if any, is cancelled. No money moves: refund
            the invoice apart if it was paid.
          </>
        )}
        label="Reason"
        name="reason"
        maxLength={500}
        action={(svc, reason) => cancelService(svc.id, reason)}
        done="Service cancelled."
        onClose={() => setCancelling(null)}
        onDone={() => {
          setCancelling(null);
          load.reload();
        }}
      />
    </StaffFrame>
  );
}

type Service = CustomerDetail['services'][number];

/** What became of a gateway payment, in words (the gateway's reason for a failed one, a refund made there). */
function paymentStatus(p: CustomerPayment): string {
  if (p.status === 'pending') return 'Pending';
  if (p.status === 'success') return 'Paid';
  const failed = p.failure_reason ? `Failed: ${p.failure_reason}` : 'Failed';
  return p.refunded_at ? `${failed} · refunded at the gateway (${p.refund_reference ?? ''})` : failed;
}

/** The statuses billing can end a service from (api/src/staff/services.ts). */
const CANCELLABLE = ['Active', 'Suspended', 'Pending'];

const serviceName = (s: Service) => (s.domain ? `${s.name} (${s.domain})` : s.name);
