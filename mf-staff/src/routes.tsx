// The routes mf_staff exposes to the shell (absolute paths; config.routes.json gives it '/staff', protected). The API
// answers 404 to anyone but staff, so a customer opening /staff sees the 404 page.
import { useEffect, useState, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { api } from 'shared/api-client';
import { sessionStore } from 'shared/session';
import { NotFound } from 'shared/ui';
import { may, RoleContext, type Area, type Role } from './components/access';
import { StaffFrameSkeleton, type Placeholder } from './components/staff-frame';
import { AUDIT_LOADING, AuditPage } from './pages/audit';
import { CataloguePage } from './pages/catalogue';
import { ContentPage } from './pages/content';
import { CustomerPage } from './pages/customer';
import { CUSTOMERS_LOADING, CustomersPage } from './pages/customers';
import { InvoicePage } from './pages/invoice';
import { INVOICES_LOADING, InvoicesPage } from './pages/invoices';
import { OverviewPage } from './pages/overview';
import { STAFF_ACCOUNTS_LOADING, StaffAccountsPage } from './pages/staff-accounts';
import { TicketPage } from './pages/ticket';
import { TICKETS_LOADING, TicketsPage } from './pages/tickets';

const roles = new Map<string, Promise<Role>>();
/** The roles already answered, by session: a page opened later in the session knows it at once (no skeleton). */
const known = new Map<string, Role>();
const sessionKey = () => sessionStore.getState().session?.access ?? '';
/** The signed-in user's role (GET core/me/), asked once per session. */
function myRole(): Promise<Role> {
  const access = sessionKey();
  let request = roles.get(access);
  if (!request) {
    request = api.get('core/me/').json<{ data: { role?: Role } }>().then((r) => r.data.role ?? 'customer');
    request.then(
      (role) => known.set(access, role),
      () => roles.delete(access),
    );
    roles.set(access, request);
  }
  return request;
}

/**
 * Only staff see the console, and each role only the pages of `area` it may use (components/access.ts); anyone else
 * gets the site's 404 page, as the API answers them. The role is given to the page (its tabs and actions follow it).
 * While the role loads, the page's frame stands in grey, its content shaped as `loading`.
 */
function StaffOnly({ page, area, loading = { placeholder: 'cards' } }: { page: ReactNode; area: Area; loading?: Placeholder }) {
  const [role, setRole] = useState<Role | null>(() => known.get(sessionKey()) ?? null);
  useEffect(() => {
    myRole().then(setRole, () => setRole('customer'));
  }, []);
  if (role === null) return <StaffFrameSkeleton shape={loading} />;
  return may(role, area) ? <RoleContext value={role}>{page}</RoleContext> : <NotFound />;
}

export const routes: RouteObject[] = [
  { path: '/staff', element: <StaffOnly page={<OverviewPage />} area="overview" /> },
  { path: '/staff/tickets', element: <StaffOnly page={<TicketsPage />} area="tickets" loading={TICKETS_LOADING} /> },
  { path: '/staff/tickets/:id', element: <StaffOnly page={<TicketPage />} area="tickets" /> },
  { path: '/staff/customers', element: <StaffOnly page={<CustomersPage />} area="customers" loading={CUSTOMERS_LOADING} /> },
  { path: '/staff/customers/:id', element: <StaffOnly page={<CustomerPage />} area="customers" /> },
  { path: '/staff/invoices', element: <StaffOnly page={<InvoicesPage />} area="invoices" loading={INVOICES_LOADING} /> },
  { path: '/staff/invoices/:id', element: <StaffOnly page={<InvoicePage />} area="invoices" /> },
  { path: '/staff/catalogue', element: <StaffOnly page={<CataloguePage />} area="catalogue" /> },
  { path: '/staff/content', element: <StaffOnly page={<ContentPage />} area="content" /> },
  { path: '/staff/audit', element: <StaffOnly page={<AuditPage />} area="audit" loading={AUDIT_LOADING} /> },
  { path: '/staff/accounts', element: <StaffOnly page={<StaffAccountsPage />} area="accounts" loading={STAFF_ACCOUNTS_LOADING} /> },
  { path: '/staff/*', element: <NotFound /> },
];
