// The routes mf_staff exposes to the shell (absolute paths; config.routes.json gives it '/staff', protected). The API
// answers 404 to anyone but staff, so a customer opening /staff sees the 404 page.
import { useEffect, useState } from 'react';
import type { RouteObject } from 'react-router-dom';
import { api } from 'shared/api-client';
import { sessionStore } from 'shared/session';
import { NotFound } from 'shared/ui';
import { AuditPage } from './pages/audit';
import { CataloguePage } from './pages/catalogue';
import { ContentPage } from './pages/content';
import { CustomerPage } from './pages/customer';
import { CustomersPage } from './pages/customers';
import { InvoicePage } from './pages/invoice';
import { InvoicesPage } from './pages/invoices';
import { OverviewPage } from './pages/overview';
import { StaffAccountsPage } from './pages/staff-accounts';
import { TicketPage } from './pages/ticket';
import { TicketsPage } from './pages/tickets';

type Role = 'customer' | 'support' | 'billing' | 'admin';
const roles = new Map<string, Promise<Role>>();
/** The signed-in user's role (GET core/me/), asked once per session. */
function myRole(): Promise<Role> {
  const access = sessionStore.getState().session?.access ?? '';
  let request = roles.get(access);
  if (!request) {
    request = api.get('core/me/').json<{ data: { role?: Role } }>().then((r) => r.data.role ?? 'customer');
    request.catch(() => roles.delete(access));
    roles.set(access, request);
  }
  return request;
}

/** Only staff see the console; a customer gets the site's 404 page, as the API answers them. */
function StaffOnly({ page, roles = ['support', 'billing', 'admin'] }: { page: React.ReactNode; roles?: Role[] }) {
  const [role, setRole] = useState<Role | null>(null);
  useEffect(() => {
    myRole().then(setRole, () => setRole('customer'));
  }, []);
  if (role === null) return <main aria-busy="true" style={{ minHeight: '60vh' }} />;
  return roles.includes(role) ? <>{page}</> : <NotFound />;
}

export const routes: RouteObject[] = [
  { path: '/staff', element: <StaffOnly page={<OverviewPage />} /> },
  { path: '/staff/tickets', element: <StaffOnly page={<TicketsPage />} roles={['support', 'admin']} /> },
  { path: '/staff/tickets/:id', element: <StaffOnly page={<TicketPage />} roles={['support', 'admin']} /> },
  { path: '/staff/customers', element: <StaffOnly page={<CustomersPage />} /> },
  { path: '/staff/customers/:id', element: <StaffOnly page={<CustomerPage />} /> },
  { path: '/staff/invoices', element: <StaffOnly page={<InvoicesPage />} roles={['billing', 'admin']} /> },
  { path: '/staff/invoices/:id', element: <StaffOnly page={<InvoicePage />} roles={['billing', 'admin']} /> },
  { path: '/staff/catalogue', element: <StaffOnly page={<CataloguePage />} roles={['admin']} /> },
  { path: '/staff/content', element: <StaffOnly page={<ContentPage />} roles={['admin']} /> },
  { path: '/staff/audit', element: <StaffOnly page={<AuditPage />} roles={['admin']} /> },
  { path: '/staff/accounts', element: <StaffOnly page={<StaffAccountsPage />} roles={['admin']} /> },
  { path: '/staff/*', element: <NotFound /> },
];
