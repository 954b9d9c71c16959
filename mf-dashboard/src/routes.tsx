// The one module mf_dashboard exposes: its routes (CONTRACT.md 'Route ownership'), with absolute paths.
// Pages are imported statically: the shell already fetches this remote only when one of its routes is needed,
// and a second, lazy level would reveal a Suspense fallback on first load.
import type { RouteObject } from 'react-router-dom';
import { DashboardPage } from './pages/dashboard';
import { TicketsPage } from './pages/tickets';
import { InvoicesPage } from './pages/invoices';
import { InvoicePage } from './pages/invoice';
import { ServicesPage } from './pages/services';
import { DomainsPage } from './pages/domains';
import { DomainPage } from './pages/domain';
import { WalletPage } from './pages/wallet';
import { AccountSettingsPage } from './pages/account-settings';
import { AccountSettingsPaymentsPage } from './pages/account-settings-payments';
import { AccountSettingsSecurityPage } from './pages/account-settings-security';

export const routes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/dashboard/tickets', element: <TicketsPage /> },
  { path: '/dashboard/invoices', element: <InvoicesPage /> },
  { path: '/dashboard/invoices/:invoicenum', element: <InvoicePage /> },
  { path: '/dashboard/services', element: <ServicesPage /> },
  { path: '/dashboard/domains', element: <DomainsPage /> },
  { path: '/dashboard/domains/:domain', element: <DomainPage /> },
  { path: '/dashboard/wallet', element: <WalletPage /> },
  { path: '/account-settings', element: <AccountSettingsPage /> },
  { path: '/account-settings/payments', element: <AccountSettingsPaymentsPage /> },
  { path: '/account-settings/security', element: <AccountSettingsSecurityPage /> },
];
