import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { sessionStore } from 'shared/session';
import { loadRoutes, setRemoteLoader } from './remotes';
import routeTable from '../../config.routes.json';
import { isProtected, ownerOf, setRouteTable } from './route-table';
import { shellRoutes } from './routes';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

beforeAll(() => {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: {} });
  setRouteTable(routeTable);
  // The API is not part of these tests: every call fails fast, as when the API is down.
  globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as typeof fetch;
  // Stand-in remotes: each renders its own name and where it is.
  setRemoteLoader({ load: async (name) => [
    { path: '/', element: <main><h1>{name} home</h1><Where /></main> },
    { path: '/auth', element: <main><h1>{name} login</h1><Where /></main> },
    { path: '/auth/reset-password/:uid/:token', element: <main><h1>{name} reset</h1><Where /></main> },
    { path: '/dashboard', element: <main><h1>{name} dashboard</h1><Where /></main> },
    { path: '/dashboard/tickets', element: <main><h1>{name} tickets</h1><Where /></main> },
    { path: '/cart', element: <main><h1>{name} cart</h1><Where /></main> },
  ] });
});
beforeEach(() => sessionStore.setState({ session: null }));

async function renderAt(path: string) {
  const router = createMemoryRouter(shellRoutes, { initialEntries: [path] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

it('maps paths to the remotes of CONTRACT.md', () => {
  expect(ownerOf('/')).toBe('mf_content');
  expect(ownerOf('/auth')).toBe('mf_auth');
  expect(ownerOf('/auth/signup')).toBe('mf_auth');
  expect(ownerOf('/resend-code/')).toBe('mf_auth');
  expect(ownerOf('/search')).toBe('mf_domains');
  expect(ownerOf('/buy-domain/checkout')).toBe('mf_domains');
  expect(ownerOf('/services-list/2')).toBe('mf_cart');
  expect(ownerOf('/account-settings/payments')).toBe('mf_dashboard');
  expect(ownerOf('/blogpost/x')).toBe('mf_content');
  expect(ownerOf('/help')).toBe('mf_content');
  expect(ownerOf('/searching')).toBeNull();
  expect(ownerOf('/nope')).toBeNull();
});

it('takes route ownership from config.json: a new remote, its prefixes and its protected paths', () => {
  try {
    setRouteTable({ ...routeTable, mf_partner: { prefixes: ['/partners', '/help/partners'], protected: ['/partners/private'] } });
    expect(ownerOf('/partners')).toBe('mf_partner');
    expect(ownerOf('/partners/x')).toBe('mf_partner');
    // The longest prefix wins, whichever remote lists it.
    expect(ownerOf('/help/partners')).toBe('mf_partner');
    expect(ownerOf('/help')).toBe('mf_content');
    expect(ownerOf('/partnersx')).toBeNull();
    expect(isProtected('/partners/private/1')).toBe(true);
    expect(isProtected('/partners')).toBe(false);
    expect(isProtected('/dashboard')).toBe(true);
  } finally {
    setRouteTable(routeTable);
  }
  expect(ownerOf('/partners')).toBeNull();
});

it('sends a visitor on a protected path to /auth?redirect={path}, replacing the history entry', async () => {
  const router = await renderAt('/dashboard/tickets');
  expect(await screen.findByRole('heading', { name: 'mf_auth login' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/auth?redirect=/dashboard/tickets');
  expect(router.state.historyAction).toBe('REPLACE');
});

it('lets a customer with a session through', async () => {
  sessionStore.getState().setSession({ access: 'tok' });
  await renderAt('/dashboard/tickets');
  expect(await screen.findByRole('heading', { name: 'mf_dashboard tickets' })).toBeInTheDocument();
});

it('shows Login and Get Started to a visitor', async () => {
  await renderAt('/');
  await screen.findByRole('heading', { name: 'mf_content home' });
  // jsdom applies no media queries, so the desktop bar is hidden here: read it with hidden: true.
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]')!;
  for (const [name, href] of [['Domain', '/#domain'], ['Services', '/#services'], ['Blog', '/blog'], ['Cart', '/cart']]) {
    expect(within(nav).getByRole('link', { name, hidden: true })).toHaveAttribute('href', href);
  }
  expect(screen.getByRole('link', { name: 'Login', hidden: true })).toHaveAttribute('href', '/auth');
  expect(screen.getByRole('link', { name: 'Get Started', hidden: true })).toHaveAttribute('href', '/dashboard/');
  expect(screen.queryByRole('button', { name: /Account/, hidden: true })).toBeNull();
});

it('gives a customer the account menu, and Logout clears the session and goes to /auth', async () => {
  const user = userEvent.setup();
  sessionStore.getState().setSession({ access: 'tok' });
  localStorage.setItem('createdUser', JSON.stringify({ username: 'ada' }));
  await renderAt('/dashboard');
  await screen.findByRole('heading', { name: 'mf_dashboard dashboard' });
  expect(screen.queryByRole('link', { name: 'Login', hidden: true })).toBeNull();
  expect(screen.getByRole('button', { name: /Account/, hidden: true })).toBeInTheDocument();
  // The slide-over menu of small screens (the only one jsdom shows) carries the same account links.
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const menu = screen.getByRole('dialog', { name: 'Menu' });
  expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(within(menu).getByRole('link', { name: 'My Cart' })).toHaveAttribute('href', '/cart');
  expect(within(menu).getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account-settings');
  await loadRoutes('mf_auth'); // so the navigation does not suspend inside the click's act scope
  await user.click(within(menu).getByRole('button', { name: 'Logout' }));
  expect(await screen.findByRole('heading', { name: 'mf_auth login' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
  expect(localStorage.getItem('session')).toBeNull();
  expect(localStorage.getItem('createdUser')).toBeNull();
  // The server is asked to revoke the token, with the token (read before the local sign-out cleared it).
  await waitFor(() => {
    const calls = (globalThis.fetch as jest.Mock).mock.calls.map(([r]) => r as Request);
    expect(calls.find((r) => r.url.endsWith('/core/logout/'))?.headers.get('Authorization')).toBe('Token tok');
  });
});

it('the account menu gives focus back to its button on Escape, and closes when Tab leaves it', async () => {
  sessionStore.getState().setSession({ access: 'tok' });
  await renderAt('/dashboard');
  await screen.findByRole('heading', { name: 'mf_dashboard dashboard' });
  const toggle = screen.getByRole('button', { name: /Account/, hidden: true });
  const menuOf = () => document.getElementById(toggle.getAttribute('aria-controls')!);
  fireEvent.click(toggle);
  const first = within(menuOf()!).getAllByRole('link', { hidden: true })[0]!;
  act(() => first.focus());
  fireEvent.keyDown(first, { key: 'Escape' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();
  // Open again; focus leaves for a control outside it: closed.
  fireEvent.click(toggle);
  const logout = within(menuOf()!).getByRole('button', { name: 'Logout', hidden: true });
  act(() => logout.focus());
  act(() => screen.getByRole('button', { name: 'Open menu' }).focus());
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

it('sends a customer whose session ends on a protected page to /auth alone; the next visitor of one gets ?redirect', async () => {
  sessionStore.getState().setSession({ access: 'tok' });
  const router = await renderAt('/dashboard/tickets');
  await screen.findByRole('heading', { name: 'mf_dashboard tickets' });
  await loadRoutes('mf_auth');
  // What Logout's sign-out amounts to when its navigation has not been rendered yet (an expired session, another tab).
  act(() => sessionStore.getState().signOut());
  expect(await screen.findByRole('heading', { name: 'mf_auth login' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth$/);
  await act(() => router.navigate('/dashboard'));
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/auth\?redirect=\/dashboard$/);
});

it('shows Page Not Found for unknown paths, including unknown paths inside a remote', async () => {
  await renderAt('/no/such/page');
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
});

it('redirects /login to /auth and /reset-password/... to /auth/reset-password/...', async () => {
  const router = await renderAt('/login');
  await screen.findByRole('heading', { name: 'mf_auth login' });
  await act(() => router.navigate('/reset-password/u1/t2'));
  expect(await screen.findByRole('heading', { name: 'mf_auth reset' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/auth/reset-password/u1/t2');
  // Dot segments and empty ones are dropped: the address stays under the reset page (it led off the site).
  for (const sneaky of ['/reset-password/..%2f..%2f%2fevil.example%2fpath', '/reset-password/..%5C..%5C%5Cevil.example%5Cpath']) {
    await act(() => router.navigate(sneaky));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/auth\/reset-password\/evil\.example\/path$/);
  }
});

it('leaves the first page where the browser placed it, and scrolls to the top on every later route change', async () => {
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  try {
    const router = await renderAt('/');
    await screen.findByRole('heading', { name: 'mf_content home' });
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/cart'));
    await screen.findByRole('heading', { name: 'mf_cart cart' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  } finally {
    scrollTo.mockRestore();
  }
});

it('shows a Retry message when a remote cannot be loaded, and Retry loads it', async () => {
  const user = userEvent.setup();
  let fail = true;
  setRemoteLoader({
    load: async (name) => {
      if (fail) throw new Error('down');
      return [{ path: '/cart', element: <main><h1>{name} back</h1></main> }];
    },
  });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await renderAt('/cart');
  expect(await screen.findByRole('heading', { name: 'This part of the site could not be loaded' })).toBeInTheDocument();
  expect(document.querySelector('nav[aria-label="Main"]')).toBeInTheDocument();
  fail = false;
  await act(async () => user.click(screen.getByRole('button', { name: 'Retry' })));
  expect(await screen.findByRole('heading', { name: 'mf_cart back' })).toBeInTheDocument();
});
