// Component-test helpers: the auth routes in a memory router with the toast, and a fake API behind `fetch`.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { sessionStore } from 'shared/session';
import { toastStore } from 'shared/toast';
import { Toast } from 'shared/ui';
import { routes } from './routes';

export const API = 'http://api.test';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Reply = Response | Promise<Response> | (() => Response | Promise<Response>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** Answers each `METHOD path` with the given reply; anything else is a 404. Returns the calls made. */
export function mockApi(replies: Record<string, Reply>): Call[] {
  const calls: Call[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined });
    const reply = replies[`${request.method} ${url.pathname}`];
    if (!reply) return json(404, { detail: 'Not found.' });
    return typeof reply === 'function' ? reply() : reply;
  });
  return calls;
}

/** A reply that waits until `release()` is called: for looking at the page while the call runs. */
export function pendingReply(response: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { reply: async () => (await gate, response()), release };
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the remote's routes at `path`, as the shell would, plus the toast and the current location. */
export function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [...routes, { path: '/dashboard', element: <h1>Dashboard</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup({ delay: null });
  const view = render(<RouterProvider router={router} />);
  return { user, router, ...view };
}

function RootLayout() {
  return (
    <>
      <Outlet />
      <Toast />
      <Where />
    </>
  );
}

export const currentLocation = () => screen.getByTestId('location').textContent;

export function resetStores() {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  act(() => {
    sessionStore.setState({ session: null });
    toastStore.setState({ showSnackbar: false, label: '', type: 'SUCCESS' });
  });
}
