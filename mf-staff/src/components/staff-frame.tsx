import styled from '@emotion/styled';
import { useContext, type ReactNode } from 'react';
import { Page, PageTitle, Skeleton, SkeletonBlock, Tabs, theme } from 'shared/ui';
import { may, RoleContext, type Area } from './access';

const TABS: { to: string; label: string; end?: boolean; area: Area }[] = [
  { to: '/staff', label: 'Overview', end: true, area: 'overview' },
  { to: '/staff/tickets', label: 'Tickets', area: 'tickets' },
  { to: '/staff/customers', label: 'Customers', area: 'customers' },
  { to: '/staff/invoices', label: 'Invoices', area: 'invoices' },
  { to: '/staff/catalogue', label: 'Catalogue', area: 'catalogue' },
  { to: '/staff/content', label: 'Content', area: 'content' },
  { to: '/staff/audit', label: 'Audit log', area: 'audit' },
  { to: '/staff/accounts', label: 'Staff accounts', area: 'accounts' },
];

// The console's eight tabs need about 1,000 px in a row at the default text size: narrower (phones, tablets, larger
// text) they would scroll sideways out of sight, so there they wrap onto lines as compact pills, all in view. In em,
// as theme.breakpoint: 68.75em is 1,100 px with 16 px text.
const Nav = styled.div`
  @media (width < 68.75em) {
    nav { flex-wrap: wrap; overflow-x: visible; gap: .4rem; border-bottom: 0; }
    nav a { min-height: 40px; padding: .4rem .85rem; border: 1px solid ${theme.color.border}; border-radius: 999px; }
    nav a[aria-current='page'] { background: ${theme.color.primarySoft}; border-color: ${theme.color.primary}; }
  }
`;

/** Every staff page: its heading and the console's tabs (those of the pages the signed-in role may use). */
export function StaffFrame({ title, children }: { title: string; children: ReactNode }) {
  const role = useContext(RoleContext);
  return (
    <Page>
      <PageTitle title={title === 'Staff' ? title : `${title} · Staff`} />
      <h1>{title}</h1>
      <Nav>
        <Tabs label="Staff" tabs={TABS.filter((t) => may(role, t.area))} />
      </Nav>
      {children}
    </Page>
  );
}

/** What a page shows while its data loads (LoadState's placeholder): a table of `columns` columns, or cards. */
export type Placeholder = { placeholder: 'table'; columns: number } | { placeholder: 'cards' };

const TabBlocks = styled.div`
  display: flex; gap: 1.5rem; padding: .9rem .8rem; border-bottom: 1px solid ${theme.color.border}; margin-bottom: 1.5rem;
  overflow: hidden;
`;

/** A staff page before the role is known: its heading, its tabs and its content in grey (`shape`: the content's). */
export function StaffFrameSkeleton({ shape }: { shape: Placeholder }) {
  return (
    <Page aria-busy="true" style={{ minHeight: '60vh' }}>
      <SkeletonBlock aria-hidden="true" w="min(14rem, 60%)" h="2.2rem" style={{ marginBottom: '1.25rem' }} />
      <TabBlocks aria-hidden="true">
        {[5, 4.5, 6, 5].map((w, i) => (
          <SkeletonBlock key={i} w={`${w}rem`} h="1.1rem" style={{ flexShrink: 0 }} />
        ))}
      </TabBlocks>
      <Skeleton
        label="Loading the staff console…"
        shape={shape.placeholder}
        columns={shape.placeholder === 'table' ? shape.columns : undefined}
      />
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
