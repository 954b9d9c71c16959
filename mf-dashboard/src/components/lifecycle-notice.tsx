import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from 'shared/format';
import { Notice } from 'shared/ui';
import { getNotices } from '../api/get-notices';
import type { Notices } from '../api/schemas';


const List = styled.ul`
  margin: .25rem 0 0; padding-left: 1.25rem;
  li { margin: .25rem 0; }
  a { font-weight: 600; }
`;

/**
 * The dashboard's notice when something needs paying: overdue invoices and domains in Grace or Redemption (judged by
 * the server's clock, so the time machine moves it too), each with a link to the invoice to pay. Nothing when all is
 * well or the notices could not be read.
 */
export function LifecycleNotice() {
  const [notices, setNotices] = useState<Notices | null>(null);
  useEffect(() => {
    let live = true;
    // A notice is extra: if it cannot be read, the dashboard shows what it always showed.
    getNotices().then(
      (data) => live && setNotices(data),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!notices) return null;
  const { overdue_invoices: overdue, domains } = notices;
  if (overdue.length === 0 && domains.length === 0) return null;
  const inDomains = new Set(domains.map((d) => d.invoicenum).filter(Boolean));
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
        {overdue
          .filter((i) => !inDomains.has(i.invoicenum))
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
