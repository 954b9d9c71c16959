import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from 'shared/format';
import { Notice } from 'shared/ui';
import type { Notices } from '../api/schemas';


const List = styled.ul`
  margin: .25rem 0 0; padding-left: 1.25rem;
  li { margin: .25rem 0; }
  a { font-weight: 600; }
`;

/**
 * The dashboard's notice when something needs paying: overdue invoices, domains in Grace or Redemption and suspended
 * hosting (judged by the server's clock, so the time machine moves it too), each with a link to the invoice to pay.
 * Nothing when all is well or the notices could not be read (`notices` null: the page loads them, see dashboard.tsx).
 */
export function LifecycleNotice({ notices }: { notices: Notices | null }) {
  if (!notices) return null;
  const { overdue_invoices: overdue, domains, services } = notices;
  if (overdue.length === 0 && domains.length === 0 && services.length === 0) return null;
  const named = new Set([...domains, ...services].map((d) => d.invoicenum).filter(Boolean));
  return (
    <Notice tone="error" role="status">
      <strong>Action needed: unpaid renewals.</strong>
      <List>
        {domains.map((d) => (
          <li key={d.domainname}>
            {d.domainname} is in {d.status} since it expired on {formatDate(d.expirydate)}.{' '}
            {d.invoicenum ? <Link to={`/dashboard/invoices/${d.invoicenum}`}>Pay invoice {d.invoicenum}</Link> : null}
          </li>
        ))}
        {services.map((x) => (
          <li key={x.id}>
            {x.name}
            {x.domain ? ` (${x.domain})` : ''} is suspended.{' '}
            {x.invoicenum ? <Link to={`/dashboard/invoices/${x.invoicenum}`}>Pay invoice {x.invoicenum} to reactivate it</Link> : null}
          </li>
        ))}
        {overdue
          .filter((i) => !named.has(i.invoicenum))
          .map((i) => (
            <li key={i.invoicenum}>
              Invoice {i.invoicenum} ({formatMoney(i.total, i.currency)}) was due on {formatDate(i.duedate)}.{' '}
              <Link to={`/dashboard/invoices/${i.invoicenum}`}>Pay invoice {i.invoicenum}</Link>
            </li>
          ))}
      </List>
    </Notice>
  );
}
