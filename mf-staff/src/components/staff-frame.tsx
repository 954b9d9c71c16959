import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Page, Tabs } from 'shared/ui';

const TABS = [
  { to: '/staff', label: 'Overview', end: true },
  { to: '/staff/tickets', label: 'Tickets' },
  { to: '/staff/customers', label: 'Customers' },
  { to: '/staff/invoices', label: 'Invoices' },
  { to: '/staff/catalogue', label: 'Catalogue' },
  { to: '/staff/content', label: 'Content' },
  { to: '/staff/audit', label: 'Audit log' },
  { to: '/staff/accounts', label: 'Staff accounts' },
];

/** Every staff page: its heading and the console's tabs. */
export function StaffFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <h1>{title}</h1>
      <Tabs label="Staff" tabs={TABS} />
      {children}
    </Page>
  );
}

/** Fields side by side where there is room, one under another on a phone. */
export const Row = styled.div`
  display: grid; gap: 0 1rem; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); align-items: end;
`;

export const Grid = styled.div`
  display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); margin-bottom: 1.5rem;
  h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
  ul { margin: 0; padding-left: 1.1rem; }
`;

export const Section = styled.section`
  margin: 0 0 2rem; h2 { font-size: 1.25rem; margin: 0 0 .75rem; }
`;
