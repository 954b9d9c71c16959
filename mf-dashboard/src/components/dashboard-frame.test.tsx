import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DashboardFrame } from './dashboard-frame';

// Each page is a component of its own, as in the remote: a new page mounts a new frame.
const Dashboard = () => <DashboardFrame title="Dashboard">Tiles</DashboardFrame>;
const Invoices = () => <DashboardFrame title="Invoices">Table</DashboardFrame>;

it('following a link of the side navigation puts focus on the new page\'s heading (the followed link went with the old page)', async () => {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <Dashboard /> },
      { path: '/dashboard/invoices', element: <Invoices /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  const link = nav.querySelector<HTMLAnchorElement>('a[href="/dashboard/invoices"]')!;
  link.focus();
  await user.keyboard('{Enter}');
  const heading = await screen.findByRole('heading', { level: 1, name: 'Invoices' });
  await waitFor(() => expect(heading).toHaveFocus());
});

it('a page opened otherwise leaves focus alone', () => {
  const router = createMemoryRouter([{ path: '/dashboard/invoices', element: <Invoices /> }], { initialEntries: ['/dashboard/invoices'] });
  render(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).not.toHaveFocus();
});

it("the side navigation leads to every page of the dashboard, the wallet's history among them, and marks the current one", () => {
  const Wallet = () => <DashboardFrame title="Wallet">History</DashboardFrame>;
  const router = createMemoryRouter([{ path: '/dashboard/wallet', element: <Wallet /> }], { initialEntries: ['/dashboard/wallet'] });
  render(<RouterProvider router={router} />);
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  const names = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
  expect(names).toEqual([
    ['Dashboard', '/dashboard'],
    ['Tickets', '/dashboard/tickets'],
    ['Invoices', '/dashboard/invoices'],
    ['Services', '/dashboard/services'],
    ['Domains', '/dashboard/domains'],
    ['Wallet', '/dashboard/wallet'],
  ]);
  expect(nav.querySelector('a[href="/dashboard/wallet"]')).toHaveAttribute('aria-current', 'page');
});
