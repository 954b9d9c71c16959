import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Page, PageTitle, Tabs, theme } from 'shared/ui';

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

// The console's seven tabs would scroll sideways on a phone: there they wrap onto lines as compact pills, all in view.
const Nav = styled.div`
  @media (max-width: 639.98px) {
    nav { flex-wrap: wrap; overflow-x: visible; gap: .4rem; border-bottom: 0; }
    nav a { min-height: 40px; padding: .4rem .85rem; border: 1px solid ${theme.color.border}; border-radius: 999px; }
    nav a[aria-current='page'] { background: ${theme.color.primarySoft}; border-color: ${theme.color.primary}; }
  }
`;

/** Every staff page: its heading and the console's tabs. */
export function StaffFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <PageTitle title={title === 'Staff' ? title : `${title} · Staff`} />
      <h1>{title}</h1>
      <Nav>
        <Tabs label="Staff" tabs={TABS} />
      </Nav>
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
