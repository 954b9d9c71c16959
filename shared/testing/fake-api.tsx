// Component-test helpers every remote uses (issue 16 item 5; they were copied into mf-cart, mf-content and
// mf-dashboard): a fake API behind globalThis.fetch, routes or one page in a memory router with the toast, and the
// stores reset between tests. Test code only: outside shared/src, so never shared at run time.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { setCartCount } from '../src/cart-count';
import { currencyStore } from '../src/currency';
import { setRuntimeConfig } from '../src/runtime-config';
import { sessionStore } from '../src/session';
import { hideToast } from '../src/toast';
import { Toast } from '../src/ui';
import './form-data';

export const API = 'http://api.test';

export interface Call {
  method: string;
  /** The path without slashes at either end: 'cart/items/3'. */
  path: string;
  query: URLSearchParams;
  /** The query as written: '?ticket_id=2' ('' without one). */
  search: string;
  body: unknown;
  headers: Headers;
}
type Reply = { status?: number; body: unknown };
type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers `METHOD path` (path without slashes at either end) from `routes`; anything else is a 404. */
export function fakeApi(routes: Record<string, Answer>) {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  const calls: Call[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname.replace(/^\/|\/$/g, ''),
      query: url.searchParams,
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    const { status = 200, body } = answer
      ? typeof answer === 'function'
        ? await answer(call)
        : answer
      : { status: 404, body: { detail: 'Not found.' } };
    return json(body, status);
  });
  return { calls, spy, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

type PathAnswer = Reply | unknown[] | 'network-error';

/**
 * For pages that only read (mf-content's): each path ('/blog/blogposts', leading slash, no trailing one) answers its
 * entry, a bare array as a 200; 'network-error' fails the request; unknown paths answer 404. `calls` lists the paths.
 */
export function mockApi(answers: Record<string, PathAnswer>) {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  const calls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/\/+$/, '');
    calls.push(path);
    const answer = answers[path];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === undefined) return json({ detail: 'Not found.' }, 404);
    if (Array.isArray(answer)) return json(answer, 200);
    const { status = 200, body } = answer;
    return json(body, status);
  });
  return { spy, calls };
}

/** The API is down: every request fails at the network. */
export function apiDown() {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  return jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
}

function Elsewhere() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

/** Renders `routes` at `path`; any other path shows 'Now at {path}'. The toast is rendered too. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Toast />
          </>
        ),
        children: [...routes, { path: '*', element: <Elsewhere /> }],
      },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

/** Renders one page, `element`, at `path` (its route is the path without the query); any other path shows 'Now at {path}'. */
export function renderPage(path: string, element: ReactElement) {
  return renderRoutes([{ path: path.split('?')[0], element }], path);
}

/** A signed-in visitor (the API is fake, so any token does). */
export const logIn = (access = 'token-1') => sessionStore.setState({ session: { access } });

/** `/core/me`'s answer for a signed-in customer. */
export const me = { data: { id: 7, username: 'demo', email: 'demo@example.com', first_name: 'Ada', last_name: 'Obi', is_staff: false } };

/** The stores a page may have changed, back to a visitor's first visit. */
export function resetStores() {
  sessionStore.setState({ session: null });
  currencyStore.setState({ code: 'USD' });
  setCartCount(-1);
  hideToast();
}

afterEach(() => {
  jest.restoreAllMocks();
});
