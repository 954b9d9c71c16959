// Component-test helpers every remote can use (issue 16 item 5): a fake API behind globalThis.fetch, and a remote's
// routes in a memory router with the toast. Test code only: outside shared/src, so never shared at run time.
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { setRuntimeConfig } from '../src/runtime-config';
import { Toast } from '../src/ui';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Reply = { status?: number; body: unknown };
type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** Answers `METHOD path` (path without slashes at either end) from `routes`; anything else is a 404. */
export function fakeApi(routes: Record<string, Answer>) {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: {} });
  const calls: Call[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = { method: request.method, path: url.pathname.replace(/^\/|\/$/g, ''), query: url.searchParams, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    const { status = 200, body } = answer ? (typeof answer === 'function' ? await answer(call) : answer) : { status: 404, body: { detail: 'Not found.' } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, spy, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

function Elsewhere() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

/** Renders `routes` at `path`; any other path shows 'Now at {path}'. The toast is rendered too. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(
    [{ element: (<><Outlet /><Toast /></>), children: [...routes, { path: '*', element: <Elsewhere /> }] }],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
