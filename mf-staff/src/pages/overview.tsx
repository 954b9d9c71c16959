import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { Button, Card } from 'shared/ui';
import { getOverview } from '../api/get-overview';
import { markRefunded } from '../api/mark-refunded';
import type { Overview } from '../api/types';
import { useMay } from '../components/access';
import { Grid, StaffFrame } from '../components/staff-frame';
import { OneFieldDialog } from '../components/one-field-dialog';

type ToRefund = NonNullable<Overview['payments_to_refund']>[number];

const money = (rows: { currency: string; count: number; total: number }[], [one, many] = ['invoice', 'invoices']) =>
  rows.length ? (
    <ul>
      {rows.map((r) => (
        <li key={r.currency}>
          {r.count} {r.count === 1 ? one : many} · {formatMoney(r.total, r.currency)}
        </li>
      ))}
    </ul>
  ) : (
    <p>None</p>
  );

export function OverviewPage() {
  const load = useLoad(getOverview, { id: 'staff/overview' });
  // Every role sees the counts; only those who handle tickets get a link to them.
  const mayTickets = useMay('tickets');
  const mayMarkRefunded = useMay('markRefunded');
  const [refunding, setRefunding] = useState<ToRefund | null>(null);
  return (
    <StaffFrame title="Staff">
      <LoadState load={load} what="overview" placeholder="cards">
        {(o) => (
          <Grid>
            <Card>
              <h2>Open tickets by priority</h2>
              <ul>
                {o.open_tickets.map((t) => (
                  <li key={t.priority}>
                    {mayTickets ? (
                      <Link to={`/staff/tickets?status=open&priority=${t.priority}`}>
                        {t.priority}: {t.count}
                      </Link>
                    ) : (
                      `${t.priority}: ${t.count}`
                    )}
                  </li>
                ))}
              </ul>
            </Card>
            <Card>
              <h2>Unpaid invoices</h2>
              {money(o.unpaid_invoices)}
            </Card>
            <Card>
              <h2>Overdue invoices</h2>
              {money(o.overdue_invoices)}
            </Card>
            <Card>
              <h2>Today&apos;s revenue</h2>
              {money(o.revenue_today)}
              {o.refunds_today?.length ? (
                <>
                  <h3>Refunded today</h3>
                  {money(o.refunds_today, ['refund', 'refunds'])}
                </>
              ) : null}
            </Card>
            <Card>
              <h2>Domains expiring in 30 days</h2>
              {o.domains_expiring.length ? (
                <ul>
                  {o.domains_expiring.map((d) => (
                    <li key={d.id}>
                      <Link to={`/staff/customers/${d.user}`}>{d.domainname}</Link> · {formatDate(d.expires)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>None</p>
              )}
            </Card>
            <Card>
              <h2>Payments to refund at the gateway</h2>
              {o.payments_to_refund?.length ? (
                <ul>
                  {o.payments_to_refund.map((p) => (
                    <li key={p.reference}>
                      {p.reference} · {formatMoney(p.amount, p.currency)} ·{' '}
                      <Link to={`/staff/customers/${p.user}`}>{p.username}</Link> · {formatDate(p.settled_at)}: {p.reason}
                      {mayMarkRefunded ? (
                        <>
                          {' '}
                          <Button variant="ghost" aria-label={`Mark refunded: ${p.reference}`} onClick={() => setRefunding(p)}>
                            Mark refunded
                          </Button>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>None</p>
              )}
            </Card>
          </Grid>
        )}
      </LoadState>
      {/* Billing says a payment the gateway kept was refunded there, with the gateway's refund reference. */}
      <OneFieldDialog
        item={refunding}
        itemKey={(p) => p.reference}
        title="Refunded at the gateway"
        submit="Mark refunded"
        intro={(p) => (
          <>
            {p.reference} · {formatMoney(p.amount, p.currency)} · {p.username}. Refund it at the gateway first, then enter the gateway&apos;s
            refund reference.
          </>
        )}
        label="Gateway refund reference"
        name="refund_reference"
        maxLength={100}
        action={(p, reference) => markRefunded(p.reference, reference)}
        done="Marked refunded at the gateway."
        onClose={() => setRefunding(null)}
        onDone={() => {
          setRefunding(null);
          load.reload();
        }}
      />
    </StaffFrame>
  );
}
